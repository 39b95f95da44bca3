using System;
using System.Security.Cryptography;
using Blake2Fast.Internal;

namespace Blake2Fast.Interop;

/// <summary>
/// A BLAKE2 hash behind the <see cref="HMAC"/> base class, so it plugs into <see cref="CryptoStream"/>
/// and other <see cref="HashAlgorithm"/> consumers. Keyed hashing uses BLAKE2's own keyed mode, not RFC 2104.
/// </summary>
/// <remarks>
/// <see cref="Key"/> returns a copy of the key; setting it starts a new hash with the new key, and is refused
/// (<see cref="CryptographicException"/>) while a hash is in progress, so a hash never mixes two keys.
/// <see cref="Dispose(bool)"/> clears the key copy and the state; afterwards every use throws
/// <see cref="ObjectDisposedException"/> naming the algorithm and the factory the object came from.
/// </remarks>
internal sealed class HashStateHmac<TState> : HMAC
    where TState : struct, IIncrementalState
{
    private readonly int _digestLength;
    private readonly string _objectName;
    private TState _state;
    private bool _hashing;
    private bool _disposed;

    /// <param name="digestLength">The digest length, validated here.</param>
    /// <param name="key">The key (already refused by the keyed factories if null or empty), empty for an unkeyed hash.</param>
    /// <param name="objectName">What the object is, for <see cref="ObjectDisposedException"/>: "BLAKE2b HMAC from Blake2b.CreateHMAC".</param>
    public HashStateHmac(int digestLength, ReadOnlySpan<byte> key, string objectName)
    {
        // Validates both arguments, with their names, before anything is stored.
        Blake2Parameters.CheckSimple(digestLength, key, _state.MaxDigestLength);
        _digestLength = digestLength;
        _objectName = objectName;
        HashSizeValue = digestLength * 8;
        KeyValue = key.ToArray();
        HashName = _state.AlgorithmName;
        Initialize();
    }

    /// <summary>A copy of the key (empty for an unkeyed hash). Setting it starts a new hash with that key.</summary>
    public override byte[] Key
    {
        // After Dispose the key is gone; like HMACSHA256, report null rather than fail.
        get => (byte[])KeyValue?.Clone()!;
        set
        {
            // Setting the key is keying: a null or empty key would silently make the object hash without one.
            // The parameter of a setter is "value", as HMACSHA256.Key names it.
            ThrowIfDisposed();
            KeyGuard.RequireArray(value, nameof(value));
            if (_hashing)
                throw new CryptographicException("The key cannot be changed while a hash is in progress.");
            int max = _state.MaxDigestLength;
            if (value.Length > max)
                ThrowHelper.TooLong(nameof(value), max);
            // A key the algorithm refuses (BLAKE3's not 32 bytes, BLAKE-256's salt not 16) throws here, before the
            // stored key or the state change: the object keeps hashing with the key it had.
            TState fresh = default;
            fresh.Reset(_digestLength, value);
            if (KeyValue is not null)
                Array.Clear(KeyValue, 0, KeyValue.Length);
            KeyValue = (byte[])value.Clone();
            _state = fresh;
            _hashing = false;
        }
    }

    /// <summary>The last digest computed; throws once the object is disposed, as every other member does.</summary>
    public override byte[]? Hash
    {
        get
        {
            ThrowIfDisposed();
            return base.Hash;
        }
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
            throw new ObjectDisposedException(_objectName);
    }

    public override void Initialize()
    {
        ThrowIfDisposed();
        _state.Reset(_digestLength, KeyValue);
        _hashing = false;
    }

    protected override void HashCore(byte[] array, int ibStart, int cbSize) => HashCore(new ReadOnlySpan<byte>(array, ibStart, cbSize));

#if NETSTANDARD2_0
    private void HashCore(ReadOnlySpan<byte> source)
#else
    protected override void HashCore(ReadOnlySpan<byte> source)
#endif
    {
        ThrowIfDisposed();
        _hashing = true;
        _state.Update(source);
    }

    protected override byte[] HashFinal()
    {
        byte[] digest = new byte[_digestLength];
        FinishInto(digest);
        return digest;
    }

#if !NETSTANDARD2_0
    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < _digestLength)
        {
            bytesWritten = 0;
            return false;
        }
        FinishInto(destination);
        bytesWritten = _digestLength;
        return true;
    }
#endif

    // Starts the next hash at once, so the object is reusable whether or not the caller runs Initialize.
    private void FinishInto(Span<byte> destination)
    {
        ThrowIfDisposed();
        _state.Finish(destination);
        Initialize();
    }

    // The bases' Dispose is not called on purpose: all it does beyond what this one does (clear and drop the key) is
    // set HashAlgorithm's own flag, after which the base class throws ObjectDisposedException naming this internal
    // generic type before any code here runs (and on .NET Framework naming nothing). With the flag kept here, every
    // use after Dispose reaches ThrowIfDisposed, which names the algorithm and the factory.
#pragma warning disable CA2215 // Dispose methods should call base class dispose
    protected override void Dispose(bool disposing)
#pragma warning restore CA2215
    {
        if (disposing && !_disposed)
        {
            if (KeyValue is not null)
                Array.Clear(KeyValue, 0, KeyValue.Length);
            KeyValue = null!;
            HashValue = null;
            _state = default;
            _disposed = true;
        }
    }
}
