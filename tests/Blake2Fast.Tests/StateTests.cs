using System;

namespace Blake2Fast.Tests;

/// <summary>
/// The value semantics of the two fixed-digest state structs themselves (assignment and by-value passing copy them); the
/// contract's state tests, which run for every algorithm, are in Drivers/FixedDigestDriver.StateTests.cs.
/// </summary>
public class StateTests
{
    [Fact]
    public void Blake2bHashState_AssignmentCopies_AreIndependent()
    {
        byte[] prefix = FixedDigestDriver.Pattern(200, 4);
        Blake2bHashState state = Blake2b.CreateIncrementalHasher();
        state.Update(prefix);

        Blake2bHashState copy = state;
        copy.Update("copy"u8);
        byte[] copyDigest = copy.Finish();

        // The original is neither finished nor changed by what happened to the copy.
        state.Update("original"u8);
        Assert.Equal(Blake2b.ComputeHash(FixedDigestDriver.Concat(prefix, "original"u8.ToArray())), state.Finish());
        Assert.Equal(Blake2b.ComputeHash(FixedDigestDriver.Concat(prefix, "copy"u8.ToArray())), copyDigest);
    }

    [Fact]
    public void Blake2sHashState_AssignmentCopies_AreIndependent()
    {
        byte[] prefix = FixedDigestDriver.Pattern(100, 4);
        Blake2sHashState state = Blake2s.CreateIncrementalHasher();
        state.Update(prefix);

        Blake2sHashState copy = state;
        copy.Update("copy"u8);
        byte[] copyDigest = copy.Finish();

        state.Update("original"u8);
        Assert.Equal(Blake2s.ComputeHash(FixedDigestDriver.Concat(prefix, "original"u8.ToArray())), state.Finish());
        Assert.Equal(Blake2s.ComputeHash(FixedDigestDriver.Concat(prefix, "copy"u8.ToArray())), copyDigest);
    }

    private static byte[] FinishByValue(Blake2bHashState state, ReadOnlySpan<byte> suffix)
    {
        state.Update(suffix);
        return state.Finish();
    }

    private static byte[] FinishByValue(Blake2sHashState state, ReadOnlySpan<byte> suffix)
    {
        state.Update(suffix);
        return state.Finish();
    }

    [Fact]
    public void PassingStateByValue_LeavesTheCallersStateUnfinished()
    {
        byte[] prefix = FixedDigestDriver.Pattern(150, 5);
        Blake2bHashState b = Blake2b.CreateIncrementalHasher(32);
        Blake2sHashState s = Blake2s.CreateIncrementalHasher(16);
        b.Update(prefix);
        s.Update(prefix);

        Assert.Equal(Blake2b.ComputeHash(32, FixedDigestDriver.Concat(prefix, "x"u8.ToArray())), FinishByValue(b, "x"u8));
        Assert.Equal(Blake2s.ComputeHash(16, FixedDigestDriver.Concat(prefix, "x"u8.ToArray())), FinishByValue(s, "x"u8));

        b.Update("y"u8);
        s.Update("y"u8);
        Assert.Equal(Blake2b.ComputeHash(32, FixedDigestDriver.Concat(prefix, "y"u8.ToArray())), b.Finish());
        Assert.Equal(Blake2s.ComputeHash(16, FixedDigestDriver.Concat(prefix, "y"u8.ToArray())), s.Finish());
    }

    [Fact]
    public void DigestLength_OfADefaultState_IsZero()
    {
        Assert.Equal(0, default(Blake2bHashState).DigestLength);
        Assert.Equal(0, default(Blake2sHashState).DigestLength);
    }
}
