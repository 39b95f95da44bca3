#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;
#endif

namespace Blake2Fast.Cores;

/// <summary>
/// Where the fastest core depends on the microarchitecture rather than the instruction set, the rule lives here,
/// keyed on CPUID (the hypervisor's brand string "AMD EPYC" does not tell one generation from the next).
/// </summary>
/// <remarks>
/// Each rule names the measurement behind it. A CPU without a rule gets the table's order (widest vectors first).
/// </remarks>
internal static class CpuRules
{
    /// <summary>
    /// AMD family 1Ah (Zen 5): six integer ALUs, and vector rotates and shuffles of 2+ cycles, so the unrolled
    /// 64-bit scalar kernel beats every row-layout vector kernel for one BLAKE2b or BLAKE2s message (measured on
    /// an EPYC of family 26: scalar 1,246 MB/s against AVX-512 764 MB/s for BLAKE2b, 739 against 467 for
    /// BLAKE2s; issue 10). Lanes (parallel modes, many messages) still win there.
    /// </summary>
    public static readonly bool PreferScalarForOneMessage = Cpu.Current.IsAmd && Cpu.Current.Family == 0x1A;
}

/// <summary>The CPU's vendor, family, model and stepping from CPUID (x86 only; elsewhere empty).</summary>
internal readonly struct Cpu
{
    public static readonly Cpu Current = Read();

    private Cpu(string vendor, int family, int model, int stepping)
    {
        Vendor = vendor;
        Family = family;
        Model = model;
        Stepping = stepping;
    }

    /// <summary>"AuthenticAMD", "GenuineIntel", ..., or empty where CPUID is not available.</summary>
    public string Vendor { get; }
    public int Family { get; }
    public int Model { get; }
    public int Stepping { get; }
    public bool IsAmd => Vendor == "AuthenticAMD";

    public override string ToString() =>
        Vendor.Length == 0 ? "CPUID not available" : $"{Vendor} family {Family} (0x{Family:X}) model {Model} (0x{Model:X}) stepping {Stepping}";

    private static Cpu Read()
    {
#if NET8_0_OR_GREATER
        if (X86Base.IsSupported)
        {
            (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
            var vendor = new char[12];
            for (int i = 0; i < 4; i++)
            {
                vendor[i] = (char)((ebx >> (8 * i)) & 0xFF);
                vendor[4 + i] = (char)((edx >> (8 * i)) & 0xFF);
                vendor[8 + i] = (char)((ecx >> (8 * i)) & 0xFF);
            }
            int signature = X86Base.CpuId(1, 0).Eax;
            int baseFamily = (signature >> 8) & 0xF, baseModel = (signature >> 4) & 0xF;
            // The extended fields count only where the base family says so (Intel SDM and AMD APM, CPUID 1 EAX).
            int family = baseFamily == 0xF ? baseFamily + ((signature >> 20) & 0xFF) : baseFamily;
            int model = baseFamily is 0x6 or 0xF ? baseModel + (((signature >> 16) & 0xF) << 4) : baseModel;
            return new Cpu(new string(vendor), family, model, signature & 0xF);
        }
#endif
        return new Cpu(string.Empty, 0, 0, 0);
    }
}
