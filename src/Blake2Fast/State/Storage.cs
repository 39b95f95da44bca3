using System.Runtime.InteropServices;

namespace Blake2Fast.State;

/// <summary>Storage for BLAKE2b's chain (12 words) and block buffer, inline in the state.</summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake2bStorage
{
    public fixed ulong Chain[12];
    public fixed byte Buffer[128];
}

/// <summary>Storage for BLAKE2s's chain (12 words) and block buffer, inline in the state.</summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake2sStorage
{
    public fixed uint Chain[12];
    public fixed byte Buffer[64];
}

/// <summary>BLAKE2bp: 4 leaf chains in lane layout (word w of leaf k at 4w + k) and two superblocks of buffer.</summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake2bpStorage
{
    public fixed ulong Chain[12 * 4];
    public fixed byte Buffer[2 * 4 * 128];
}

/// <summary>BLAKE2sp: 8 leaf chains in lane layout (word w of leaf k at 8w + k) and two superblocks of buffer.</summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake2spStorage
{
    public fixed uint Chain[12 * 8];
    public fixed byte Buffer[2 * 8 * 64];
}
