#if NET8_0_OR_GREATER
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Writes a run of an encoding as the 64-byte units it is made of (a parent is one, a chunk 16 blocks), each whole
/// line of the destination with one non-temporal store: a line written whole is never read for ownership, and a large
/// encoding does not evict its own input from the caches. A line joins the end of one unit and the start of the next,
/// split at the same place in every line (the destination's alignment), so it is one two-table byte permute of the two
/// units (AVX-512 VBMI) with the same indices every time. Lines inside a chunk may be left to the chunk kernel
/// (<see cref="SkipInside"/>); the lines at the run's two ends, which hold bytes of the nodes around it, take
/// ordinary stores of the run's bytes only.
/// </summary>
internal unsafe ref struct BaoLineWriter
{
    private readonly byte* _first;
    private readonly byte* _end;
    private readonly Vector512<byte> _indices;
    private byte* _line; // the line that joins the last unit and the next one
    private Vector512<byte> _last;

    public static bool IsSupported => Avx512Vbmi.IsSupported;

    /// <param name="destination">Where the run's first byte goes.</param>
    /// <param name="length">The run's bytes.</param>
    public BaoLineWriter(byte* destination, long length)
    {
        // head: the bytes of a unit before the first line boundary in it (1 to 64).
        int head = (int)((-(nint)destination - 1) & 63) + 1;
        _first = destination;
        _end = destination + length;
        _line = destination + head - 64;
        _indices = Indices + Vector512.Create((byte)head);
        _last = default;
    }

    /// <summary>Appends a unit of 64 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Put(Vector512<byte> unit)
    {
        Vector512<byte> line = Avx512Vbmi.PermuteVar64x8x2(_last, _indices, unit);
        if (_line >= _first && _line + 64 <= _end)
            Avx512F.StoreAlignedNonTemporal(_line, line);
        else
            Partial(line);
        _line += 64;
        _last = unit;
    }

    /// <summary>Appends <paramref name="count"/> bytes from <paramref name="source"/> (a chunk not written elsewhere), unit by unit.</summary>
    public void Put(byte* source, int count)
    {
        for (; count >= 64; count -= 64, source += 64)
            Put(Vector512.Load(source));
        if (count > 0)
        {
            // The source may end with the last piece: read its bytes only.
            Vector512<byte> last = default;
            Buffer.MemoryCopy(source, &last, 64, count);
            Put(last);
        }
    }

    /// <summary>
    /// Steps over a whole chunk whose first block has just been put: the 15 lines inside it are written elsewhere;
    /// <paramref name="lastBlock"/> is its last block, which the next line starts with.
    /// </summary>
    public void SkipInside(Vector512<byte> lastBlock)
    {
        _line += 15 * 64;
        _last = lastBlock;
    }

    /// <summary>Writes the line the run ends in and fences the non-temporal stores.</summary>
    public void Finish()
    {
        if (_line < _end)
            Put(default(Vector512<byte>));
        Sse.StoreFence();
    }

    /// <summary>The line's bytes that belong to the run, with ordinary stores (the line is shared with the bytes around the run).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly void Partial(Vector512<byte> line)
    {
        byte* start = _line < _first ? _first : _line;
        byte* end = _line + 64 > _end ? _end : _line + 64;
        if (end > start)
            Buffer.MemoryCopy((byte*)&line + (start - _line), start, end - start, end - start);
    }

#if NET9_0_OR_GREATER
    private static Vector512<byte> Indices => Vector512<byte>.Indices;
#else
    private static readonly Vector512<byte> Indices = Vector512.Create(
        (byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
#endif
}
#endif
