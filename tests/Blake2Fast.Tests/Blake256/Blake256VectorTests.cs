using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>
/// The BLAKE-224/BLAKE-256 vector file's shape and the specification's own examples; the vectors through every API and
/// instruction set, per algorithm, are in Drivers/SaltedDriver.VectorTests.cs.
/// </summary>
public class Blake256VectorTests
{
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
}
