namespace Blake2Fast.Generators.Surface;

/// <summary>
/// The surface of an extendable-output algorithm (BLAKE2Xb, BLAKE2Xs): the output length replaces the digest length,
/// may be left open (<c>UnknownOutputLength</c>), and the BCL-style names follow <c>Shake128.HashData(source, outputLength)</c>.
/// The state is built from <c>(outputLength, key, instructionSet, outputLengthName, keyName)</c>, so every refusal names the
/// caller's argument.
/// </summary>
internal static class XofEmitter
{
    public static string EmitClass(SurfaceModel m)
    {
        string s = m.StateName, n = m.Name;
        string max = m.MaxOutputLength.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var w = new CodeWriter();
        SurfaceParts.Open(w, m, "System", "System.IO", "System.Threading", "System.Threading.Tasks", "Blake2Fast.Internal", "Blake2Fast.Interop");

        w.Doc($"<summary>The largest declared output length in bytes: {max}.</summary>");
        w.Line($"public const long MaxOutputLength = {max};");
        w.Line();
        w.Doc("<summary>Pass as the output length when it is not known in advance.</summary>");
        w.Line("public const long UnknownOutputLength = -1;");
        w.Line();
        SurfaceParts.CompressionCore(w, m);
        SurfaceParts.MaxKeyLength(w, m);

        string lengthDoc = $"<exception cref=\"ArgumentOutOfRangeException\"><paramref name=\"outputLength\"/> is not 1..{max}.</exception>";
        string keyDoc = StaticClassEmitter.KeyEmptyDoc(m.MaxKeyLength);
        string OutputDoc(string name) => $"<exception cref=\"ArgumentOutOfRangeException\"><paramref name=\"{name}\"/> is empty or longer than {max} bytes.</exception>";
        string unknownDoc = $"<exception cref=\"ArgumentOutOfRangeException\"><paramref name=\"outputLength\"/> is not 1..{max} or <see cref=\"UnknownOutputLength\"/>.</exception>";

        foreach (bool key in new[] { false, true })
        {
            string k = key ? "keyed " : "", kp = key ? "ReadOnlySpan<byte> key, " : "", ka = key ? "KeyGuard.Require(key)" : "default";
            w.Doc($"<summary>Computes <paramref name=\"outputLength\"/> bytes of {k}{n} output for <paramref name=\"input\"/>.</summary>", lengthDoc, key ? keyDoc : "");
            w.Line($"public static byte[] ComputeHash(int outputLength, {kp}ReadOnlySpan<byte> input) => Output(Declared(outputLength, {ka}), input, outputLength);");
            w.Line();
        }
        foreach (bool key in new[] { false, true })
        {
            string k = key ? "keyed " : "", kp = key ? "ReadOnlySpan<byte> key, " : "", ka = key ? "KeyGuard.Require(key)" : "default";
            w.Doc($"<summary>Fills <paramref name=\"output\"/> with {k}{n} output for <paramref name=\"input\"/>; its length is the declared length.</summary>", OutputDoc("output"), key ? keyDoc : "");
            w.Line($"public static void ComputeAndWriteHash({kp}ReadOnlySpan<byte> input, Span<byte> output) => Output(Filling(output, {ka}, nameof(output)), input, output);");
            w.Line();
        }
        foreach (bool key in new[] { false, true })
        {
            string k = key ? "keyed " : "", kp = key ? ", ReadOnlySpan<byte> key" : "", ka = key ? "KeyGuard.Require(key)" : "default", kn = key ? "nameof(key)" : "\"key\"";
            w.Doc($"<summary>Creates an incremental {k}{n} hash with the given output length (or <see cref=\"UnknownOutputLength\"/>).</summary>",
                $"<remarks>With <see cref=\"UnknownOutputLength\"/> every output block is a full-length digest; see <see cref=\"{s}.Read(Span{{byte}})\"/>.</remarks>",
                unknownDoc, key ? keyDoc : "");
            w.Line($"public static {s} CreateIncrementalHasher(long outputLength{kp}) => new(outputLength, {ka}, InstructionSet, nameof(outputLength), {kn});");
            w.Line();
        }

        w.Line("// ---- The BCL-style names, as Shake128.HashData has them: the same output as the 2.x names above. ----");
        w.Line();
        HashData(w, m, key: false, lengthDoc, keyDoc, OutputDoc("destination"));
        // The original Blake2Fast never had BLAKE2X: HashData(source, destination) and ComputeAndWriteHash(input, output)
        // have one meaning, and take arrays.
        w.Doc($"<summary>The keyed {n} under the BCL-style names (key first, as <c>HMACSHA256.HashData(key, source)</c>).</summary>");
        w.Open("public static class Keyed");
        HashData(w, m, key: true, lengthDoc, keyDoc, OutputDoc("destination"));
        w.Close();
        w.Line();

        // The one-shot paths declare the length they read, so the unknown length (-1) is refused here.
        w.Open($"private static {s} Declared(int outputLength, ReadOnlySpan<byte> key)");
        w.Line("if (outputLength < 1)");
        w.Line("    throw new ArgumentOutOfRangeException(nameof(outputLength), outputLength, \"The output length must be at least 1.\");");
        w.Line("return new(outputLength, key, InstructionSet, nameof(outputLength), nameof(key));");
        w.Close();
        w.Line();
        w.Open($"private static {s} Filling(Span<byte> output, ReadOnlySpan<byte> key, string outputName)");
        w.Line("if (output.IsEmpty)");
        w.Line("    throw new ArgumentOutOfRangeException(outputName, \"The output must not be empty.\");");
        w.Line("return new(output.Length, key, InstructionSet, outputName, nameof(key));");
        w.Close();
        w.Line();
        w.Open($"private static byte[] Output({s} state, ReadOnlySpan<byte> input, int length)");
        w.Line("state.Update(input);");
        w.Line("byte[] output = new byte[length];");
        w.Line("state.Read(output);");
        w.Line("return output;");
        w.Close();
        w.Line();
        w.Open($"private static void Output({s} state, ReadOnlySpan<byte> input, Span<byte> output)");
        w.Line("state.Update(input);");
        w.Line("state.Read(output);");
        w.Close();
        w.Close();
        return w.ToString();
    }

