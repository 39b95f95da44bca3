using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;
using Blake2Fast.Families.Blake3.Tree;
using Blake2Fast.Internal;
using Blake2Fast.State;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast;

// One-shot hashing, without a state: what Blake3's HashData overloads run.
public unsafe partial struct Blake3HashState
{
    /// <summary>One-shot hashing into <c>output</c> (too short: an exception naming <c>outputName</c>, nothing written).</summary>
    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        DigestLengthOf(digestLength, key);
        if (output.Length < digestLength)
            ThrowHelper.DestinationTooSmall(outputName, digestLength);
        HashChecked(digestLength, key, input, output, outputName);
    }

    /// <summary>
    /// <see cref="Hash(int, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, string)"/> once a public method has
    /// checked its arguments, in the one-shot helper's forms (<see cref="OneShot"/>).
    /// </summary>
    internal static void HashChecked(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        Debug.Assert(output.Length >= digestLength, outputName);
        OneShot.Hash<Blake3OneShot>(KernelTable.Blake3Job.Set, InstructionSets.DefaultBlake3, digestLength, key, input, output);
    }

    /// <summary>The one-shot hash, as the one-shot helper runs it (<see cref="OneShot"/>): the adapter's own method, so a first call compiles no frame between the helper and the hash.</summary>
    private readonly struct Blake3OneShot : IOneShot
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
        {
            // Checked and named by the callers (the public doors above; the tests and benchmarks pass valid values).
            Debug.Assert(digestLength >= 1 && (key.IsEmpty || key.Length == 32));
            Debug.Assert(output.Length >= digestLength);
            Unsafe.SkipInit(out StackScratch scratch);
            ref OneShotBuffers buffers = ref Unsafe.As<byte, OneShotBuffers>(ref scratch.Aligned);
            Debug.Assert(Unsafe.SizeOf<OneShotBuffers>() <= StackScratch.Length);
            Blake3Words.Read(key.IsEmpty ? Blake3Words.IV : key, ref buffers.Key.W[0]);
            uint flags = key.IsEmpty ? 0 : KeyedHash;
            if (input.Length <= ChunkLength)
            {
                // One chunk, the root: no chunk stack, no state.
                HashOneChunk(ref buffers, input, flags, output.Slice(0, digestLength), instructionSet);
                buffers = default;
                return;
            }
            Blake3Tree.Hash(ref buffers.Key.W[0], flags, instructionSet, input, output.Slice(0, digestLength));
            buffers.Key = default;
        }
    }

    /// <summary>The one-shot hash on <paramref name="instructionSet"/>, for the tests and benchmarks (arguments valid).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName, InstructionSet instructionSet)
    {
        Debug.Assert(output.Length >= digestLength, outputName);
        default(Blake3OneShot).Hash(instructionSet, digestLength, key, input, output);
    }

    /// <summary>A one-shot hash's key words, and for one chunk its chaining value and last block, on the stack.</summary>
    private struct OneShotBuffers
    {
        public Blake3BlockBytes Block;
        public Blake3Words Key, Cv;
    }

    internal static byte[] Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        byte[] digest = new byte[DigestLengthOf(digestLength, key)];
        HashChecked(digestLength, key, input, digest, "output");
        return digest;
    }

    // Leaves its chaining value and block in buffers, which the caller clears.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashOneChunk(ref OneShotBuffers buffers, ReadOnlySpan<byte> input, uint flags, Span<byte> output, InstructionSet instructionSet)
    {
        ref Blake3Words cv = ref buffers.Cv;
        cv = buffers.Key;
        uint start = ChunkStart;
        int full = (input.Length - 1) / BlockLength; // every block but the last, which is the root's
        if (full > 0)
        {
            Blake3Block.CompressBlocks(instructionSet, ref cv.W[0], ref MemoryMarshal.GetReference(input), (nuint)full, 0, flags, start, 0);
            start = 0;
        }
        ReadOnlySpan<byte> last = input.Slice(full * BlockLength);
        if (output.Length > 32)
        {
            HashOneChunkLong(ref cv.W[0], last, flags | start | ChunkEnd, output, instructionSet);
            return;
        }
        // Up to 32 bytes (the usual digest): the root's chaining value is the output, one plain compression, straight
        // from the input when its last block is whole.
        ref Blake3BlockBytes block = ref buffers.Block;
        if (last.Length == BlockLength)
        {
            Blake3Block.Compress(instructionSet, ref cv.W[0], ref MemoryMarshal.GetReference(last), 0, BlockLength, flags | start | ChunkEnd | Root);
        }
        else
        {
            LastBlock.CopyPadded64(last, ref block.B[0]);
            Blake3Block.Compress(instructionSet, ref cv.W[0], ref block.B[0], 0, (uint)last.Length, flags | start | ChunkEnd | Root);
        }
        if (output.Length == 32)
        {
            Blake3Words.Write(ref cv.W[0], ref MemoryMarshal.GetReference(output));
        }
        else
        {
            Blake3Words.Write(ref cv.W[0], ref block.B[0]);
            new ReadOnlySpan<byte>(Unsafe.AsPointer(ref block.B[0]), output.Length).CopyTo(output);
        }
    }

    // An output over 32 bytes: the root node's extended output. Out of line, so that the usual 32-byte path above
    // keeps a small frame (inlined, the node's variable-length copy and clear are helper calls in it).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashOneChunkLong(ref uint cv, ReadOnlySpan<byte> last, uint flags, Span<byte> output, InstructionSet instructionSet)
    {
        var root = new Blake3Node(ref cv, ref MemoryMarshal.GetReference(last), last.Length, 0, flags, instructionSet);
        root.WriteRoot(0, output);
        root.Clear();
    }
}
