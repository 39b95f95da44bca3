using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// The examples of docs/migrating.md, each verbatim in a test that runs it and checks its result against another path
/// to the same hash.
/// </summary>
public class MigratingExamples
{
    private static readonly byte[] data = Encoding.UTF8.GetBytes("migrating without surprises");
    private static readonly byte[] key = Hex.Sequence(40);
    private static readonly byte[] key32 = Hex.Sequence(32);
    private static readonly byte[] material = Hex.Sequence(64);
    private static readonly byte[] large = Hex.Sequence(3 << 20);
    private readonly byte[] output = new byte[100];

    [Fact]
    public void Version2CodeCompilesUnchanged()
    {
        byte[] digest = Blake2b.ComputeHash(data);                 // 64 bytes, as in 2.x
        byte[] mac = Blake2b.ComputeHash(key, data);               // keyed, as in 2.x
        var hasher = Blake2b.CreateIncrementalHasher(32);
        hasher.Update(data);
        hasher.Update(42);                                         // an int's bytes in memory, as in 2.x
        byte[] incremental = hasher.Finish();

        Assert.Equal(Blake2b.HashData(data), digest);
        Assert.Equal(Blake2b.Keyed.HashData(key, data), mac);
        Assert.Equal(Blake2b.HashData(32, data.Concat(BitConverter.GetBytes(42)).ToArray()), incremental);
    }

    [Fact]
    public void OneInterfaceForEveryState()
    {
        static byte[] HashParts(IBlakeIncremental hasher, params byte[][] parts)
        {
            foreach (byte[] part in parts)
                hasher.Update(part);
            return hasher.Finish();
        }

        byte[] viaBlake2 = HashParts(Blake2b.CreateIncrementalHasher(), data, key);
        byte[] viaBlake3 = HashParts(Blake3.CreateIncrementalHasher(), data, key);

        Assert.Equal(Blake2b.HashData(data.Concat(key).ToArray()), viaBlake2);
        Assert.Equal(Blake3.HashData(data.Concat(key).ToArray()), viaBlake3);
    }

    [Fact]
    public void TheKeyedCallRule()
    {
        byte[] tag = Blake2b.Keyed.HashData(key, data);            // keyed: the key first, in Keyed
        byte[] digest = new byte[Blake2b.DefaultDigestLength];
        int written = Blake2b.HashData(data, digest.AsSpan());     // unkeyed, into an array: say so with AsSpan()
        // Blake2b.HashData(key, data);                            // error CS0619, naming both calls above

        Assert.Equal(Blake2b.ComputeHash(key, data), tag);
        Assert.Equal(64, written);
        Assert.Equal(Blake2b.ComputeHash(data), digest);
        // The commented line is a compile error: Compat/KeyedTrapCompileTests compiles it and checks the message.
    }

    [Fact]
    public void FromTheBlake3Package()
    {
        byte[] hash = Blake3.HashData(data);                                  // Hasher.Hash(data)
        byte[] tag = Blake3.Keyed.HashData(key32, data);                       // Hasher.NewKeyed(key)
        byte[] derived = Blake3.DeriveKey("example.com 2026 session keys v1", material); // Hasher.NewDeriveKey(context)

        var hasher = Blake3.CreateIncrementalHasher();                        // Hasher.New()
        hasher.UpdateParallel(large);                                         // UpdateWithJoin(large)
        Blake3OutputReader reader = hasher.FinishXof();                       // Finalize(offset, span):
        reader.Position = 1000;                                               //   from the offset,
        reader.Read(output);                                                  //   as many bytes as the span holds

        Assert.Equal(32, hash.Length);
        Assert.Equal(Blake3.ComputeHash(key32, data), tag);
        var deriver = Blake3.CreateDeriveKeyHasher("example.com 2026 session keys v1");
        deriver.Update(material);
        Assert.Equal(deriver.Finish(), derived);
        Assert.Equal(Blake3.HashData(1100, large).AsSpan(1000).ToArray(), output);
    }

    [Fact]
    public void Blake3StreamsAndHashAlgorithm()
    {
        using HashAlgorithm algorithm = Blake3.CreateHashAlgorithm();         // new Blake3HashAlgorithm()
        using (var sink = new CryptoStream(Stream.Null, algorithm, CryptoStreamMode.Write))  // new Blake3Stream(inner)
            sink.Write(data);
        byte[] written = algorithm.Hash!;
        byte[] read = Blake3.HashData(new MemoryStream(data));                // hashing a stream as it is read

        Assert.Equal(Blake3.HashData(data), written);
        Assert.Equal(Blake3.HashData(data), read);
    }
}
