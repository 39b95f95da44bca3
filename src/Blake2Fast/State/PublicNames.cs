namespace Blake2Fast.State;

/// <summary>
/// The public names the lower layers' messages point users to, by saved-state kind byte (see
/// <see cref="SavedStateEnvelope"/>). Each is taken from its declaration with <c>nameof</c>: a rename follows (or fails
/// the build), and <c>nameof</c> leaves no reference in the compiled code, so the layers still point down.
/// </summary>
internal static class PublicNames
{
    /// <summary>The public class of a kind byte's algorithm ("Blake2b"), or null for a kind this library does not write.</summary>
    public static string? Class(byte kind) => kind switch
    {
        1 => nameof(Blake2b),
        2 => nameof(Blake2s),
        3 => nameof(Blake2bp),
        4 => nameof(Blake2sp),
        0x20 => nameof(Blake256),
        0x21 => nameof(Blake224),
        0x30 => nameof(Blake3),
        _ => null,
    };

    /// <summary>The public state type of a kind byte's algorithm ("Blake2bHashState"), or null for an unknown kind.</summary>
    public static string? State(byte kind) => kind switch
    {
        1 => nameof(Blake2bHashState),
        2 => nameof(Blake2sHashState),
        3 => nameof(Blake2bpHashState),
        4 => nameof(Blake2spHashState),
        0x20 => nameof(Blake256HashState),
        0x21 => nameof(Blake224HashState),
        0x30 => nameof(Blake3HashState),
        _ => null,
    };

    /// <summary>The factory that makes a kind's state ("Blake2b.CreateIncrementalHasher"); the kind must be known.</summary>
    public static string Factory(byte kind) => Class(kind) + "." + nameof(Blake2b.CreateIncrementalHasher);

    /// <summary>How a saved state of a kind is resumed ("Blake2bHashState.RestoreState"); the kind must be known.</summary>
    public static string Restore(byte kind) => State(kind) + "." + nameof(Blake2bHashState.RestoreState);
}
