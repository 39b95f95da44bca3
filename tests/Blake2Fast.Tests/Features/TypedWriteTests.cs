using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Blake2Fast.Interop;

namespace Blake2Fast.Tests.Features;

/// <summary>
/// The typed writes every state has: each must hash exactly the bytes its name promises (UTF-8 as
/// <c>Encoding.UTF8</c> encodes, integers in the named byte order), on every state the library has.
/// </summary>
public class TypedWriteTests
{
    /// <summary>A state under test: how to make one and how to read its result from a copy.</summary>
    private sealed class Subject<TState> where TState : struct, ITypedUpdatable
    {
        public Subject(Func<TState> create, Func<TState, byte[]> finish)
        {
            Create = create;
            Finish = finish;
        }

        public Func<TState> Create { get; }
        public Func<TState, byte[]> Finish { get; }
    }

    private static readonly Subject<Blake2bHashState> B = new(() => Blake2b.CreateIncrementalHasher(), s => s.Finish());
    private static readonly Subject<Blake2sHashState> S = new(() => Blake2s.CreateIncrementalHasher(), s => s.Finish());
    private static readonly Subject<Blake2bpHashState> Bp = new(() => Blake2bp.CreateIncrementalHasher(), s => s.Finish());
    private static readonly Subject<Blake2spHashState> Sp = new(() => Blake2sp.CreateIncrementalHasher(), s => s.Finish());
    private static readonly Subject<Blake2XbHashState> Xb = new(() => Blake2Xb.CreateIncrementalHasher(100), s => { var o = new byte[100]; s.Read(o); return o; });
    private static readonly Subject<Blake2XsHashState> Xs = new(() => Blake2Xs.CreateIncrementalHasher(100), s => { var o = new byte[100]; s.Read(o); return o; });
    private static readonly Subject<Blake3HashState> B3 = new(() => Blake3.CreateIncrementalHasher(), s => s.Finish());
    private static readonly Subject<Blake256HashState> B256 = new(() => Blake256.CreateIncrementalHasher(), s => s.Finish());
    private static readonly Subject<Blake224HashState> B224 = new(() => Blake224.CreateIncrementalHasher(), s => s.Finish());

    public static TheoryData<string> States => new() { "blake2b", "blake2s", "blake2bp", "blake2sp", "blake2xb", "blake2xs", "blake3", "blake256", "blake224" };

    /// <summary>A test written once over any state type (a generic method needs a visitor to be chosen by name).</summary>
    private interface IStateTest
    {
        void Run<TState>(Subject<TState> subject) where TState : struct, ITypedUpdatable;
    }

    private static void Run(string state, IStateTest test)
    {
        switch (state)
        {
            case "blake2b": test.Run(B); break;
            case "blake2s": test.Run(S); break;
            case "blake2bp": test.Run(Bp); break;
            case "blake2sp": test.Run(Sp); break;
            case "blake2xb": test.Run(Xb); break;
            case "blake2xs": test.Run(Xs); break;
            case "blake3": test.Run(B3); break;
            case "blake256": test.Run(B256); break;
            case "blake224": test.Run(B224); break;
            default: throw new ArgumentOutOfRangeException(nameof(state));
        }
    }

    /// <summary>Text that crosses the 512-byte chunk of the encoder with surrogate pairs at every offset near it.</summary>
    public static IEnumerable<string> Texts()
    {
        yield return "";
        yield return "abc";
        yield return "héllo wörld €";
        yield return "\uD83D\uDE00"; // one emoji: a surrogate pair, 4 bytes
        yield return "\uD800"; // lone high surrogate
        yield return "a\uDC00b"; // lone low surrogate
        yield return "\uDC00\uD800"; // reversed pair: two replacements
        for (int prefix = 505; prefix <= 513; prefix++)
        {
            yield return new string('x', prefix) + "\uD83D\uDE00" + new string('y', 3);
            yield return new string('x', prefix) + "\u20AC\u20AC";
            yield return new string('x', prefix) + "\uD83D"; // lone high surrogate at the very end of a chunk
        }
        var random = new Random(1234);
        var sb = new StringBuilder();
        for (int i = 0; i < 5000; i++)
            sb.Append((char)random.Next(0, 0x10000)); // includes unpaired surrogates
        yield return sb.ToString();
    }

    [Theory]
    [MemberData(nameof(States))]
    public void Utf8HashesWhatEncodingUtf8Writes(string state) => Run(state, new Utf8Test());

