using System.Runtime.InteropServices;

namespace Blake2Fast.State;

// Each storage is its chain followed by its buffer, reached through a ref to the whole (Blake2State), with the chain's
// word as its first field for alignment. A declared size, not fixed buffers: see InlineBuffers.cs.

/// <summary>Storage for BLAKE2b's chain (12 words) and block buffer, inline in the state.</summary>
[StructLayout(LayoutKind.Sequential, Size = 12 * 8 + 128)]
internal struct Blake2bStorage
{
    private ulong _chain0;
}

/// <summary>Storage for BLAKE2s's chain (12 words) and block buffer, inline in the state.</summary>
[StructLayout(LayoutKind.Sequential, Size = 12 * 4 + 64)]
internal struct Blake2sStorage
{
    private uint _chain0;
}

/// <summary>BLAKE2bp: 4 leaf chains in lane layout (word w of leaf k at 4w + k) and two superblocks of buffer.</summary>
[StructLayout(LayoutKind.Sequential, Size = 12 * 4 * 8 + 2 * 4 * 128)]
internal struct Blake2bpStorage
{
    private ulong _chain0;
}

/// <summary>BLAKE2sp: 8 leaf chains in lane layout (word w of leaf k at 8w + k) and two superblocks of buffer.</summary>
[StructLayout(LayoutKind.Sequential, Size = 12 * 8 * 4 + 2 * 8 * 64)]
internal struct Blake2spStorage
{
    private uint _chain0;
}