    private static void HashData(CodeWriter w, SurfaceModel m, bool key, string lengthDoc, string keyDoc, string destinationDoc)
    {
        string n = m.Name, k = key ? "keyed " : "", ka = key ? "KeyGuard.Require(key)" : "default";
        string kp = key ? "ReadOnlySpan<byte> key, " : "", kpm = key ? "ReadOnlyMemory<byte> key, " : "", kam = key ? "KeyGuard.Require(key)" : "default";
        string kd = key ? keyDoc : "";
        string[] streamDocs = SurfaceParts.StreamDocs("source");
        const string CanceledDoc = SurfaceParts.CanceledDoc;
        const string Async = SurfaceParts.AsyncRemarks;

        w.Doc($"<summary>Computes <paramref name=\"outputLength\"/> bytes of {k}{n} output for <paramref name=\"source\"/>.</summary>", lengthDoc, kd);
        w.Line($"public static byte[] HashData({kp}ReadOnlySpan<byte> source, int outputLength) => Output(Declared(outputLength, {ka}), source, outputLength);");
        w.Line();
        w.Doc($"<summary>Fills <paramref name=\"destination\"/> with {k}{n} output for <paramref name=\"source\"/>; its length is the declared length. Allocates nothing.</summary>", destinationDoc, kd);
        w.Line($"public static void HashData({kp}ReadOnlySpan<byte> source, Span<byte> destination) => Output(Filling(destination, {ka}, nameof(destination)), source, destination);");
        w.Line();
        w.Doc([$"<summary>Computes <paramref name=\"outputLength\"/> bytes of {k}{n} output for the rest of <paramref name=\"source\"/>, read in pooled chunks.</summary>", lengthDoc, kd, .. streamDocs]);
        SurfaceParts.StreamMethod(w, m, $"public static byte[] HashData({kp}Stream source, int outputLength)", $"Declared(outputLength, {ka})", "source",
            "byte[] output = new byte[outputLength];",
            "StreamHasher.Fill(state, source, output);",
            "return output;");
        w.Doc([$"<summary>Fills <paramref name=\"destination\"/> with {k}{n} output for the rest of <paramref name=\"source\"/>; its length is the declared length.</summary>", destinationDoc, kd, .. streamDocs]);
        SurfaceParts.StreamMethod(w, m, $"public static void HashData({kp}Stream source, Span<byte> destination)", $"Filling(destination, {ka}, nameof(destination))", "source",
            "StreamHasher.Fill(state, source, destination);");
        SurfaceParts.OpenAsync(w);
        w.Doc([$"<summary>Computes <paramref name=\"outputLength\"/> bytes of {k}{n} output for the rest of <paramref name=\"source\"/>, reading asynchronously.</summary>", Async, lengthDoc, kd, .. streamDocs, CanceledDoc]);
        SurfaceParts.StreamMethod(w, m, $"public static ValueTask<byte[]> HashDataAsync({kpm}Stream source, int outputLength, CancellationToken cancellationToken = default)", $"Declared(outputLength, {kam})", "source",
            "return StreamHasher.FillNewAsync(state, source, outputLength, cancellationToken);");
        w.Doc([$"<summary>Fills <paramref name=\"destination\"/> with {k}{n} output for the rest of <paramref name=\"source\"/>, reading asynchronously; its length is the declared length.</summary>", Async, destinationDoc, kd, .. streamDocs, CanceledDoc]);
        SurfaceParts.StreamMethod(w, m, $"public static ValueTask HashDataAsync({kpm}Stream source, Memory<byte> destination, CancellationToken cancellationToken = default)", $"Filling(destination.Span, {kam}, nameof(destination))", "source",
            "return StreamHasher.FillAsync(state, source, destination, cancellationToken);");
        SurfaceParts.CloseAsync(w);
    }

