using System;
using System.Runtime.CompilerServices;
using System.Threading;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// Any number of BLAKE3 inputs (chunks or parents) on the lane kernels: full groups on the widest kernel, and the
/// rest as one group on the narrowest kernel with at least that many lanes, its idle lanes hashing bytes nobody
/// reads: 13 chunks on 16 lanes cost what 16 cost, where 8 + 4 + 1 on three kernels cost twice that. A rest of up
/// to four goes to a row kernel (one input per 128-bit lane, <c>Blake3RowKernel</c>), which costs about what one
/// input costs at every width. One to four inputs past full groups (17 to 20 chunks) go, with the last group, to a
/// kernel that takes them in the same rounds where there is one (one chunk rotated through the lanes, or a row woven
/// into them: <c>Blake3Avx512.HashManyPlusOne</c>, <c>Blake3LanesPlusRow</c>): the extra input then rides in rounds
/// the group runs anyway, where a separate pass for it would pay a whole compression of its own.
/// </summary>
internal static unsafe class Blake3Batches
{
    /// <summary>The most lanes of any kernel: the room in inputs that callers' buffers leave for idle lanes.</summary>
    public const int MaxLanes = 16;

    private const int ChunkLength = 1024;

    /// <summary>Most inputs a woven row takes.</summary>
    private const int MaxWoven = 4;

    /// <summary>
    /// Per instruction set (by value): its kernels and the choices made from them. An element is replaced whole (one
    /// reference, so a caller never sees half of one), which is how the warm-up (<see cref="Blake3Warmup"/>) hands over
    /// kernels compiled in the background, with no check per call.
    /// </summary>
    private static readonly Plan[] Plans = BuildPlans();

    /// <summary>One instruction set's kernels, widest first, and what each rest runs on.</summary>
    internal sealed class Plan
    {
        public Plan(InstructionSet instructionSet, Kernel[] kernels, Func<Kernel, bool>? ready)
        {
            Kernels = kernels;
            Rest = new Kernel[kernels[0].Lanes];
            for (int rest = 1; rest < kernels[0].Lanes; rest++)
            {
                // The narrowest kernel that takes the rest in one group; of equal widths the first listed (a row
                // kernel). A group costs about the same whatever the lanes hold, and far less than twice a group
                // half as wide, so one wider group beats two narrower ones.
                int k = kernels.Length - 1;
                while (kernels[k].Lanes < rest)
                    k--;
                while (k > 0 && kernels[k - 1].Lanes == kernels[k].Lanes)
                    k--;
                Rest[rest] = kernels[k];
            }
            // For a rest of r (1 to MaxWoven): the kernel with the narrowest row that weaves it into the widest's lanes
            // (a rest of 3 in a row of 4), or a kernel of 0 lanes.
            Woven = new Kernel[MaxWoven + 1];
            for (int rest = 1; rest <= MaxWoven; rest++)
            {
                for (int rows = rest; rows <= MaxWoven && Woven[rest].Lanes == 0; rows++)
                {
                    if (KernelTable.Blake3.Woven(instructionSet, kernels[0].Lanes, rows) is { } woven && (ready is null || ready(woven)))
                        Woven[rest] = woven;
                }
            }
        }

        public Kernel[] Kernels { get; }

        /// <summary>For a rest of r inputs (1 to the widest's lanes - 1): the kernel to run them on.</summary>
        public Kernel[] Rest { get; }

        /// <summary>For a rest of r inputs (1 to <see cref="MaxWoven"/>): the woven kernel, or one of 0 lanes.</summary>
        public Kernel[] Woven { get; }
    }

    private static Plan[] BuildPlans()
    {
        var plans = new Plan[InstructionSets.Declared.Length];
        for (int c = 0; c < plans.Length; c++)
        {
            var instructionSet = (InstructionSet)Math.Max(c, (int)InstructionSet.Scalar);
            plans[c] = new Plan(instructionSet, KernelTable.Blake3.Ladder(instructionSet), null);
        }
        // The default instruction set's plan may start on kernels cheap to compile while the rest compile apart.
        Blake3Warmup.StartLanes(plans);
        return plans;
    }

    /// <summary>
    /// Makes <paramref name="instructionSet"/>'s plan use only the kernels of its ladder that <paramref name="ready"/>
    /// accepts (at least one), or all of them (<see langword="null"/>); for the warm-up, and for the tests that force
    /// its stages.
    /// </summary>
    internal static void Use(InstructionSet instructionSet, Func<Kernel, bool>? ready) => Use(Plans, instructionSet, ready);

    internal static void Use(Plan[] plans, InstructionSet instructionSet, Func<Kernel, bool>? ready)
    {
        Kernel[] ladder = KernelTable.Blake3.Ladder(instructionSet);
        Kernel[] kernels = ready is null ? ladder : Array.FindAll(ladder, k => ready(k));
        Volatile.Write(ref plans[(int)instructionSet], new Plan(instructionSet, kernels.Length > 0 ? kernels : ladder, ready));
    }

