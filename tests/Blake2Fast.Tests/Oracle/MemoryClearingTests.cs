using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Oracle;

/// <summary>
/// Key material must not outlive the hash: a finished state holds only zeros in its chain and buffer (on every
/// instruction set, for every way of finishing), a refused TryFinish/Finish leaves the state exactly as it was, and the
/// HMAC wrapper clears its key copy (and its state) on Dispose and its old key copy when the key changes.
/// </summary>
public class MemoryClearingTests
{
    public enum FinishKind { FinishArray, FinishSpan, TryFinish }

    public static IEnumerable<object[]> InstructionSetsAndFinishKinds() =>
        FixedDigestDriver.AllInstructionSets().SelectMany(c => Enum.GetValues<FinishKind>().Select(f => new object[] { c[0], c[1], f }));

    private static int[] Lengths(int bb) => new[] { 0, 1, bb - 1, bb, bb + 1, 3 * bb + 7 };

    private static ulong[] ChainWords(Hasher hasher)
    {
        var words = new ulong[12];
        for (int i = 0; i < 12; i++)
            words[i] = hasher.ChainWord(i);
        return words;
    }

    private static byte[] BufferBytes(Hasher hasher, int blockSize) =>
        hasher.BufferBytes(blockSize);

    private static int BufferLength(Hasher hasher) => hasher.BufferLength;

    private static bool IsFinished(Hasher hasher) => hasher.IsFinished;

    private static byte[] Pattern(int n, int multiplier, int add)
    {
        var bytes = new byte[n];
        for (int i = 0; i < n; i++)
            bytes[i] = (byte)(i * multiplier + add);
        return bytes;
    }

    [Theory]
    [MemberData(nameof(InstructionSetsAndFinishKinds))]
    public void KeyedState_AfterFinish_HoldsOnlyZeros(string algorithmName, string instructionSetName, FinishKind finish)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        int bb = algorithm.BlockSize;
        foreach (int keyLength in new[] { 1, algorithm.MaxKeyLength })
        {
            foreach (int length in Lengths(bb))
            {
                string name = $"{algorithm.Name}={instructionSet} {finish} key length {keyLength}, input length {length}";
                var reference = new ReferenceParameters
                {
                    DigestLength = algorithm.MaxDigestLength - 1,
                    Key = Pattern(keyLength, 13, 0x41),
                    Salt = Pattern(algorithm.SaltLength, 5, 1),
                    Personalization = Pattern(3, 3, 0x20),
                };
                byte[] message = Pattern(length, 7, 3);
                Hasher hasher = algorithm.CreateIncrementalHasher(instructionSet, OracleHelpers.ToLibrary(reference));
                hasher.Update(message);

                // Before finishing the state does hold something (so the zeros afterwards mean something).
                Assert.True(BufferBytes(hasher, bb).Any(b => b != 0), name + ": buffer empty before Finish");
                Assert.True(ChainWords(hasher).Take(8).Any(w => w != 0), name + ": chain empty before Finish");

                byte[] digest;
                switch (finish)
                {
                    case FinishKind.FinishArray:
                        digest = hasher.Finish();
                        break;
                    case FinishKind.FinishSpan:
                        digest = new byte[reference.DigestLength + 5];
                        hasher.Finish(digest);
                        digest = digest.AsSpan(0, reference.DigestLength).ToArray();
                        break;
                    default:
                        digest = new byte[reference.DigestLength];
                        Assert.True(hasher.TryFinish(digest, out int written), name);
                        Assert.Equal(reference.DigestLength, written);
                        break;
                }

                Assert.True(algorithm.ReferenceHash(reference, message).AsSpan().SequenceEqual(digest), name + ": digest differs from the reference");
                Assert.True(IsFinished(hasher), name + ": not marked finished");
                ulong[] chain = ChainWords(hasher);
                Assert.True(chain.All(w => w == 0), $"{name}: chain words after Finish: {string.Join(" ", chain.Select(w => w.ToString("x", System.Globalization.CultureInfo.InvariantCulture)))}");
                byte[] buffer = BufferBytes(hasher, bb);
                Assert.True(buffer.All(b => b == 0), $"{name}: buffer after Finish: {Hex.Encode(buffer)}");
                Assert.Equal(0, BufferLength(hasher));
            }
        }
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void RefusedFinish_OutputTooSmall_LeavesStateIntact(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        int bb = algorithm.BlockSize;
        foreach (int length in Lengths(bb))
        {
            string name = $"{algorithm.Name}={instructionSet} input length {length}";
            var reference = new ReferenceParameters { DigestLength = algorithm.MaxDigestLength, Key = Pattern(algorithm.MaxKeyLength, 11, 5) };
            byte[] message = Pattern(length, 7, 3);
            Hasher hasher = algorithm.CreateIncrementalHasher(instructionSet, OracleHelpers.ToLibrary(reference));
            hasher.Update(message);
            ulong[] chainBefore = ChainWords(hasher);
            byte[] bufferBefore = BufferBytes(hasher, bb);
            int bufferLengthBefore = BufferLength(hasher);

            const byte fill = 0xC3;
            var tooSmall = new byte[reference.DigestLength - 1];
            tooSmall.AsSpan().Fill(fill);
            Assert.False(hasher.TryFinish(tooSmall, out int written), name);
            Assert.Equal(0, written);
            Assert.True(tooSmall.All(b => b == fill), name + ": TryFinish wrote into a too-small output");

            var exception = Assert.Throws<ArgumentException>(() => hasher.Finish(tooSmall.AsSpan(0, 1)));
            Assert.Equal("output", exception.ParamName);
            Assert.True(tooSmall.All(b => b == fill), name + ": Finish wrote into a too-small output");

            Assert.False(IsFinished(hasher), name);
            Assert.Equal(chainBefore, ChainWords(hasher));
            Assert.Equal(bufferBefore, BufferBytes(hasher, bb));
            Assert.Equal(bufferLengthBefore, BufferLength(hasher));

            // And the state goes on: more input, then a real Finish, give the reference digest of everything.
            hasher.Update(message);
            byte[] both = message.Concat(message).ToArray();
            Assert.Equal(Hex.Encode(algorithm.ReferenceHash(reference, both)), Hex.Encode(hasher.Finish()));
        }
    }

