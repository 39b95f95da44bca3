using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

public class SmokeTests
{
    [Fact]
    public void Abc() => Assert.Equal("508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982", Hex.Encode(Blake2s.ComputeHash("abc"u8)));
}
