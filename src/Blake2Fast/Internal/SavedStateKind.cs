namespace Blake2Fast.Internal;

/// <summary>
/// The algorithm a saved state belongs to: byte 5 of the saved-state envelope (State/SavedStateEnvelope.cs). The
/// values are written into users' saved blobs; they never change. In Internal, so that the kernels' variant
/// descriptors can name it without pointing up to the states.
/// </summary>
internal enum SavedStateKind : byte
{
    Blake2b = 1,
    Blake2s = 2,
    Blake2bp = 3,
    Blake2sp = 4,
    Blake256 = 0x20,
    Blake224 = 0x21,
    Blake3 = 0x30,
}
