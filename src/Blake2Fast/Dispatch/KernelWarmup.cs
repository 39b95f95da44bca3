using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Blake2Fast.Dispatch;

/// <summary>
/// Kernels compiled off the first hash's path. The JIT compiles the SIMD kernels fully optimized (their rounds
/// unrolled), milliseconds each, at their first call, so a fresh process's first hash would wait for every kernel it
/// touches. Instead a job, at its first use, starts on code that is cheap to compile (BLAKE3's compact compressions and
/// narrowest lane kernel: <see cref="Blake3Warmup"/>) and queues its kernels here: one background thread compiles them
/// by calling each once on scratch bytes, and the job hands each over when it is ready, in place (a plan, a flag), so
/// that the steady state pays nothing, or one predicted branch, per call for it. Every kernel of a job gives the same
/// bytes (the kernel tests cross-check them), so a hash may switch kernels between two calls to them.
/// </summary>
/// <remarks>
/// Only where the JIT compiles (NativeAOT compiled everything ahead), and not when <c>BLAKE2FAST_CORE</c> names an
/// instruction set (the kernels asked for are then compiled where first called, as any other method).
/// </remarks>
internal static class KernelWarmup
{
    /// <summary>Whether kernels are compiled in the background (see the remarks).</summary>
    public static readonly bool Enabled =
#if NET8_0_OR_GREATER
        RuntimeFeature.IsDynamicCodeCompiled && Environment.GetEnvironmentVariable(InstructionSets.EnvironmentVariable) is null;
#else
        false; // no SIMD kernels to compile
#endif

    private static readonly object s_lock = new();
    private static readonly Queue<Action> s_work = new();
    private static volatile bool s_started; // a volatile field, not Volatile.Read/Write: see KernelSet's flag
    private static bool s_running;

    /// <summary>
    /// Queues <paramref name="work"/> (compile, then hand over) for the background thread, after the work queued before
    /// it; the thread runs it once started (<see cref="Start"/>: at the second use of compact code, see
    /// <see cref="Blake3Warmup.Touch"/>), at once if it has.
    /// </summary>
    public static void Queue(Action work)
    {
        lock (s_lock)
        {
            s_work.Enqueue(work);
            if (!s_started || s_running)
                return;
            s_running = true;
        }
        StartThread();
    }

    /// <summary>Starts the background thread now (once), if there is work for it.</summary>
    public static void Start()
    {
        lock (s_lock)
        {
            if (s_started)
                return;
            s_started = true;
            if (s_work.Count == 0)
                return;
            s_running = true;
        }
        StartThread();
    }

    /// <summary>Waits until everything queued so far is compiled and handed over, starting the thread if need be (for the tests).</summary>
    internal static void Wait()
    {
        Start();
        lock (s_lock)
        {
            while (s_running)
                Monitor.Wait(s_lock);
        }
    }

    private static void StartThread()
    {
        try
        {
            new Thread(Drain) { IsBackground = true, Name = "Blake2Fast kernel warm-up" }.Start();
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
