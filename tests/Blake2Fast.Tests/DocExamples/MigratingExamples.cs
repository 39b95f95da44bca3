using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// The examples of docs/migrating.md, each verbatim (its using lines aside) in a test that runs it and checks its
/// result against another path to the same hash. Each block declares what it uses, so it is also a whole program.
/// </summary>
public class MigratingExamples
{
    [Fact]
    public void Version2CodeCompilesUnchanged()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key = new byte[32];

        byte[] digest = Blake2b.ComputeHash(data);                 // 64 bytes, as in 2.x
        byte[] mac = Blake2b.ComputeHash(key, data);               // keyed, as in 2.x
        byte[] checksum = new byte[5];
        Blake2b.ComputeAndWriteHash(5, data, checksum);            // into an array, as in 2.x
        var hasher = Blake2b.CreateIncrementalHasher(32);
        hasher.Update(data);
        hasher.Update(42);                                         // an int's bytes in memory, as in 2.x
        byte[] incremental = hasher.Finish();

        Assert.Equal(64, digest.Length);
        Assert.Equal(Blake2b.HashData(data), digest);
        Assert.Equal(Blake2b.Keyed.HashData(key, data), mac);
        Assert.Equal(Blake2b.HashData(5, data), checksum);
        Assert.Equal(Blake2b.HashData(32, data.Concat(BitConverter.GetBytes(42)).ToArray()), incremental);
    }

    [Fact]
    public void SettingTheHmacKeyReKeys()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] oldKey = new byte[32];
        byte[] newKey = Enumerable.Repeat((byte)7, 32).ToArray();

        using HMAC hmac = Blake2b.CreateHMAC(oldKey);
        hmac.Key = newKey;                                         // 2.x threw InvalidOperationException
        byte[] tag = hmac.ComputeHash(data);                       // Blake2b.Keyed.HashData(newKey, data)

        Assert.Equal(Blake2b.Keyed.HashData(newKey, data), tag);
        Assert.NotEqual(Blake2b.Keyed.HashData(oldKey, data), tag);
        Assert.Equal(newKey, hmac.Key);
    }

    [Fact]
    public void OneInterfaceForEveryState()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] more = "world"u8.ToArray();

        byte[] viaBlake2 = HashParts(Blake2b.CreateIncrementalHasher(), data, more);
        byte[] viaBlake3 = HashParts(Blake3.CreateIncrementalHasher(), data, more);

        static byte[] HashParts(IBlakeIncremental hasher, params byte[][] parts)
        {
            foreach (byte[] part in parts)
                hasher.Update(part);
            return hasher.Finish();
        }

        Assert.Equal(Blake2b.HashData("helloworld"u8), viaBlake2);
        Assert.Equal(Blake3.HashData("helloworld"u8), viaBlake3);
    }

    [Fact]
    public void Version1CodeWithTheNewNamespace()
    {
        byte[] data = "hello"u8.ToArray();

        byte[] digest = Blake2b.ComputeHash(data);                 // the same call and bytes as 1.x
        IBlake2Incremental hasher = Blake2b.CreateIncrementalHasher(); // 1.x's type: one state, shared
        Add(hasher, data);
        byte[] incremental = hasher.Finish();                      // holds what Add hashed, as in 1.x

        static void Add(IBlake2Incremental target, byte[] part) => target.Update(part);

        Assert.Equal(Blake2b.HashData(data), digest);
        Assert.Equal(digest, incremental);
        // With var the hasher is the struct: Add would update a boxed copy, and this one would hash nothing.
        var copied = Blake2b.CreateIncrementalHasher();
        Add(copied, data);
        Assert.Equal(Blake2b.HashData(ReadOnlySpan<byte>.Empty), copied.Finish());
    }

    [Fact]
    public void TheKeyedCallRule()
    {
        byte[] key = new byte[32];
        byte[] data = "hello"u8.ToArray();

        byte[] tag = Blake2b.Keyed.HashData(key, data);            // keyed: the key first, in Keyed
        byte[] digest = new byte[Blake2b.DefaultDigestLength];
        int written = Blake2b.HashData(data, digest.AsSpan());     // unkeyed, into an array: say so with AsSpan()
        // Blake2b.HashData(key, data);                            // error CS0619: keyed in the original 3.0 development

        Assert.Equal(Blake2b.ComputeHash(key, data), tag);
        Assert.Equal(64, written);
        Assert.Equal(Blake2b.ComputeHash(data), digest);
        // The commented line is a compile error: Compat/KeyedTrapCompileTests compiles it and checks the message.
    }

    [Fact]
    public void TheShapesWithOneMeaningTakeArrays()
    {
        byte[] publicKey = new byte[32];
        byte[] checksum = new byte[5];
        Blake2b.ComputeAndWriteHash(5, publicKey, checksum);       // 2.x code: a 5-byte digest into the array

        byte[] data = "hello"u8.ToArray();
        byte[] destination = new byte[32];
        bool done = Blake3.TryHashData(data, destination, out int written); // as SHA256.TryHashData
        byte[] parallel = new byte[64];
        int length = Blake2bp.HashData(data, parallel);            // BLAKE2bp: one meaning, the BCL's

        Assert.Equal(Blake2b.HashData(5, publicKey), checksum);
        Assert.True(done);
        Assert.Equal(32, written);
        Assert.Equal(Blake3.HashData(data), destination);
        Assert.Equal(64, length);
        Assert.Equal(Blake2bp.HashData(data), parallel);
    }

    [Fact]
    public void FromTheBlake3Package()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key32 = new byte[32];
        byte[] material = new byte[64];
        byte[] large = new byte[3 << 20];
        byte[] output = new byte[100];

        byte[] hash = Blake3.HashData(data);                                  // Hasher.Hash(data)
        byte[] tag = Blake3.Keyed.HashData(key32, data);                      // Hasher.NewKeyed(key)
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
        byte[] data = "hello"u8.ToArray();

        using HashAlgorithm algorithm = Blake3.CreateHashAlgorithm();         // new Blake3HashAlgorithm()
        using (var sink = new CryptoStream(Stream.Null, algorithm, CryptoStreamMode.Write))  // new Blake3Stream(inner)
            sink.Write(data);
        byte[] written = algorithm.Hash!;
        byte[] read = Blake3.HashData(new MemoryStream(data));                // hashing a stream as it is read

        Assert.Equal(Blake3.HashData(data), written);
        Assert.Equal(Blake3.HashData(data), read);
    }
}
