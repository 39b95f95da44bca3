using Blake2Fast.Internal;

namespace Blake2Fast.State;

/// <summary>
/// The public names the lower layers' messages point users to, by saved-state kind (see
/// <see cref="SavedStateKind"/>). Each is taken from its declaration with <c>nameof</c>: a rename follows (or fails
/// the build), and <c>nameof</c> leaves no reference in the compiled code, so the layers still point down.
/// </summary>
internal static class PublicNames
{
    /// <summary>The public class of a kind's algorithm ("Blake2b"), or null for a kind this library does not write.</summary>
    public static string? Class(SavedStateKind kind) => kind switch
    {
        SavedStateKind.Blake2b => nameof(Blake2b),
        SavedStateKind.Blake2s => nameof(Blake2s),
        SavedStateKind.Blake2bp => nameof(Blake2bp),
        SavedStateKind.Blake2sp => nameof(Blake2sp),
        SavedStateKind.Blake256 => nameof(Blake256),
        SavedStateKind.Blake224 => nameof(Blake224),
        SavedStateKind.Blake3 => nameof(Blake3),
        _ => null,
    };

    /// <summary>The public state type of a kind's algorithm ("Blake2bHashState"), or null for an unknown kind.</summary>
    public static string? State(SavedStateKind kind) => kind switch
    {
        SavedStateKind.Blake2b => nameof(Blake2bHashState),
        SavedStateKind.Blake2s => nameof(Blake2sHashState),
        SavedStateKind.Blake2bp => nameof(Blake2bpHashState),
        SavedStateKind.Blake2sp => nameof(Blake2spHashState),
        SavedStateKind.Blake256 => nameof(Blake256HashState),
        SavedStateKind.Blake224 => nameof(Blake224HashState),
        SavedStateKind.Blake3 => nameof(Blake3HashState),
        _ => null,
    };

    /// <summary>The factory that makes a kind's state ("Blake2b.CreateIncrementalHasher"); the kind must be known.</summary>
    public static string Factory(SavedStateKind kind) => Class(kind) + "." + nameof(Blake2b.CreateIncrementalHasher);

    /// <summary>How a saved state of a kind is resumed ("Blake2bHashState.RestoreState"); the kind must be known.</summary>
    public static string Restore(SavedStateKind kind) => State(kind) + "." + nameof(Blake2bHashState.RestoreState);
}