    /// <summary>The widest lane count that <paramref name="instructionSet"/> runs.</summary>
    public static int Width(InstructionSet instructionSet) => Plans[(int)instructionSet].Kernels[0].Lanes;

    /// <summary>
    /// The <c>HashMany</c> contract (see <see cref="Blake3Portable.HashMany"/>) for <paramref name="count"/> inputs of
    /// any number. <paramref name="readable"/> and <paramref name="writable"/> are the bytes that may be read from
    /// <paramref name="input"/> and written at <paramref name="output"/>: idle lanes of a partial group read and
    /// write within them where they reach far enough, else work on a copy. <paramref name="incrementCounter"/> also
    /// says the inputs are chunks apart from the output, so a partial group may rather re-hash earlier chunks.
    /// </summary>
    public static void HashMany(InstructionSet instructionSet, byte* input, int count, int stride, int blocks, uint* key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, byte* output, long readable, long writable)
    {
        Plan plan = Plans[(int)instructionSet];
        Kernel widest = plan.Kernels[0];
        int lanes = widest.Lanes, groups = count / lanes, done = groups * lanes, rest = count - done;
        if (groups > 0 && rest != 0 && rest <= MaxWoven && plan.Woven[rest] is { Lanes: > 0 } woven)
        {
            // The last full group and the rest in one woven group, if its idle row inputs (a rest of 3 in a row of 4)
            // can read and write in place or shifted back; a copy would cost what the weave saves.
            int start = done - lanes, idle = woven.Lanes - lanes - rest;
            if (idle == 0 || Fits(woven.Lanes, start, stride, blocks, readable, writable) || (incrementCounter && start >= idle))
            {
                if (start > 0)
                    Blake3KernelSet.EntryOf(widest)(ref *input, (nuint)(groups - 1), (nuint)stride, (nuint)blocks, ref *key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref *output);
                Partial(woven, input, start, lanes + rest, stride, blocks, key, counter, incrementCounter, flags, flagsStart, flagsEnd, output, readable, writable);
                return;
            }
        }
        if (groups > 0)
        {
            Blake3KernelSet.EntryOf(widest)(ref *input, (nuint)groups, (nuint)stride, (nuint)blocks, ref *key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref *output);
            if (rest == 0)
                return;
        }
        Partial(plan.Rest[rest], input, done, rest, stride, blocks, key, counter, incrementCounter, flags, flagsStart, flagsEnd, output, readable, writable);
    }

    /// <summary>Whether a group of <paramref name="width"/> inputs from input <paramref name="start"/> reads and writes within the caller's bytes.</summary>
    private static bool Fits(int width, int start, int stride, int blocks, long readable, long writable) =>
        (long)(width - 1) * stride + 64L * blocks <= readable - (long)start * stride && 32L * width <= writable - 32L * start;

    /// <summary>
    /// Inputs <paramref name="start"/> to <paramref name="start"/> + <paramref name="count"/> - 1 as one group of
    /// <paramref name="kernel"/>, whose idle inputs read and write in place where the caller's bytes reach, else the
    /// group is shifted back over chunks already hashed (which get the same chaining values again), else it runs on a copy.
    /// </summary>
    private static void Partial(Kernel kernel, byte* input, int start, int count, int stride, int blocks, uint* key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, byte* output, long readable, long writable)
    {
        int width = kernel.Lanes, idle = width - count;
        byte* from = input + (long)start * stride;
        byte* to = output + 32L * start;
        ulong first = incrementCounter ? counter + (ulong)start : counter;
        if (idle == 0 || Fits(width, start, stride, blocks, readable, writable))
        {
            Blake3KernelSet.EntryOf(kernel)(ref *from, 1, (nuint)stride, (nuint)blocks, ref *key, first, incrementCounter, flags, flagsStart, flagsEnd, ref *to);
        }
        else if (incrementCounter && start >= idle)
        {
            Blake3KernelSet.EntryOf(kernel)(ref *(from - (long)idle * stride), 1, (nuint)stride, (nuint)blocks, ref *key, first - (ulong)idle, true,
                flags, flagsStart, flagsEnd, ref *(to - 32L * idle));
        }
        else
        {
            OnCopy(kernel, from, count, stride, blocks, key, first, incrementCounter, flags, flagsStart, flagsEnd, to);
        }
    }

    /// <summary>A partial group hashed from a copy, so idle lanes read and write only the stack.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void OnCopy(Kernel kernel, byte* input, int count, int stride, int blocks, uint* key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, byte* output)
    {
        byte* copy = stackalloc byte[MaxLanes * ChunkLength];
        byte* cvs = stackalloc byte[MaxLanes * 32];
        int length = (count - 1) * stride + 64 * blocks;
        Buffer.MemoryCopy(input, copy, length, length);
        Blake3KernelSet.EntryOf(kernel)(ref *copy, 1, (nuint)stride, (nuint)blocks, ref *key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref *cvs);
        Buffer.MemoryCopy(cvs, output, 32 * count, 32 * count);
        new Span<byte>(cvs, MaxLanes * 32).Clear();
    }
}
