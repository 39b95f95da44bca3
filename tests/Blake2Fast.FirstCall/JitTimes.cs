using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.Globalization;
using System.Linq;
using System.Threading;

namespace Blake2Fast.FirstCall;

/// <summary>
/// The <c>jit-times ALG SIZE</c> child: the first hash with an in-process listener on the runtime's JIT events, then
/// every method compiled from just before the call, with its tier, IL size, JIT time and thread (the calling thread's
/// compilations are what the call waits for; another thread's run beside it). The listener itself slows the JIT
/// (about 1.5x), so the times rank the methods rather than add up to the first-call table's.
/// </summary>
internal static partial class JitTimes
{
    public static int Run(Algorithm algorithm, int size)
    {
        byte[] input = new byte[size];
        byte[] output = new byte[64];
        using var listener = new JitListener();
        // Let the listener's own start-up compilations finish before the mark.
        Thread.Sleep(200);
        ulong callerOs = (ulong)Interop.GetTid();
        DateTime mark = DateTime.UtcNow;
        long start = Stopwatch.GetTimestamp();
        Program.HashOnceForListing(algorithm, input, output);
        double callMs = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        DateTime end = DateTime.UtcNow;
        // Compilations another thread started during the call may finish after it: wait for them.
        Thread.Sleep(500);
        var done = listener.Done.Where(e => e.Start >= mark).OrderBy(e => e.Start).ToList();
        var during = done.Where(e => e.Start <= end).ToList();
        Console.WriteLine(FormattableString.Invariant(
            $"# JIT times of the first {algorithm} hash of {size} B (in-process listener; the call took {callMs:F1} ms with it on)"));
        var mine = during.Where(e => e.Thread == callerOs).ToList();
        // Of other threads, only the library's methods (the listener's own thread compiles plenty).
        var others = done.Where(e => e.Thread != callerOs && e.Name.StartsWith("Blake2Fast.", StringComparison.Ordinal) && !e.Name.StartsWith("Blake2Fast.FirstCall", StringComparison.Ordinal)).ToList();
        Console.WriteLine(FormattableString.Invariant(
            $"calling thread, during the call: {mine.Count} methods, {mine.Sum(e => e.Ms):F1} ms of JIT; other threads: {others.Count} methods, {others.Sum(e => e.Ms):F1} ms"));
        Console.WriteLine("| start ms | JIT ms | thread | tier | IL | method |");
        Console.WriteLine("| ---: | ---: | --- | --- | ---: | --- |");
        foreach (var e in done.Where(e => e.Thread == callerOs ? e.Start <= end : others.Contains(e)))
        {
            Console.WriteLine(FormattableString.Invariant(
                $"| {(e.Start - mark).TotalMilliseconds:F2} | {e.Ms:F2} | {(e.Thread == callerOs ? "caller" : "other")} | {e.Tier} | {e.Il} | {e.Name} |"));
        }
        return 0;
    }

    private sealed class JitListener : EventListener
    {
        private readonly ConcurrentDictionary<ulong, (DateTime Start, string Name, int Il)> _started = new();

        public ConcurrentBag<(DateTime Start, double Ms, string Tier, int Il, string Name, ulong Thread)> Done { get; } = [];

        protected override void OnEventSourceCreated(EventSource source)
        {
            // The runtime's provider, JIT keyword (0x10), verbose: the start and the load of every compiled method.
            if (source.Name == "Microsoft-Windows-DotNETRuntime")
                EnableEvents(source, EventLevel.Verbose, (EventKeywords)0x10);
        }

        protected override void OnEventWritten(EventWrittenEventArgs e)
        {
            if (e.Payload is null)
                return;
            if (e.EventName == "MethodJittingStarted_V1")
            {
                _started[(ulong)e.Payload[0]!] = (e.TimeStamp, $"{e.Payload[4]}::{e.Payload[5]}", Convert.ToInt32(e.Payload[3], CultureInfo.InvariantCulture));
            }
            else if (e.EventName is "MethodLoadVerbose_V1" or "MethodLoadVerbose_V2" && _started.TryRemove((ulong)e.Payload[0]!, out var s))
            {
                uint flags = Convert.ToUInt32(e.Payload[5], CultureInfo.InvariantCulture);
                Done.Add((s.Start, (e.TimeStamp - s.Start).TotalMilliseconds, Tier(flags), s.Il, s.Name, (ulong)e.OSThreadId));
            }
        }

        // The optimization tier the runtime puts in bits 7 and up of MethodFlags (TraceEvent's OptimizationTier).
        private static string Tier(uint flags) => ((flags >> 7) & 0xF) switch
        {
            1 => "MinOpts",
            2 => "FullOpts",
            3 => "Tier0",
            4 => "Tier1",
            7 => "Tier0-instrumented",
            8 => "Tier1-instrumented",
            var t => $"tier {t}",
        };
    }

    private static partial class Interop
    {
        [System.Runtime.InteropServices.LibraryImport("libc", EntryPoint = "gettid")]
        public static partial int GetTid();
    }
}
