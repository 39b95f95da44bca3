using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Interop;

namespace Blake2Fast.Interop;

/// <summary>Feeds a stream through any state, in pooled chunks: constant memory, nothing allocated but the result.</summary>
internal static class StreamHasher
{
    // Large enough that the parallel modes see many superblocks per call; small enough to stay in L2.
    private const int ChunkSize = 128 * 1024;

    public static void ThrowIfUnreadable(Stream? input, string paramName)
    {
        if (input is null)
            throw new ArgumentNullException(paramName);
        if (!input.CanRead)
            throw new ArgumentException("The stream must be readable.", paramName);
    }

    /// <summary>
    /// Feeds the rest of the stream to <paramref name="state"/> through one pooled chunk. By reference: the states
    /// are large structs, and the caller finishes this same one.
    /// </summary>
    private static void Feed<TState>(ref TState state, Stream input) where TState : struct, IUpdatable
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            int read;
            while ((read = input.Read(buffer, 0, buffer.Length)) > 0)
                state.Update(buffer.AsSpan(0, read));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>The asynchronous <see cref="Feed"/>; it returns the fed state (an async method takes no reference).</summary>
    private static async Task<TState> FeedAsync<TState>(TState state, Stream input, CancellationToken cancellationToken) where TState : struct, IUpdatable
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            int read;
            while ((read = await input.ReadAsync(buffer, 0, buffer.Length, cancellationToken).ConfigureAwait(false)) > 0)
            {
                state.Update(buffer.AsSpan(0, read));
                cancellationToken.ThrowIfCancellationRequested();
            }
            return state;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    public static byte[] Hash<TState>(TState state, Stream input) where TState : struct, IIncrementalState
    {
        Feed(ref state, input);
        return state.Finish();
    }

    /// <summary>Hashes the stream into <paramref name="destination"/>, which the caller has checked is long enough.</summary>
    public static void Hash<TState>(TState state, Stream input, Span<byte> destination) where TState : struct, IIncrementalState
    {
        Feed(ref state, input);
        state.Finish(destination);
    }

    /// <summary>Feeds the stream through an extendable-output state, then fills <paramref name="destination"/> with its output.</summary>
    public static void Fill<TState>(TState state, Stream input, Span<byte> destination) where TState : struct, IXofState
    {
        Feed(ref state, input);
        state.Read(destination);
    }

    public static async Task<byte[]> HashAsync<TState>(TState state, Stream input, CancellationToken cancellationToken) where TState : struct, IIncrementalState
    {
        TState fed = await FeedAsync(state, input, cancellationToken).ConfigureAwait(false);
        return fed.Finish();
    }

#if !NETSTANDARD2_0
    /// <summary>Feeds the stream through an extendable-output state asynchronously, then fills <paramref name="destination"/>.</summary>
    public static async ValueTask FillAsync<TState>(TState state, Stream input, Memory<byte> destination, CancellationToken cancellationToken)
        where TState : struct, IXofState
    {
        TState fed = await FeedAsync(state, input, cancellationToken).ConfigureAwait(false);
        fed.Read(destination.Span);
    }

    /// <summary><see cref="FillAsync"/> into a new array of <paramref name="length"/> bytes.</summary>
    public static async ValueTask<byte[]> FillNewAsync<TState>(TState state, Stream input, int length, CancellationToken cancellationToken)
        where TState : struct, IXofState
    {
        var output = new byte[length];
        await FillAsync(state, input, output, cancellationToken).ConfigureAwait(false);
        return output;
    }

    /// <summary>Hashes the stream into <paramref name="destination"/>, which the caller has checked is long enough.</summary>
    public static async ValueTask<int> HashAsync<TState>(TState state, Stream input, Memory<byte> destination, CancellationToken cancellationToken)
        where TState : struct, IIncrementalState
    {
        TState fed = await FeedAsync(state, input, cancellationToken).ConfigureAwait(false);
        int length = fed.DigestLength;
        fed.Finish(destination.Span);
        return length;
    }
#endif
}
