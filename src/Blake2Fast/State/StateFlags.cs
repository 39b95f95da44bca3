using System;

namespace Blake2Fast.State;

/// <summary>Lifecycle of a hash state. Zero is what a <see langword="default"/> struct holds: not initialized.</summary>
[Flags]
internal enum StateFlags : byte
{
    Initialized = 1,
    LastNode = 2,
    Finished = 4,
}