    public static string EmitState(SurfaceModel m)
    {
        string s = m.StateName, c = m.ClassName;
        int block = m.DigestLength;
        var w = new CodeWriter();
        w.Line("// <auto-generated/> by Blake2Fast.Generators from the [HashSurface] declaration on " + c + ".");
        w.Line("#nullable enable");
        w.Line("using System;");
        w.Line("using Blake2Fast.Interop;");
        w.Line();
        w.Line("namespace " + m.Namespace + ";");
        w.Line();
        w.Doc("<summary>",
            $"An incremental {m.Name} hash: <see cref=\"Update(ReadOnlySpan{{byte}})\"/> with the input, then <see cref=\"Read(Span{{byte}})\"/>",
            $"the output in pieces of any size. Create it with <see cref=\"{c}.CreateIncrementalHasher(long)\"/>.",
            "</summary>",
            "<remarks>",
            "A value type that allocates nothing; copying it snapshots it. Once output has been read, no more input can be",
            "added. A <see langword=\"default\"/> instance throws <see cref=\"InvalidOperationException\"/>.",
            "</remarks>");
        w.Open($"public partial struct {s} : IXofState");
        w.Line($"internal {m.Inner} Inner;");
        w.Line();
        // Every overload and CreateIncrementalHasher reaches the engine through here: the output length and the key are
        // checked and named here, the public door; the engine asserts.
        w.Line($"internal {s}(long outputLength, ReadOnlySpan<byte> key, {m.InstructionSetType} instructionSet, string outputLengthName = \"outputLength\", string keyName = \"key\")");
        w.Line("{");
        w.Line($"    if (outputLength != -1 && (outputLength < 1 || outputLength >= {m.Inner}.Unknown))");
        w.Line($"        throw new ArgumentOutOfRangeException(outputLengthName, outputLength, $\"The output length must be between 1 and {{({m.Inner}.Unknown - 1)}} bytes, or unknown (-1).\");");
        w.Line($"    if (key.Length > {m.MaxKeyLength})");
        w.Line($"        global::Blake2Fast.Internal.ThrowHelper.TooLong(keyName, {m.MaxKeyLength});");
        w.Line("    Inner = new(outputLength, key, instructionSet);");
        w.Line("}");
        w.Line();
        w.Doc($"<summary>The declared output length, or <see cref=\"{c}.UnknownOutputLength\"/>.</summary>");
        w.Line("public readonly long OutputLength => Inner.OutputLength;");
        w.Line();
        w.Doc("<summary>Adds <paramref name=\"input\"/> to the data being hashed.</summary>",
            "<exception cref=\"InvalidOperationException\">The state is <see langword=\"default\"/>, or output has already been read.</exception>");
        w.Line("public void Update(ReadOnlySpan<byte> input) => Inner.Update(input);");
        w.Line();
        w.Doc("<summary>Fills <paramref name=\"output\"/> with the next bytes of output. The first call ends the input.</summary>",
            "<remarks>",
            $"With a declared length, the output is the BLAKE2X specification's: the last {block}-byte block is a digest of the length still owed.",
            $"With <see cref=\"{c}.UnknownOutputLength\"/> every output block is a full {block}-byte digest, as Go's x/crypto streams it, so",
            "reads may stop anywhere and any prefix stays consistent. The reference C code's one-shot final with the unknown length",
            $"instead shortens the last block to the bytes requested (its digest length is the bytes still owed), so for a total not a",
            $"multiple of {block} its last bytes differ from these: here they are the prefix of a full block.",
            "</remarks>",
            "<exception cref=\"ArgumentException\">Fewer than <c>output.Length</c> bytes of the declared length remain; nothing is written.</exception>",
            "<exception cref=\"InvalidOperationException\">The state is <see langword=\"default\"/>.</exception>");
        // The state's refusals first, then the output, checked and named here (the public door).
        w.Line("public void Read(Span<byte> output)");
        w.Line("{");
        w.Line("    Inner.ThrowIfNotReadable();");
        w.Line("    if (output.Length > Inner.BytesRemaining)");
        w.Line("        global::Blake2Fast.Internal.ThrowHelper.ReadPastEnd(nameof(output), Inner.BytesRemaining);");
        w.Line("    Inner.Read(output);");
        w.Line("}");
        w.Close();
        return w.ToString();
    }
}
