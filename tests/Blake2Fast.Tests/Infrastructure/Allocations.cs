using System;

namespace Blake2Fast.Tests.Infrastructure;

/// <summary>The managed bytes a call allocates on this thread, for the allocation-free contracts.</summary>
public static class Allocations
{
    /// <summary>
    /// Bytes allocated by <paramref name="calls"/> calls of <paramref name="action"/> after warming it up: the least
    /// of up to three rounds, stopping at a round that allocated nothing. An allocation per call shows in every
    /// round; the runtime's one-off work on this thread (a method tiering up mid-round: 2,968 bytes once under qemu,
    /// 3,856 once on a CI leg) does not recur, so it cannot fail a test that an allocating call still fails.
    /// </summary>
    public static long By(Action action, int calls = 20)
    {
        for (int i = 0; i < 64; i++)
            action();
        long least = long.MaxValue;
        for (int round = 0; round < 3 && least != 0; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < calls; i++)
                action();
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }
        return least;
    }
}
