// Written from the usage the original Blake2Fast 2.x documents (its README): the same calls, in the same shapes, with
// the 2.x era's settings (no nullable annotations), compiled against this library and run. Nothing here is adapted
// to this library's own names; if a 2.x call stopped compiling or changed its result, this file would show it.
#nullable disable
using System;
using System.Buffers;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Threading.Tasks;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Compat;

public class Version2DocumentedUsageTests
{
    private static readonly byte[] data = Encoding.UTF8.GetBytes("Blake2Fast 2.x usage, run against this library");
    private static readonly byte[] key = Hex.Sequence(32);

    private static byte[] Reference(int length, byte[] withKey, byte[] input) =>
        withKey.Length == 0 ? Blake2b.HashData(length, input) : Blake2b.Keyed.HashData(length, withKey, input);

    [Fact]
    public void OneShotHashing()
    {
        var hash = Blake2b.ComputeHash(data);
        var sized = Blake2b.ComputeHash(42, data);
        var keyed = Blake2b.ComputeHash(key, data);

        Assert.Equal(Reference(64, Array.Empty<byte>(), data), hash);
        Assert.Equal(Reference(42, Array.Empty<byte>(), data), sized);
        Assert.Equal(Reference(64, key, data), keyed);
    }

    private static async Task<byte[]> HashAStreamIncrementally(Stream data)
    {
        var hasher = Blake2b.CreateIncrementalHasher();
        var buffer = ArrayPool<byte>.Shared.Rent(4096);

        int bytesRead;
        while ((bytesRead = await data.ReadAsync(buffer, 0, buffer.Length)) > 0)
            hasher.Update(buffer.AsSpan(0, bytesRead));

        ArrayPool<byte>.Shared.Return(buffer);
        return hasher.Finish();
    }

    [Fact]
    public async Task IncrementalHashing()
    {
        byte[] content = Hex.Sequence(10_000);
        Assert.Equal(Reference(64, Array.Empty<byte>(), content), await HashAStreamIncrementally(new MemoryStream(content)));
    }

    [Fact]
    public void GenericUpdateOfValuesAndSpans()
    {
        var hasher = Blake2b.CreateIncrementalHasher();
        hasher.Update(42);
        hasher.Update(Math.PI);
        hasher.Update("deadlines whoosh by".AsSpan());
        var composite = hasher.Finish();

        // The values' bytes as they lie in memory, in order.
        byte[] bytes = BitConverter.GetBytes(42).Concat(BitConverter.GetBytes(Math.PI)).Concat(System.Runtime.InteropServices.MemoryMarshal.AsBytes("deadlines whoosh by".AsSpan()).ToArray()).ToArray();
        Assert.Equal(Reference(64, Array.Empty<byte>(), bytes), composite);
    }

    [Fact]
    public void AllocationFreeHashing()
    {
        Span<byte> buffer = stackalloc byte[Blake2b.DefaultDigestLength];
        Blake2b.ComputeAndWriteHash(data, buffer);
        Assert.Equal(Reference(64, Array.Empty<byte>(), data), buffer.ToArray());
    }

    private static byte[] IteratedKeyedHash(string password, ReadOnlySpan<byte> salt, int rounds)
    {
        var pwkey = Blake2b.ComputeHash(Encoding.UTF8.GetBytes(password));
        var hbuff = Blake2b.ComputeHash(pwkey, salt);

        // The same array as input and output: the keyed three-argument form.
        for (int i = 0; i < rounds; i++)
            Blake2b.ComputeAndWriteHash(pwkey, hbuff, hbuff);

        return hbuff;
    }

    [Fact]
    public void IteratedHashingReusesOneBuffer()
    {
        byte[] salt = Hex.Sequence(16);
        byte[] pwkey = Reference(64, Array.Empty<byte>(), Encoding.UTF8.GetBytes("hunter2"));
        byte[] expected = Reference(64, pwkey, salt);
        for (int i = 0; i < 1000; i++)
            expected = Reference(64, pwkey, expected);

        Assert.Equal(expected, IteratedKeyedHash("hunter2", salt, 1000));
    }

    private static byte[] WriteDataAndCalculateHash(byte[] data, string outFile)
    {
        using (var hashAlg = Blake2b.CreateHashAlgorithm())
        using (var fileStream = new FileStream(outFile, FileMode.Create))
        using (var cryptoStream = new CryptoStream(fileStream, hashAlg, CryptoStreamMode.Write))
        {
            cryptoStream.Write(data, 0, data.Length);
            cryptoStream.FlushFinalBlock();
            return hashAlg.Hash;
        }
    }

    [Fact]
    public void HashAlgorithmInterop()
    {
        string path = Path.GetTempFileName();
        try
        {
            Assert.Equal(Reference(64, Array.Empty<byte>(), data), WriteDataAndCalculateHash(data, path));
            Assert.Equal(data, File.ReadAllBytes(path));
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static byte[] HashThroughTheInterface(IBlake2Incremental hasher, byte[] input)
    {
        hasher.Update(input);
        return hasher.Finish();
    }

    [Fact]
    public void AHasherPassedAsIBlake2Incremental()
    {
        Assert.Equal(Reference(64, key, data), HashThroughTheInterface(Blake2b.CreateIncrementalHasher(key), data));
        Assert.Equal(Blake2s.Keyed.HashData(key, data), HashThroughTheInterface(Blake2s.CreateIncrementalHasher(key), data));
    }
}
