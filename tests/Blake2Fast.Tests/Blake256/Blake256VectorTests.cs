using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Cores;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>
/// The BLAKE-224/BLAKE-256 vectors (decred/dcrd, with the specification's own examples) through every public API and
/// on every core, and their save-and-resume cases through <c>SaveState</c>/<c>RestoreState</c> and struct copies.
/// </summary>
public class Blake256VectorTests
{
    public static IEnumerable<object[]> EveryHashCase() =>
        from v in SaltedDriver.All
        from i in Enumerable.Range(0, Blake256Vectors.Hash.Count)
        select new object[] { v.Name, i };

    public static IEnumerable<object[]> EveryHashCaseAndApi() =>
        from v in SaltedDriver.All
        from api in SaltedDriver.OneShotApis
        select new object[] { v.Name, api };

    public static IEnumerable<object[]> EveryResumeCase() =>
        from v in SaltedDriver.All
        from i in Enumerable.Range(0, Blake256Vectors.SaveAndResume.Count)
        select new object[] { v.Name, i };

    [Fact]
    public void VectorFile_HasTheExpectedShape()
    {
        Assert.Equal(17, Blake256Vectors.Hash.Count);
        Assert.Equal(8, Blake256Vectors.SaveAndResume.Count);
        Assert.Contains(Blake256Vectors.Hash, c => c.Salt is not null);
        Assert.Contains(Blake256Vectors.SaveAndResume, c => c.Salt is not null);
        foreach (var c in Blake256Vectors.Hash)
        {
            Assert.Equal(28, c.Blake224.Length);
            Assert.Equal(32, c.Blake256.Length);
            Assert.True(c.Salt is null || c.Salt.Length == 16);
        }
    }

    /// <summary>The specification's own examples (appendix A of the submission), written here, not read from the file.</summary>
    [Fact]
    public void SpecificationExamples_AreInTheFile_AndTheReferenceComputesThem()
    {
        byte[] one = new byte[1], two = new byte[72];
        Assert.Equal("0ce8d4ef4dd7cd8d62dfded9d4edb0a774ae6a41929a74da23109e8f11139c87", Hex.Encode(ReferenceBlake256.Blake256(one)));
        Assert.Equal("d419bad32d504fb7d44d460c42c5593fe544fa4c135dec31e21bd9abdcc22d41", Hex.Encode(ReferenceBlake256.Blake256(two)));
        Assert.Equal("4504cb0314fb2a4f7a692e696e487912fe3f2468fe312c73a5278ec5", Hex.Encode(ReferenceBlake256.Blake224(one)));
        Assert.Equal("f5aa00dd1cb847e3140372af7b5c46b4888d82c8c0a917913cfb5d04", Hex.Encode(ReferenceBlake256.Blake224(two)));
        Assert.Equal(ReferenceBlake256.Blake256(one), Blake256Vectors.Hash[0].Blake256);
        Assert.Equal(ReferenceBlake256.Blake256(two), Blake256Vectors.Hash[1].Blake256);
    }

    /// <summary>The oracle of the random tests is itself right on every vector.</summary>
    [Theory]
    [MemberData(nameof(EveryHashCase))]
    public void Reference_MatchesEveryVector(string variant, int index)
    {
        var v = SaltedDriver.Parse(variant);
        var c = Blake256Vectors.Hash[index];
        Assert.Equal(c.Expected(v), v.Reference(c.Input, c.Salt));
    }

    [Theory]
    [MemberData(nameof(EveryHashCaseAndApi))]
    public void EveryVector_ThroughEveryPublicApi(string variant, string api)
    {
        var v = SaltedDriver.Parse(variant);
        foreach (var c in Blake256Vectors.Hash)
            Assert.True(c.Expected(v).AsSpan().SequenceEqual(v.Api(api, c.Salt, c.Input)), $"{c.Name} via {api}");
    }

    [Theory]
    [MemberData(nameof(EveryHashCase))]
    public void EveryVector_OnEveryCore_OneShotAndIncremental(string variant, int index)
    {
        var v = SaltedDriver.Parse(variant);
        var c = Blake256Vectors.Hash[index];
        byte[] expected = c.Expected(v);
        foreach (InstructionSet core in SaltedDriver.Cores)
        {
            Assert.Equal(expected, v.Hash(core, c.Salt, c.Input));
            Assert.Equal(expected, v.HashInPieces(core, c.Salt, c.Input, SplitPatterns.IrregularCycle(index)));
            Assert.Equal(expected, v.HashInPieces(core, c.Salt, c.Input, SplitPatterns.Fixed(1)));
            Assert.Equal(expected, v.HashInPieces(core, c.Salt, c.Input, SplitPatterns.Cycle(0, 63, 2)));
        }
        // The public incremental state, with every Finish form.
        Blake256Hasher hasher = v.CreateIncrementalHasher(c.Salt);
        hasher.Update(c.Input);
        Blake256Hasher copy = hasher.Snapshot();
        byte[] output = new byte[v.DigestLength + 3];
        hasher.Finish(output);
        Assert.Equal(expected, output.AsSpan(0, v.DigestLength).ToArray());
        Assert.True(copy.Snapshot().TryFinish(output, out int written));
        Assert.Equal(v.DigestLength, written);
        Assert.Equal(expected, copy.Finish());
    }

    [Theory]
    [MemberData(nameof(EveryResumeCase))]
    public void SaveAndResume_ThroughSaveStateAndRestoreState(string variant, int index)
    {
        var v = SaltedDriver.Parse(variant);
        var c = Blake256Vectors.SaveAndResume[index];
        foreach (InstructionSet core in SaltedDriver.Cores)
        {
            Blake256Hasher before = v.CreateIncrementalHasher(core, c.Salt);
            before.Update(c.Before);
            byte[] blob = before.SaveState();
            Blake256Hasher resumed = Blake256Hasher.Restore(v, blob);
            resumed.Update(c.After);
            Assert.Equal(c.Expected(v), resumed.Finish());

            // The saved state is a value: the original goes on as if nothing happened.
            before.Update(c.After);
            Assert.Equal(c.Expected(v), before.Finish());
        }
    }

    [Theory]
    [MemberData(nameof(EveryResumeCase))]
    public void SaveAndResume_ThroughStructCopies(string variant, int index)
    {
        var v = SaltedDriver.Parse(variant);
        var c = Blake256Vectors.SaveAndResume[index];
        // Snapshot copies the state struct: the copy and the original go on independently.
        Blake256Hasher state = v.CreateIncrementalHasher(c.Salt);
        state.Update(c.Before);
        Blake256Hasher copy = state.Snapshot();
        state.Update(c.After);
        copy.Update(c.After);
        Assert.Equal(c.Expected(v), copy.Finish());
        Assert.Equal(c.Expected(v), state.Finish());
    }
}
