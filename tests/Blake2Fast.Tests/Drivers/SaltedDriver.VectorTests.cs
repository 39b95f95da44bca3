using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Blake256Family;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The salted contract's vector tests (moved here from Blake256VectorTests, where they took the algorithm's name), run
/// by each algorithm as its own tests: the decred/dcrd vectors through every public API and on every instruction set, and their
/// save-and-resume cases through <c>SaveState</c>/<c>RestoreState</c> and struct copies.
/// </summary>
public abstract partial class SaltedDriver
{
    public static IEnumerable<object[]> EveryHashCase() =>
        from i in Enumerable.Range(0, Blake256Vectors.Hash.Count)
        select new object[] { i };

    public static IEnumerable<object[]> EveryHashCaseAndApi() =>
        from api in SaltedDriver.OneShotApis
        select new object[] { api };

    public static IEnumerable<object[]> EveryResumeCase() =>
        from i in Enumerable.Range(0, Blake256Vectors.SaveAndResume.Count)
        select new object[] { i };

    [Theory]
    [MemberData(nameof(EveryHashCase))]
    public void Reference_MatchesEveryVector(int index)
    {
        SaltedDriver v = this;
        var c = Blake256Vectors.Hash[index];
        Assert.Equal(c.Expected(v), v.Reference(c.Input, c.Salt));
    }

    [Theory]
    [MemberData(nameof(EveryHashCaseAndApi))]
    public void EveryVector_ThroughEveryPublicApi(string api)
    {
        SaltedDriver v = this;
        foreach (var c in Blake256Vectors.Hash)
            Assert.True(c.Expected(v).AsSpan().SequenceEqual(v.Api(api, c.Salt, c.Input)), $"{c.Name} via {api}");
    }

    [Theory]
    [MemberData(nameof(EveryHashCase))]
    public void EveryVector_OnEveryInstructionSet_OneShotAndIncremental(int index)
    {
        SaltedDriver v = this;
        var c = Blake256Vectors.Hash[index];
        byte[] expected = c.Expected(v);
        foreach (InstructionSet instructionSet in SaltedDriver.SupportedInstructionSets)
        {
            Assert.Equal(expected, v.Hash(instructionSet, c.Salt, c.Input));
            Assert.Equal(expected, v.HashInPieces(instructionSet, c.Salt, c.Input, SplitPatterns.IrregularCycle(index)));
            Assert.Equal(expected, v.HashInPieces(instructionSet, c.Salt, c.Input, SplitPatterns.Fixed(1)));
            Assert.Equal(expected, v.HashInPieces(instructionSet, c.Salt, c.Input, SplitPatterns.Cycle(0, 63, 2)));
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
    public void SaveAndResume_ThroughSaveStateAndRestoreState(int index)
    {
        SaltedDriver v = this;
        var c = Blake256Vectors.SaveAndResume[index];
        foreach (InstructionSet instructionSet in SaltedDriver.SupportedInstructionSets)
        {
            Blake256Hasher before = v.CreateIncrementalHasher(instructionSet, c.Salt);
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
    public void SaveAndResume_ThroughStructCopies(int index)
    {
        SaltedDriver v = this;
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