    private static readonly FieldInfo KeyValueField =
        typeof(KeyedHashAlgorithm).GetField("KeyValue", BindingFlags.NonPublic | BindingFlags.Instance)
        ?? throw new InvalidOperationException("KeyedHashAlgorithm.KeyValue not found");

    private static byte[] KeyCopy(HMAC hmac) =>
        (byte[]?)KeyValueField.GetValue(hmac) ?? throw new InvalidOperationException("KeyValue is null");

    public static IEnumerable<object[]> AlgorithmsAndKeyLengths() => new[]
    {
        new object[] { "blake2b", 1 }, new object[] { "blake2b", 64 },
        new object[] { "blake2s", 1 }, new object[] { "blake2s", 32 },
    };

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeyLengths))]
    public void Hmac_Dispose_ClearsItsKeyCopy(string algorithmName, int keyLength)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        byte[] key = Pattern(keyLength, 29, 0x11);
        foreach (bool withDigestLength in new[] { false, true })
        {
            HMAC hmac = withDigestLength ? algorithm.CreateHMAC(algorithm.MaxDigestLength / 2, key) : algorithm.CreateHMAC(key);
            byte[] held = KeyCopy(hmac);
            Assert.Equal(key, held);
            Assert.NotSame(key, held);   // a copy, so the caller's array is not the one cleared

            // Mid-hash, then disposed.
            hmac.TransformBlock(key, 0, key.Length, null, 0);
            hmac.Dispose();

            Assert.True(held.All(b => b == 0), $"{algorithm.Name}: the key copy after Dispose is {Hex.Encode(held)}");
            Assert.Equal(Pattern(keyLength, 29, 0x11), key);   // the caller's key is untouched
        }
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeyLengths))]
    public void Hmac_Dispose_ClearsItsHashState(string algorithmName, int keyLength)
    {
        // KeyedHashAlgorithm.Dispose itself clears KeyValue, so the check above cannot tell whether the wrapper
        // does; the keyed hash state (key block in the buffer, chain) is the wrapper's own to clear.
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        HMAC hmac = algorithm.CreateHMAC(Pattern(keyLength, 29, 0x11));
        hmac.TransformBlock(new byte[3], 0, 3, null, 0);

        FieldInfo[] stateFields = hmac.GetType()
            .GetFields(BindingFlags.NonPublic | BindingFlags.Public | BindingFlags.Instance)
            .Where(f => f.FieldType == typeof(Blake2bHashState) || f.FieldType == typeof(Blake2sHashState))
            .ToArray();
        Assert.NotEmpty(stateFields);
        Assert.Contains(stateFields, f => !StateBytes(f.GetValue(hmac)!).All(b => b == 0));

        hmac.Dispose();

        foreach (FieldInfo field in stateFields)
        {
            byte[] bytes = StateBytes(field.GetValue(hmac)!);
            Assert.True(bytes.All(b => b == 0), $"{algorithm.Name}: field {field.Name} after Dispose: {Hex.Encode(bytes)}");
        }
    }

    /// <summary>The chain and buffer of a boxed state.</summary>
    private static byte[] StateBytes(object boxed)
    {
        if (boxed is Blake2bHashState b)
        {
            byte[] chain = MemoryMarshal.AsBytes(MemoryMarshal.CreateReadOnlySpan(ref b.Inner.Chain, 12)).ToArray();
            return chain.Concat(MemoryMarshal.CreateReadOnlySpan(ref b.Inner.Buffer, 128).ToArray()).ToArray();
        }
        var s = (Blake2sHashState)boxed;
        byte[] chainS = MemoryMarshal.AsBytes(MemoryMarshal.CreateReadOnlySpan(ref s.Inner.Chain, 12)).ToArray();
        return chainS.Concat(MemoryMarshal.CreateReadOnlySpan(ref s.Inner.Buffer, 64).ToArray()).ToArray();
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeyLengths))]
    public void Hmac_SettingKey_ClearsTheOldKeyCopy(string algorithmName, int keyLength)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        using HMAC hmac = algorithm.CreateHMAC(Pattern(keyLength, 29, 0x11));
        byte[] old = KeyCopy(hmac);
        byte[] newKey = Pattern(keyLength, 3, 0x99);
        hmac.Key = newKey;
        Assert.True(old.All(b => b == 0), $"{algorithm.Name}: the replaced key copy is {Hex.Encode(old)}");

        // The getter hands out a copy, never the array the object holds (which it will clear).
        byte[] got = hmac.Key;
        Assert.Equal(newKey, got);
        Assert.NotSame(KeyCopy(hmac), got);

        // And the new key is the one in use.
        var reference = new ReferenceParameters { DigestLength = algorithm.MaxDigestLength, Key = newKey };
        byte[] message = Pattern(100, 7, 3);
        Assert.Equal(Hex.Encode(algorithm.ReferenceHash(reference, message)), Hex.Encode(hmac.ComputeHash(message)));
    }
}
