#if !LIBRARY_NETSTANDARD // the file overload is in the net6+ builds only
using System;
using System.IO;
using System.IO.Pipes;
using System.Linq;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// <see cref="Blake3HashState.UpdateParallel(SafeFileHandle, long, long, int)"/>'s refusals: the right exception naming
/// the argument, nothing read and the state still usable; a read that fails surfaces as itself (not an
/// <see cref="AggregateException"/>) and leaves the state refusing further use.
/// </summary>
public sealed class Blake3FileBadInputTests : IDisposable
{
    private static readonly byte[] Data = Enumerable.Range(0, 5 << 20).Select(i => (byte)(i * 7 + (i >> 10))).ToArray();
    private readonly string _path = Path.Combine(Path.GetTempPath(), "b2f-file-bad-" + Guid.NewGuid().ToString("N"));

    public Blake3FileBadInputTests() => File.WriteAllBytes(_path, Data);

    public void Dispose() => File.Delete(_path);

    /// <summary>A state holding 10 bytes; after a refusal it must still hash exactly those.</summary>
    private static Blake3HashState Started()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(Data.AsSpan(0, 10));
        return state;
    }

    private static void AssertUnchanged(Blake3HashState state) => Assert.Equal(Blake3.HashData(Data.AsSpan(0, 10)), state.Finish());

    [Fact]
    public void ANullHandleIsRefused()
    {
        Blake3HashState state = Started();
        Assert.Equal("file", Assert.Throws<ArgumentNullException>(() => state.UpdateParallel(null!, 0, 10)).ParamName);
        AssertUnchanged(state);
    }

    [Theory]
    [InlineData(-1, 10, "fileOffset")]
    [InlineData(long.MinValue, 10, "fileOffset")]
    [InlineData(0, -1, "length")]
    [InlineData(0, long.MinValue, "length")]
    [InlineData(10, long.MaxValue, "length")]
    [InlineData(long.MaxValue, 1, "length")]
    public void AnOffsetOrLengthOutOfRangeIsRefused(long fileOffset, long length, string name)
    {
        using SafeFileHandle file = File.OpenHandle(_path);
        Blake3HashState state = Started();
        Assert.Equal(name, Assert.Throws<ArgumentOutOfRangeException>(() => state.UpdateParallel(file, fileOffset, length, 2)).ParamName);
        AssertUnchanged(state);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-2)]
    [InlineData(int.MinValue)]
    public void ADegreeOfParallelismOutOfRangeIsRefused(int threads)
    {
        using SafeFileHandle file = File.OpenHandle(_path);
        Blake3HashState state = Started();
        Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => state.UpdateParallel(file, 0, 10, threads)).ParamName);
        AssertUnchanged(state);
    }

    [Fact]
    public void ADefaultOrFinishedStateIsRefused()
    {
        using SafeFileHandle file = File.OpenHandle(_path);
        Blake3HashState unusable = default;
        Assert.Throws<InvalidOperationException>(() => unusable.UpdateParallel(file, 0, 10));
        Blake3HashState finished = Blake3.CreateIncrementalHasher();
        finished.Finish();
        Assert.Throws<InvalidOperationException>(() => finished.UpdateParallel(file, 0, 10));
    }

    [Fact]
    public void ARangeLongerThanTheSubtreeIsRefusedBeforeAnyRead()
    {
        using SafeFileHandle file = File.OpenHandle(_path);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.SetInputOffset(1 << 20);
        state.Update(Data.AsSpan(0, 5));
        var refused = Assert.Throws<ArgumentException>(() => state.UpdateParallel(file, 5, (1 << 20) - 4, 2));
        Assert.Equal("length", refused.ParamName);
        Assert.Contains(nameof(Blake3Subtrees.MaxSubtreeLength), refused.Message, StringComparison.Ordinal);
        Assert.Equal((1 << 20) - 5, state.UpdateParallel(file, 5, (1 << 20) - 5, 2)); // exactly full is allowed
        Blake3HashState sequential = Blake3.CreateIncrementalHasher();
        sequential.SetInputOffset(1 << 20);
        sequential.Update(Data.AsSpan(0, 1 << 20));
        Assert.Equal(sequential.FinishSubtree(), state.FinishSubtree());
    }

    [Fact]
    public void AClosedOrInvalidHandleIsRefusedBeforeAnyRead()
    {
        SafeFileHandle closed = File.OpenHandle(_path);
        closed.Dispose();
        Blake3HashState state = Started();
        Assert.Throws<ObjectDisposedException>(() => state.UpdateParallel(closed, 0, 10));
        using var invalid = new SafeFileHandle(new IntPtr(-1), ownsHandle: false);
        Assert.Equal("file", Assert.Throws<ArgumentException>(() => state.UpdateParallel(invalid, 0, 10)).ParamName);
        AssertUnchanged(state);
    }

    [Fact]
    public void APipeIsRefusedBeforeAnyRead()
    {
        // A pipe has no offsets: its bytes could not be read in slices on several threads.
        using var pipe = new AnonymousPipeServerStream(PipeDirection.In);
        using var reader = new SafeFileHandle(pipe.SafePipeHandle.DangerousGetHandle(), ownsHandle: false);
        Blake3HashState state = Started();
        Assert.Throws<NotSupportedException>(() => state.UpdateParallel(reader, 0, 10));
        AssertUnchanged(state);
    }

    [Fact]
    public void AFailedReadIsThrownAsItselfAndTheStateRefusesFurtherUse()
    {
        // A handle opened for writing only: every read fails, on the worker threads too.
        using SafeFileHandle writeOnly = File.OpenHandle(_path, FileMode.Open, FileAccess.Write);
        foreach (int threads in new[] { 1, 2 })
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher();
            Exception? failure = Record.Exception(() => state.UpdateParallel(writeOnly, 0, Data.Length, threads));
            Assert.True(failure is IOException or UnauthorizedAccessException, $"{threads} threads: {failure}");
            Assert.Throws<InvalidOperationException>(() => state.Update(Data.AsSpan(0, 1)));
            Assert.Throws<InvalidOperationException>(() => state.Finish());
        }
    }
}
#endif
