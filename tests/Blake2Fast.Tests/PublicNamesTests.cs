using System.Reflection;
using Blake2Fast.Internal;
using Blake2Fast.State;

namespace Blake2Fast.Tests;

/// <summary>
/// The public names the lower layers put in their messages (State/PublicNames.cs) name real public API: for every
/// saved-state kind, a public class with CreateIncrementalHasher and a public state type with RestoreState.
/// </summary>
public class PublicNamesTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(0x20)]
    [InlineData(0x21)]
    [InlineData(0x30)]
    public void EveryKindNamesItsPublicClassStateFactoryAndRestore(byte kindByte)
    {
        var kind = (SavedStateKind)kindByte;
        Assembly library = typeof(Blake2b).Assembly;
        System.Type cls = Assert.IsType<System.Type>(library.GetType("Blake2Fast." + PublicNames.Class(kind)), exactMatch: false);
        System.Type state = Assert.IsType<System.Type>(library.GetType("Blake2Fast." + PublicNames.State(kind)), exactMatch: false);
        Assert.True(cls.IsPublic && state.IsPublic);

        Assert.Equal($"{cls.Name}.CreateIncrementalHasher", PublicNames.Factory(kind));
        Assert.NotNull(cls.GetMethod("CreateIncrementalHasher", System.Type.EmptyTypes));
        Assert.Equal($"{state.Name}.RestoreState", PublicNames.Restore(kind));
        Assert.Contains(state.GetMethods(), m => m.Name == "RestoreState" && m.IsStatic && m.IsPublic);
    }

    [Fact]
    public void AnUnknownKindHasNoNames()
    {
        Assert.Null(PublicNames.Class((SavedStateKind)0x7F));
        Assert.Null(PublicNames.State((SavedStateKind)0x7F));
    }
}
