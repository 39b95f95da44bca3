using System;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// Whether NSec.Cryptography can run here: it is compiled in (PEER_NSEC) and its native libsodium loads (NSec's
/// static initialization throws otherwise). Checked once, in the host, so a failure drops the NSec rows with a reason.
/// </summary>
internal static class NSecPeer
{
    public static readonly string? LoadError = Probe();

    private static string? Probe()
    {
#if PEER_NSEC
        try
        {
            Span<byte> digest = stackalloc byte[64];
            NSec.Cryptography.HashAlgorithm.Blake2b_512.Hash([1, 2, 3], digest);
            return null;
        }
        catch (Exception e) when (e is TypeInitializationException or DllNotFoundException or EntryPointNotFoundException or InvalidOperationException)
        {
            return "NSec.Cryptography did not initialize: " + e.GetBaseException().Message;
        }
#else
        return "NSec.Cryptography is compiled out (PeerNSec=false)";
#endif
    }
}
