namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>BLAKE3's domain-separation flags (the last word of every compression's state).</summary>
internal static class Blake3Flags
{
    public const uint ChunkStart = 1;
    public const uint ChunkEnd = 2;
    public const uint Parent = 4;
    public const uint Root = 8;
    public const uint KeyedHash = 16;
    public const uint DeriveKeyContext = 32;
    public const uint DeriveKeyMaterial = 64;
}
