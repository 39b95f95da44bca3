namespace Blake2Fast.Generators.Surface;

/// <summary>
/// The members every generated state wrapper has in the same words, over an engine state in its <c>Inner</c> field:
/// taking input, finishing in its three forms, and the saved state's length and restoring. <c>length</c> is how the
/// docs name the digest's length: <c>&lt;see cref="DigestLength"/&gt;</c> where it is the caller's, a number where fixed.
/// </summary>
internal static class StateMembers
{
    public const string Unusable = "<exception cref=\"InvalidOperationException\">The state is <see langword=\"default\"/> or already finished.</exception>";

    /// <param name="w">The writer.</param>
    /// <param name="guard">A statement each member runs first (the salted states' default check), or empty.</param>
    public static void Update(CodeWriter w, string guard = "")
    {
        w.Doc("<summary>Adds <paramref name=\"input\"/> to the data being hashed.</summary>", Unusable);
        Member(w, "public void Update(ReadOnlySpan<byte> input)", "Inner.Update(input)", guard, returns: false);
        w.Line();
    }

    public static void Finishing(CodeWriter w, string length, string guard = "")
    {
        w.Doc($"<summary>Finishes the hash and returns the digest ({length} bytes); the state cannot be used afterwards.</summary>", Unusable);
        Member(w, "public byte[] Finish()", "Inner.Finish()", guard, returns: true);
        w.Line();
        w.Doc($"<summary>Finishes the hash and writes the digest ({length} bytes) to the start of <paramref name=\"output\"/>.</summary>",
            $"<exception cref=\"ArgumentException\"><paramref name=\"output\"/> is shorter than {length} bytes; nothing is written and the state stays usable.</exception>",
            Unusable);
        // The output is checked and named here, the public door, after the state's own checks (as before); below, an assert.
        w.Line("public void Finish(Span<byte> output)");
        w.Line("{");
        if (guard.Length != 0)
            w.Line("    " + guard);
        w.Line("    Inner.ThrowIfNotUsable();");
        w.Line("    if (output.Length < Inner.DigestLength)");
        w.Line("        global::Blake2Fast.Internal.ThrowHelper.DestinationTooSmall(nameof(output), Inner.DigestLength);");
        w.Line("    Inner.Finish(output);");
        w.Line("}");
        w.Line();
        w.Doc("<summary>Finishes the hash if <paramref name=\"output\"/> can hold the digest.</summary>",
            $"<param name=\"output\">Receives the digest in its first {length} bytes.</param>",
            $"<param name=\"bytesWritten\">{length} on success, otherwise 0.</param>",
            "<returns><see langword=\"false\"/>, with nothing written and the state still usable, if <paramref name=\"output\"/> is too short.</returns>",
            Unusable);
        Member(w, "public bool TryFinish(Span<byte> output, out int bytesWritten)", "Inner.TryFinish(output, out bytesWritten)", guard, returns: true);
        w.Line();
        w.Doc("<summary>The number of bytes <see cref=\"SaveState\"/> writes for this state as it is now.</summary>");
        w.Line("public readonly int SavedStateLength => Inner.SavedLength;");
        w.Line();
    }

    /// <summary>A member that calls <paramref name="call"/>: expression-bodied, or with <paramref name="guard"/> written before the call in its body.</summary>
    public static void Member(CodeWriter w, string signature, string call, string guard, bool returns)
    {
        if (guard.Length == 0)
        {
            w.Line($"{signature} => {call};");
            return;
        }
        w.Line(signature);
        w.Line("{");
        w.Line("    " + guard);
        w.Line($"    {(returns ? "return " : "")}{call};");
        w.Line("}");
    }

    /// <param name="restore">The engine call that reads the blob <c>savedState</c> into a new engine state.</param>
    public static void Restore(CodeWriter w, SurfaceModel m, string restore)
    {
        w.Doc("<summary>Resumes a hash saved with <see cref=\"SaveState\"/>.</summary>",
            "<remarks>The saved bytes carry a format version and a checksum: a truncated, damaged or foreign blob is refused, never resumed into a wrong hash.</remarks>",
            $"<exception cref=\"ArgumentException\"><paramref name=\"savedState\"/> is not a valid saved {m.Name} state.</exception>");
        w.Line($"public static {m.StateName} RestoreState(ReadOnlySpan<byte> savedState) =>");
        w.Line($"    new() {{ Inner = {restore} }};");
        w.Line();
    }
}
