namespace Blake2Fast.State;

/// <summary>
/// The algorithm a saved state belongs to: byte 5 of the envelope (<see cref="SavedStateEnvelope"/>). The values are
/// written into users' saved blobs; they never change.
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
