// The shared sources are written for xunit 2, where ITestOutputHelper lives in Xunit.Abstractions; xunit.v3 moved
// it to Xunit (imported globally here), so that namespace only needs to exist.
namespace Xunit.Abstractions
{
    internal static class XunitV2Names
    {
    }
}
