using System;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;
using Blake2Fast.Internal;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast;

/// <summary>
/// One of BLAKE3's three modes, as the subtree layer (<see cref="Blake3Subtrees"/>) needs it: plain hashing, keyed
/// hashing with a 32-byte key, or key derivation under a context. Every piece of one input and every merge of their
/// chaining values must use the same mode. Rust's <c>blake3::hazmat::Mode</c>.
/// </summary>
/// <remarks>
/// <para>A small value type (the mode's 32 key bytes and its kind) that allocates nothing; copy it freely to the
/// threads or processes that hash the pieces. <see langword="default"/> is <see cref="Hash"/>.</para>
/// <para>A keyed mode holds the key, and a key-derivation mode the context key, which is derived from the public
/// context alone (it is not secret, but it is not a hash either: use it only to make modes).</para>
/// </remarks>
public readonly unsafe struct Blake3Mode
{
    private const byte HashKind = 0, KeyedKind = 1, DeriveKeyKind = 2;

    private readonly Blake3Words _key; // unused for plain hashing, so that default is that mode
    private readonly byte _kind;

    private Blake3Mode(ReadOnlySpan<byte> key, byte kind)
    {
        Unsafe.SkipInit(out Blake3Words words);
        Blake3Words.Read(key, ref words.W[0]);
        _key = words;
        _kind = kind;
    }

    /// <summary>Plain hashing, as <see cref="Blake3.HashData(ReadOnlySpan{byte})"/> does.</summary>
    public static Blake3Mode Hash => default;

    /// <summary>Keyed hashing under <paramref name="key"/>, as <see cref="Blake3.Keyed"/>'s methods do.</summary>
    /// <param name="key">The key: exactly <see cref="Blake3.KeyLength"/> (32) bytes. It is copied.</param>
    /// <exception cref="ArgumentException"><paramref name="key"/> is empty (a null array passed for it is empty too) or not exactly 32 bytes long.</exception>
    public static Blake3Mode Keyed(ReadOnlySpan<byte> key)
    {
        // Its own message: a mode has no "overload without a key"; the unkeyed mode is a property.
        if (key.IsEmpty)
            throw new ArgumentException($"The key is empty (a null array arrives as an empty span), and a keyed mode without a key would hash unkeyed. For plain hashing use {nameof(Blake3Mode)}.{nameof(Hash)}.", nameof(key));
        if (key.Length != Blake3.KeyLength)
            throw new ArgumentException($"A BLAKE3 key must be exactly {Blake3.KeyLength} bytes long; this one has {key.Length}.", nameof(key));
        return new Blake3Mode(key, KeyedKind);
    }

    /// <summary>
    /// Key derivation for the purpose <paramref name="context"/> names, as <see cref="Blake3.DeriveKey(string, ReadOnlySpan{byte})"/>
    /// does, the input being the key material. The context is hashed here, once, into the mode's context key. (A mode,
    /// not a key: named apart from <see cref="Blake3.DeriveKey(string, ReadOnlySpan{byte})"/>, which returns key bytes.)
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static Blake3Mode KeyDerivation(string context)
    {
        if (context is null)
            throw new ArgumentNullException(nameof(context));
        Span<byte> contextKey = stackalloc byte[32];
        Blake3HashState.HashContext(context, contextKey, InstructionSets.DefaultBlake3);
        var mode = new Blake3Mode(contextKey, DeriveKeyKind);
        contextKey.Clear();
        return mode;
    }

    /// <summary>
    /// Key derivation under a context key that <see cref="WriteContextKey"/> wrote (Rust's <c>hash_derive_key_context</c>
    /// gives the same bytes): the same mode as <see cref="KeyDerivation(string)"/> with that context, without hashing it.
    /// </summary>
    /// <param name="contextKey">Exactly 32 bytes, the hash of a context string in BLAKE3's context mode. It is copied.</param>
    /// <exception cref="ArgumentException"><paramref name="contextKey"/> is not exactly 32 bytes long.</exception>
    public static Blake3Mode KeyDerivationFromContextKey(ReadOnlySpan<byte> contextKey)
    {
        if (contextKey.Length != 32)
            throw new ArgumentException($"A BLAKE3 context key is exactly 32 bytes long; this one has {contextKey.Length}. Write one with {nameof(Blake3Mode)}.{nameof(WriteContextKey)}.", nameof(contextKey));
        return new Blake3Mode(contextKey, DeriveKeyKind);
    }

    /// <summary>
    /// Writes this key-derivation mode's context key (the hash of its context) to <paramref name="destination"/>, so
    /// that another process can make the same mode with <see cref="KeyDerivationFromContextKey"/>.
    /// </summary>
    /// <param name="destination">Exactly 32 bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is not exactly 32 bytes long; nothing is written.</exception>
    /// <exception cref="InvalidOperationException">This is not a key-derivation mode.</exception>
    public void WriteContextKey(Span<byte> destination)
    {
        if (_kind != DeriveKeyKind)
            throw new InvalidOperationException($"Only a key-derivation mode ({nameof(Blake3Mode)}.{nameof(KeyDerivation)}) has a context key.");
        if (destination.Length != 32)
            throw new ArgumentException($"A BLAKE3 context key is exactly 32 bytes long; the destination has {destination.Length}.", nameof(destination));
        Blake3Words key = _key;
        Blake3Words.Write(ref key.W[0], ref destination[0]);
        key = default;
    }

    /// <summary>The mode's flags on every compression: 0, KEYED_HASH or DERIVE_KEY_MATERIAL.</summary>
    internal uint Flags => _kind switch
    {
        KeyedKind => KeyedHash,
        DeriveKeyKind => DeriveKeyMaterial,
        _ => 0,
    };

    /// <summary>Writes the mode's key words (the IV for plain hashing) to <paramref name="words"/>.</summary>
    internal void KeyWords(out Blake3Words words)
    {
        if (_kind == HashKind)
        {
            words = default;
            Blake3Words.Read(Blake3Words.IV, ref words.W[0]);
            return;
        }
        words = _key;
    }

    /// <summary>Names the mode, without its key.</summary>
    public override string ToString() => _kind switch
    {
        KeyedKind => "BLAKE3 keyed hash",
        DeriveKeyKind => "BLAKE3 key derivation",
        _ => "BLAKE3 hash",
    };
}
