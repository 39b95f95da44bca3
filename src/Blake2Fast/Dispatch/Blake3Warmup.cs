using System;
using System.Collections.Generic;
using System.Threading;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Dispatch;

/// <summary>
/// BLAKE3's part of the warm-up (<see cref="KernelWarmup"/>): single blocks run on the compact compressions
/// (<see cref="Blake3Compact"/>) until the row kernel's are compiled, and many inputs on the default instruction set's
/// narrowest lane kernel until the others are, each then handed over in <see cref="Blake3Batches"/>' plan.
/// </summary>
internal static unsafe class Blake3Warmup
{
    private static int s_touches;
#if NET8_0_OR_GREATER
    private static int s_rowsQueued;
#endif

    /// <summary>
    /// Called once, as the kernel table makes BLAKE3's set: whether the set starts (<see cref="KernelSet.Starting"/>),
    /// <see cref="Blake3Block"/> running the compact single-block compressions until the row kernel's are compiled.
    /// </summary>
    public static bool StartsOnCompactRows() =>
#if NET8_0_OR_GREATER
        KernelWarmup.Enabled && Blake3RowSse41.IsSupported;
#else
        false;
#endif

    /// <summary>
    /// Called by the compact compressions on each use: the second queues the row kernel's compressions and starts the
    /// background thread. A process's first hash so runs alone, without queueing (a lock, a delegate), without the
    /// thread's start (which waits for the new thread to be scheduled) and without
    /// compilation beside it on a sibling core; a process that hashes once never compiles what it would not use again.
    /// </summary>
    public static void Touch()
    {
        // Not atomic, and need not be: whichever call writes 2 sees 2, and a second one queues nothing.
        if (s_touches < 2 && ++s_touches == 2)
        {
            QueueRows();
            KernelWarmup.Start();
        }
    }

    /// <summary>Queues the row kernel's single-block compressions, once, for the background thread, which hands them over.</summary>
    private static void QueueRows()
    {
#if NET8_0_OR_GREATER
        if (KernelTable.Blake3.Starting && Interlocked.Exchange(ref s_rowsQueued, 1) == 0)
        {
            KernelWarmup.Queue(static () =>
            {
                // Each single-block compression once, on scratch bytes (the call is what compiles it).
                uint* cv = stackalloc uint[8];
                byte* block = stackalloc byte[64];
                Blake3RowSse41.Compress(ref *cv, ref *block, 0, 64, 0);
                Blake3RowSse41.CompressXof(ref *cv, ref *block, 0, 64, 0, ref *block);
                Blake3RowSse41.CompressBlocks(ref *cv, ref *block, 1, 0, 0, 0, 0);
                KernelTable.Blake3.SetStarting(false);
            });
        }
#endif
    }

    /// <summary>
    /// Called with the lane kernels' plans as they are first built: if the warm-up applies, makes the default
    /// instruction set's plan start on its narrowest lane kernel (the fewest instructions to compile, and still a few
    /// chunks at once), and compiles the others in the background, the widest first, each handed over as it is ready.
    /// </summary>
    public static void StartLanes(Blake3Batches.Plan[] plans)
    {
        if (!KernelWarmup.Enabled)
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
        // The row kernel's compressions first, as they serve every size; without the compact compressions (no row
        // kernel to wait for), nothing else starts the thread.
        QueueRows();
        if (!Blake3Block.UsesRows(instructionSet))
            KernelWarmup.Start();
        KernelWarmup.Queue(() =>
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
}
