using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3's kernels compiled off the first hash's path. The JIT compiles the SIMD kernels fully optimized (their
/// rounds unrolled), several milliseconds each, at their first call; a fresh process's first hash would wait for every
/// kernel it touches. Instead, at the first use, one background thread compiles them (by calling each once on a few
/// bytes), while the hashes in the meantime run on what is cheap to compile: single blocks on the portable
/// compression (compiled at tier 0), and many inputs on the narrowest lane kernel. Each compiled kernel is then handed
/// over in place (<see cref="RowsCompiled"/>, <see cref="Blake3Batches"/>' plans), so the steady state pays nothing per
/// call for it. Every kernel gives the same bytes (the kernel tests cross-check them), so a hash may switch kernels
/// between calls to them.
/// </summary>
/// <remarks>
/// Only where the JIT compiles (NativeAOT compiled everything ahead), and not when <c>BLAKE2FAST_CORE</c> names an
/// instruction set (the kernels asked for are then compiled where first called, as with any other method).
/// </remarks>
internal static unsafe class Blake3Warmup
{
    /// <summary>Whether kernels are compiled in the background (see the remarks).</summary>
    public static readonly bool Enabled =
#if NET8_0_OR_GREATER
        RuntimeFeature.IsDynamicCodeCompiled && Environment.GetEnvironmentVariable(InstructionSets.EnvironmentVariable) is null;
#else
        false; // no SIMD kernels to compile
#endif

    /// <summary>
    /// Whether <see cref="Blake3Block"/> calls the row kernel's single-block compressions (their code is ready); until
    /// then it calls the portable ones. Not read-only: a read-only value would be folded as a constant into code
    /// compiled before the hand-over.
    /// </summary>
    public static bool RowsCompiled;

    private static readonly object s_lock = new();
    private static readonly Queue<Action> s_work = new();
    private static bool s_running;

    static Blake3Warmup()
    {
#if NET8_0_OR_GREATER
        if (Enabled && Blake3RowSse41.IsSupported)
        {
            Queue(() =>
            {
                // Each single-block compression once, on scratch bytes (the call is what compiles it).
                uint* cv = stackalloc uint[8];
                byte* block = stackalloc byte[64];
                Blake3RowSse41.Compress(ref *cv, ref *block, 0, 64, 0);
                Blake3RowSse41.CompressXof(ref *cv, ref *block, 0, 64, 0, ref *block);
                Blake3RowSse41.CompressBlocks(ref *cv, ref *block, 1, 0, 0, 0, 0);
                Volatile.Write(ref RowsCompiled, true);
            });
            return;
        }
#endif
        RowsCompiled = true;
    }

    /// <summary>
    /// Called with the lane kernels' plans as they are first built: if the warm-up applies, makes the default
    /// instruction set's plan start on its narrowest lane kernel (the fewest instructions to compile, and still a few
    /// chunks at once), and compiles the others in the background, the widest first, each handed over as it is ready.
    /// </summary>
    public static void StartLanes(Blake3Batches.Plan[] plans)
    {
        if (!Enabled)
            return;
        InstructionSet instructionSet = KernelTable.Blake3Job.Default;
        Kernel[] ladder = KernelTable.Blake3.Ladder(instructionSet);
        nint starter = 0;
        foreach (Kernel kernel in ladder)
        {
            if (!kernel.RowLayout && kernel.InstructionSet != InstructionSet.Scalar)
                starter = kernel.Entry; // the last such, the narrowest
        }
        var pending = new List<Kernel>();
        foreach (Kernel kernel in ladder)
        {
            if (kernel.Entry != starter)
                pending.Add(kernel);
        }
        foreach (Kernel kernel in KernelTable.Blake3.Kernels)
        {
            if (kernel.IsSupported && kernel.WovenRow != 0 && InstructionSets.IsAtOrBelow(kernel.InstructionSet, instructionSet))
                pending.Add(kernel);
        }
        if (starter == 0 || pending.Count == 0)
            return;
        Blake3Batches.Use(plans, instructionSet, k => k.Entry == starter);
        Queue(() =>
        {
            var ready = new HashSet<nint> { starter };
            byte[] input = new byte[(Blake3Batches.MaxLanes + 4) * 1024];
            uint* key = stackalloc uint[8];
            byte* output = stackalloc byte[(Blake3Batches.MaxLanes + 4) * 32];
            foreach (Kernel kernel in pending)
            {
                // One group of chunks (the call compiles the kernel), then the plan with it.
                fixed (byte* i = input)
                    Blake3KernelSet.EntryOf(kernel)(ref *i, 1, 1024, 16, ref *key, 0, true, 0, 1, 2, ref *output);
                ready.Add(kernel.Entry);
                var now = new HashSet<nint>(ready);
                Blake3Batches.Use(instructionSet, k => now.Contains(k.Entry));
            }
        });
    }

    /// <summary>Waits until the background thread has compiled and handed over everything asked so far (for the tests).</summary>
    internal static void Wait()
    {
        lock (s_lock)
        {
            while (s_running)
                Monitor.Wait(s_lock);
        }
    }

    private static void Queue(Action work)
    {
        lock (s_lock)
        {
            s_work.Enqueue(work);
            if (s_running)
                return;
            s_running = true;
        }
        try
        {
            new Thread(Drain) { IsBackground = true, Name = "Blake2Fast BLAKE3 warm-up" }.Start();
        }
        catch (Exception e) when (e is PlatformNotSupportedException or OutOfMemoryException or ThreadStartException)
        {
            // No thread to be had: compile here, as without the warm-up.
            Drain();
        }
    }

    private static void Drain()
    {
        while (true)
        {
            Action work;
            lock (s_lock)
            {
                if (s_work.Count == 0)
                {
                    s_running = false;
                    Monitor.PulseAll(s_lock);
                    return;
                }
                work = s_work.Dequeue();
            }
            work();
        }
    }
}
