using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// A fixed-digest state behind one face (a class, so the struct inside is mutated in place); one sealed subclass per
/// algorithm, made by its driver.
/// </summary>
public abstract class Hasher
{
    public abstract int DigestLength { get; }
    public abstract void Update(ReadOnlySpan<byte> input);
    public abstract void Update<T>(ReadOnlySpan<T> input) where T : unmanaged;
    public abstract void Update<T>(T input) where T : unmanaged;
    public abstract byte[] Finish();
    public abstract void Finish(Span<byte> output);
    public abstract bool TryFinish(Span<byte> output, out int written);

    /// <summary>A copy of the state as it is now (struct copy semantics).</summary>
    public abstract Hasher Snapshot();

    // ---- the state's insides, for the oracle tests (counter carry, memory clearing) ----
    internal abstract ulong ChainWord(int index);
    internal abstract byte[] BufferBytes(int count);
    internal abstract int BufferLength { get; }
    internal abstract bool IsFinished { get; }
    internal abstract void SetCounter(ulong low, ulong high);
}

public sealed class Blake2bHasher : Hasher
{
    private Blake2bHashState _state;

    public Blake2bHasher(Blake2bHashState state) => _state = state;

    internal ref Blake2bHashState State => ref _state;
    public override int DigestLength => _state.DigestLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override void Update<T>(ReadOnlySpan<T> input) => _state.Update(input);
    public override void Update<T>(T input) => _state.Update(input);
    public override byte[] Finish() => _state.Finish();
    public override void Finish(Span<byte> output) => _state.Finish(output);
    public override bool TryFinish(Span<byte> output, out int written) => _state.TryFinish(output, out written);
    public override Hasher Snapshot() => new Blake2bHasher(_state);
    internal override ulong ChainWord(int index) => Unsafe.Add(ref _state.Inner.Chain, index);
    internal override byte[] BufferBytes(int count) => MemoryMarshal.CreateReadOnlySpan(ref _state.Inner.Buffer, count).ToArray();
    internal override int BufferLength => _state.Inner.BufferLength;
    internal override bool IsFinished => _state.Inner.IsFinished;
    internal override void SetCounter(ulong low, ulong high) => _state.Inner.SetCounter(low, high);
}

public sealed class Blake2sHasher : Hasher
{
    private Blake2sHashState _state;

    public Blake2sHasher(Blake2sHashState state) => _state = state;

    internal ref Blake2sHashState State => ref _state;
    public override int DigestLength => _state.DigestLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override void Update<T>(ReadOnlySpan<T> input) => _state.Update(input);
    public override void Update<T>(T input) => _state.Update(input);
    public override byte[] Finish() => _state.Finish();
    public override void Finish(Span<byte> output) => _state.Finish(output);
    public override bool TryFinish(Span<byte> output, out int written) => _state.TryFinish(output, out written);
    public override Hasher Snapshot() => new Blake2sHasher(_state);
    internal override ulong ChainWord(int index) => Unsafe.Add(ref _state.Inner.Chain, index);
    internal override byte[] BufferBytes(int count) => MemoryMarshal.CreateReadOnlySpan(ref _state.Inner.Buffer, count).ToArray();
    internal override int BufferLength => _state.Inner.BufferLength;
    internal override bool IsFinished => _state.Inner.IsFinished;
    internal override void SetCounter(ulong low, ulong high) => _state.Inner.SetCounter(checked((uint)low), checked((uint)high));
}
