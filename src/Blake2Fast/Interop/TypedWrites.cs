using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NETSTANDARD2_0
using System.Reflection;
#endif
#if NET8_0_OR_GREATER
using System.Buffers;
#endif

namespace Blake2Fast.Interop;

/// <summary>
/// The typed writes every state has that are more than one call (the integer ones are one <c>BinaryPrimitives</c> call
/// each, generated beside them): UTF-8 through a small stack buffer, so text of any length is hashed without
/// allocating; and the in-memory bytes of a value type the compiler could not prove free of references, checked here
/// at run time as Blake2Fast 2.x checked every <c>Update&lt;T&gt;</c>.
/// </summary>
internal static class TypedWrites
{
    // Large enough that the per-chunk call is noise; small enough for any stack. A multiple of 4 is not needed:
    // both encoders below stop before a code point that would not fit.
    private const int ChunkBytes = 512;

    /// <summary>
    /// Hashes <paramref name="text"/> as UTF-8. Unpaired surrogates become U+FFFD, as <c>Encoding.UTF8</c> writes
    /// them, so the bytes hashed are exactly <c>Encoding.UTF8.GetBytes(text)</c> on every target.
    /// </summary>
    [SkipLocalsInit]
    public static void Utf8<TState>(ref TState state, ReadOnlySpan<char> text) where TState : struct, IUpdatable
    {
        Span<byte> chunk = stackalloc byte[ChunkBytes];
        while (!text.IsEmpty)
        {
            int read, written;
#if NET8_0_OR_GREATER
            // The vectorized transcoder. It never splits a surrogate pair across two chunks: with the destination
            // full it stops before the pair and reports DestinationTooSmall, and the loop goes on from there.
            OperationStatus status = System.Text.Unicode.Utf8.FromUtf16(text, chunk, out read, out written, replaceInvalidSequences: true, isFinalBlock: true);
            System.Diagnostics.Debug.Assert(status is OperationStatus.Done or OperationStatus.DestinationTooSmall);
#else
            Encode(text, chunk, out read, out written);
#endif
            state.Update(chunk.Slice(0, written));
            text = text.Slice(read);
        }
    }

    /// <summary>
    /// Hashes the in-memory bytes of <paramref name="values"/>: the <see cref="IBlakeIncremental"/> members and the
    /// 2.x-compatible overloads, whose <typeparamref name="T"/> is only known to be a <see langword="struct"/>.
    /// </summary>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> holds references, checked before the state is touched.</exception>
    public static void Values<TState, T>(ref TState state, ReadOnlySpan<T> values) where TState : struct, IUpdatable where T : struct
    {
        RequireNoReferences<T>();
        state.Update(MemoryMarshal.AsBytes(values));
    }

    /// <summary>Hashes the in-memory bytes of <paramref name="value"/>, padding included, as <see cref="Values{TState, T}"/> does.</summary>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> holds references, checked before the state is touched.</exception>
    public static unsafe void Value<TState, T>(ref TState state, T value) where TState : struct, IUpdatable where T : struct
    {
        RequireNoReferences<T>();
        // A parameter lives on the stack, where the GC never moves it.
        state.Update(new ReadOnlySpan<byte>(Unsafe.AsPointer(ref value), Unsafe.SizeOf<T>()));
    }

    private static void RequireNoReferences<T>()
    {
        if (HoldsReferences<T>.Value)
            throw new NotSupportedException($"{typeof(T)} is or contains a reference, whose bytes are an address rather than the data: "
                + "only value types without reference fields can be hashed by their bytes. Hash its fields one by one, or its serialized bytes.");
    }

    private static class HoldsReferences<T>
    {
#if NETSTANDARD2_0
        public static readonly bool Value = Holds(typeof(T));

        // The netstandard2.0 API lacks RuntimeHelpers.IsReferenceOrContainsReferences: the same answer from the fields.
        private static bool Holds(Type type)
        {
            if (!type.IsValueType)
                return true;
            if (type.IsPrimitive || type.IsEnum || type.IsPointer)
                return false;
            foreach (FieldInfo field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (!field.FieldType.IsPointer && Holds(field.FieldType))
                    return true;
            }
            return false;
        }
#else
        public static readonly bool Value = RuntimeHelpers.IsReferenceOrContainsReferences<T>();
#endif
    }

#if !NET8_0_OR_GREATER
    /// <summary>A plain UTF-16 to UTF-8 loop for the netstandard builds, which lack <c>Utf8.FromUtf16</c>.</summary>
    private static void Encode(ReadOnlySpan<char> text, Span<byte> destination, out int read, out int written)
    {
        int i = 0, o = 0;
        while (i < text.Length && o <= destination.Length - 4)
        {
            uint c = text[i];
            if (c < 0x80)
            {
                destination[o++] = (byte)c;
                i++;
                continue;
            }
            if (c < 0x800)
            {
                destination[o++] = (byte)(0xC0 | (c >> 6));
                destination[o++] = (byte)(0x80 | (c & 0x3F));
                i++;
                continue;
            }
            if (c is >= 0xD800 and <= 0xDBFF && i + 1 < text.Length && text[i + 1] is >= '\uDC00' and <= '\uDFFF')
            {
                uint scalar = 0x10000 + ((c - 0xD800) << 10) + (text[i + 1] - 0xDC00u);
                destination[o++] = (byte)(0xF0 | (scalar >> 18));
                destination[o++] = (byte)(0x80 | ((scalar >> 12) & 0x3F));
                destination[o++] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                destination[o++] = (byte)(0x80 | (scalar & 0x3F));
                i += 2;
                continue;
            }
            if (c is >= 0xD800 and <= 0xDFFF)
                c = 0xFFFD; // unpaired surrogate
            destination[o++] = (byte)(0xE0 | (c >> 12));
            destination[o++] = (byte)(0x80 | ((c >> 6) & 0x3F));
            destination[o++] = (byte)(0x80 | (c & 0x3F));
            i++;
        }
        read = i;
        written = o;
    }
#endif
}