    private sealed class Utf8Test : IStateTest
    {
        public void Run<TState>(Subject<TState> subject) where TState : struct, ITypedUpdatable
        {
            foreach (string text in Texts())
            {
                TState typed = subject.Create(), plain = subject.Create();
                typed.Update("<"u8);
                typed.UpdateUtf8(text.AsSpan());
                typed.Update(">"u8);
                plain.Update("<"u8);
                plain.Update(Encoding.UTF8.GetBytes(text));
                plain.Update(">"u8);
                Assert.True(subject.Finish(plain).SequenceEqual(subject.Finish(typed)), $"text of {text.Length} chars");
            }
        }
    }

    [Theory]
    [MemberData(nameof(States))]
    public void IntegersAreHashedInTheNamedByteOrder(string state) => Run(state, new IntegerTest());

    private sealed class IntegerTest : IStateTest
    {
        public void Run<TState>(Subject<TState> subject) where TState : struct, ITypedUpdatable
        {
            var random = new Random(99);
            for (int round = 0; round < 20; round++)
            {
                long v = random.NextInt64(long.MinValue, long.MaxValue);
                TState typed = subject.Create();
                var expected = new List<byte>();
                void Add(int length, Action<byte[]> write)
                {
                    var bytes = new byte[length];
                    write(bytes);
                    expected.AddRange(bytes);
                }

                typed.UpdateInt16BigEndian((short)v); Add(2, b => BinaryPrimitives.WriteInt16BigEndian(b, (short)v));
                typed.UpdateUInt16BigEndian((ushort)v); Add(2, b => BinaryPrimitives.WriteUInt16BigEndian(b, (ushort)v));
                typed.UpdateInt32BigEndian((int)v); Add(4, b => BinaryPrimitives.WriteInt32BigEndian(b, (int)v));
                typed.UpdateUInt32BigEndian((uint)v); Add(4, b => BinaryPrimitives.WriteUInt32BigEndian(b, (uint)v));
                typed.UpdateInt64BigEndian(v); Add(8, b => BinaryPrimitives.WriteInt64BigEndian(b, v));
                typed.UpdateUInt64BigEndian((ulong)v); Add(8, b => BinaryPrimitives.WriteUInt64BigEndian(b, (ulong)v));
                typed.UpdateInt16LittleEndian((short)v); Add(2, b => BinaryPrimitives.WriteInt16LittleEndian(b, (short)v));
                typed.UpdateUInt16LittleEndian((ushort)v); Add(2, b => BinaryPrimitives.WriteUInt16LittleEndian(b, (ushort)v));
                typed.UpdateInt32LittleEndian((int)v); Add(4, b => BinaryPrimitives.WriteInt32LittleEndian(b, (int)v));
                typed.UpdateUInt32LittleEndian((uint)v); Add(4, b => BinaryPrimitives.WriteUInt32LittleEndian(b, (uint)v));
                typed.UpdateInt64LittleEndian(v); Add(8, b => BinaryPrimitives.WriteInt64LittleEndian(b, v));
                typed.UpdateUInt64LittleEndian((ulong)v); Add(8, b => BinaryPrimitives.WriteUInt64LittleEndian(b, (ulong)v));

                TState plain = subject.Create();
                plain.Update(expected.ToArray());
                Assert.Equal(subject.Finish(plain), subject.Finish(typed));
            }
        }
    }

    [Fact]
    public void BigEndianAndLittleEndianDiffer()
    {
        // Guards the test above: a swapped byte order must change the hash.
        var big = Blake2b.CreateIncrementalHasher();
        big.UpdateUInt32BigEndian(0x01020304);
        var little = Blake2b.CreateIncrementalHasher();
        little.UpdateUInt32LittleEndian(0x01020304);
        Assert.NotEqual(big.Finish(), little.Finish());
    }

    [Theory]
    [MemberData(nameof(States))]
    public void ADefaultStateRefusesTypedWrites(string state) => Run(state, new RefusalTest());

    private sealed class RefusalTest : IStateTest
    {
        public void Run<TState>(Subject<TState> subject) where TState : struct, ITypedUpdatable
        {
            _ = subject;
            TState unusable = default;
            Assert.Throws<InvalidOperationException>(() => unusable.UpdateUtf8("x".AsSpan()));
            Assert.Throws<InvalidOperationException>(() => unusable.UpdateUInt64BigEndian(1));
            Assert.Throws<InvalidOperationException>(() => unusable.UpdateInt16LittleEndian(1));
        }
    }
}
