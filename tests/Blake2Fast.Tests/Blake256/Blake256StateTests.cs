using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>The state's value semantics, the instruction set it reports, and allocations: none on the span and incremental paths.</summary>
public class Blake256StateTests
{
    private static readonly byte[] Salt = Hex.Sequence(16);
    private static readonly byte[] Data = Enumerable.Range(0, 1000).Select(i => (byte)(i * 13 + 5)).ToArray();

    public static IEnumerable<object[]> SnapshotCases() =>
        from v in SaltedDriver.All
        from prefix in new[] { 0, 1, 55, 56, 63, 64, 65, 128, 200 }
        from salted in new[] { false, true }
        select new object[] { v.Name, prefix, salted };

    [Theory]
    [MemberData(nameof(SnapshotCases))]
    public void CopyOfState_SnapshotsTheMidstate_AndBothFinishIndependently(string variant, int prefixLength, bool salted)
    {
        var v = SaltedDriver.Parse(variant);
        byte[]? salt = salted ? Salt : null;
        byte[] prefix = Data.AsSpan(0, prefixLength).ToArray();
        byte[][] suffixes = { Data.AsSpan(500, 7).ToArray(), Data.AsSpan(600, 67).ToArray(), Array.Empty<byte>() };
        Blake256Hasher original = v.CreateIncrementalHasher(salt);
        original.Update(prefix);
        Blake256Hasher[] copies = suffixes.Select(_ => original.Snapshot()).ToArray();
        for (int i = 0; i < suffixes.Length; i++)
            copies[i].Update(suffixes[i]);
        original.Update("original"u8);
        for (int i = suffixes.Length - 1; i >= 0; i--)
            Assert.Equal(v.Reference(prefix.Concat(suffixes[i]).ToArray(), salt), copies[i].Finish());
        Assert.Equal(v.Reference(prefix.Concat("original"u8.ToArray()).ToArray(), salt), original.Finish());
    }

    [Fact]
    public void CompressionCore_NamesTheInstructionSetTheTableChose()
    {
        Assert.Equal(Blake2Fast.Dispatch.InstructionSets.Name(Blake2Fast.Dispatch.InstructionSets.DefaultBlake256), Blake2Fast.Blake256.CompressionCore);
        Assert.Equal(Blake2Fast.Blake256.CompressionCore, Blake2Fast.Blake224.CompressionCore);
        Assert.Contains(Blake2Fast.Dispatch.InstructionSets.DefaultBlake256, SaltedDriver.SupportedInstructionSets);
        // Every instruction set name the override takes runs BLAKE-256 (on the best kernel at or below it).
        foreach (Blake2Fast.Dispatch.InstructionSet instructionSet in Enum.GetValues(typeof(Blake2Fast.Dispatch.InstructionSet)))
        {
            unsafe
            {
                Assert.True(Blake2Fast.Dispatch.KernelTable.Blake256.Entry(instructionSet) != null, instructionSet.ToString());
            }
            Assert.Contains(Blake2Fast.Dispatch.KernelTable.Blake256.Choose(Blake2Fast.Dispatch.InstructionSets.Name(instructionSet)), SaltedDriver.SupportedInstructionSets);
        }
    }

    [Fact]
    public void Constants_AreTheSpecifications()
    {
        Assert.Equal(32, Blake2Fast.Blake256.DefaultDigestLength);
        Assert.Equal(28, Blake2Fast.Blake224.DefaultDigestLength);
        Assert.Equal(16, Blake2Fast.Blake256.SaltLength);
        Assert.Equal(16, Blake2Fast.Blake224.SaltLength);
        Assert.Equal(32, Blake2Fast.Blake256.CreateIncrementalHasher().DigestLength);
        Assert.Equal(28, Blake2Fast.Blake224.CreateIncrementalHasher(Salt).DigestLength);
        // Unsalted is the all-zero salt, as the specification defines it.
        Assert.Equal(Blake2Fast.Blake256.ComputeHash(Data), Blake2Fast.Blake256.ComputeHash(new byte[16], Data));
        Assert.NotEqual(Blake2Fast.Blake256.ComputeHash(Data), Blake2Fast.Blake256.ComputeHash(Salt, Data));
    }


    [Fact]
    public void SpanAndIncrementalPaths_AllocateNothing()
    {
        byte[] output = new byte[32];
        byte[] blob = new byte[200];
        Action[] calls =
        {
            () => Blake2Fast.Blake256.ComputeAndWriteHash(Data, output.AsSpan()),
            () => Blake2Fast.Blake256.ComputeAndWriteHash(Salt, Data, output),
            () => Blake2Fast.Blake224.ComputeAndWriteHash(Data, output.AsSpan()),
            () => Blake2Fast.Blake224.ComputeAndWriteHash(Salt, Data, output),
            () => Blake2Fast.Blake256.HashData(Data, output.AsSpan()),
            () => Blake2Fast.Blake256.TryHashData(Data, output.AsSpan(), out _),
            () => Blake2Fast.Blake256.Salted.HashData(Salt, Data, output),
            () => Blake2Fast.Blake224.Salted.TryHashData(Salt, Data, output, out _),
            () =>
            {
                Blake256HashState s = Blake2Fast.Blake256.CreateIncrementalHasher(Salt);
                s.Update(Data.AsSpan(0, 3));
                s.Update(Data);
                Blake256HashState copy = s;
                copy.Finish(output);
                s.TryFinish(output, out _);
            },
            () =>
            {
                Blake224HashState s = Blake2Fast.Blake224.CreateIncrementalHasher();
                s.Update(Data);
                s.Finish(output);
            },
            () =>
            {
                Blake256HashState s = Blake2Fast.Blake256.CreateIncrementalHasher();
                s.Update(Data.AsSpan(0, 77));
                s.SaveState(blob);
                Blake256HashState resumed = Blake256HashState.RestoreState(blob.AsSpan(0, s.SavedStateLength));
                resumed.Finish(output);
            },
        };
        for (int i = 0; i < calls.Length; i++)
        {
            long allocated = Allocations.By(calls[i], 20);
            Assert.True(allocated == 0, $"Call #{i} allocated {allocated} bytes over 20 runs; it must allocate nothing.");
        }
    }
}
