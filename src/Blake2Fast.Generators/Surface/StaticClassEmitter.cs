using System.Collections.Generic;

namespace Blake2Fast.Generators.Surface;

/// <summary>
/// The static class's overloads. Every overload family is written once here as a loop over two switches, "with a
/// digest length" and "with a key", and the declaration says which switches exist: a fixed-length algorithm gets no
/// digestLength overloads, an unkeyed one no key overloads. All of them reach the algorithm through three members of
/// the state: <c>Create(digestLength, key)</c> (which validates and names both arguments), <c>Update</c>, <c>Finish</c>.
/// </summary>
internal static class StaticClassEmitter
{
    public static string Emit(SurfaceModel m)
    {
        var w = new CodeWriter();
        SurfaceParts.Open(w, m, "System", "System.IO", "System.Security.Cryptography", "System.Threading", "System.Threading.Tasks",
            "Blake2Fast.Interop", "Blake2Fast.Internal");

        w.Doc($"<summary>The default{(m.VariableLength ? "" : " (and only)")}{(m.MaxDigestLength == m.DigestLength && m.VariableLength ? " (and largest)" : "")} digest length in bytes: {m.DigestLength}.</summary>");
        w.Line($"public const int DefaultDigestLength = {m.DigestLength};");
        w.Line();
        SurfaceParts.CompressionCore(w, m);
        if (m.Keyed)
            SurfaceParts.MaxKeyLength(w, m);
        if (m.Salted)
        {
            w.Doc($"<summary>The length in bytes of a salt: {m.SaltLength}.</summary>");
            w.Line($"public const int SaltLength = {m.SaltLength};");
            w.Line();
        }

        var v = new Variants(m);
        if (m.Blake2State)
            OnNamedInstructionSet(w, m);
        LegacyOneShot(w, v);
        LegacyStreams(w, v);
        LegacyHashAlgorithm(w, v);

        w.Line("// ---- The BCL-style names (SHA256.HashData, HMACSHA256.HashData): the same hashes as the 2.x names above. ----");
        w.Line();
        foreach (var (len, _) in v.Unkeyed)
            HashData(w, v, len, key: false);
        if (m.OriginalKeyedHashData && m.Keyed)
            OriginalKeyedHashDataGuards(w, v);
        if (m.Keyed)
            OriginalKeyedDestinations(w, v);
        if (m.Keyed)
        {
            w.Doc(
                $"<summary>",
                $"The keyed {m.Name} (a MAC, {(m.ExactKeyLength ? m.Name : "BLAKE2")}'s own keyed mode rather than RFC 2104 HMAC) under the BCL's names, as",
                $"<c>HMACSHA256.HashData(key, source)</c> sits beside <c>SHA256.HashData(source)</c>.",
                $"</summary>",
                $"<remarks>",
                $"A class of its own, as in the BCL, because <c>HashData(key, source)</c> next to <c>HashData(source, destination)</c>",
                $"would let a call with two arrays pick either one.",
                $"</remarks>");
            w.Open("public static class Keyed");
            foreach (var (len, _) in v.Unkeyed)
                HashData(w, v, len, key: true);
            w.Close();
        }
        if (m.Salted)
        {
            w.Doc(
                $"<summary>The salted {m.Name} under the BCL's names: <c>HashData(salt, source)</c>, as <c>Blake2b.Keyed.HashData(key, source)</c>.</summary>",
                $"<remarks>",
                $"A class of its own because <c>HashData(salt, source)</c> next to <c>HashData(source, destination)</c> would let a",
                $"call with two arrays pick either one.",
                $"</remarks>");
            w.Open("public static class Salted");
            foreach (var (len, _) in v.Unkeyed)
                HashData(w, v, len, key: true);
            w.Close();
        }

        w.Close();
        return w.ToString();
    }

    /// <summary>
    /// The doc line of a keyed overload's empty key. The key is a span: a null array passed for it arrives as an empty
    /// span and is refused as empty, with an <see cref="System.ArgumentException"/> (not its subclass for null).
    /// </summary>
    public static string KeyEmptyDoc(int maxKeyLength) =>
        $"<exception cref=\"ArgumentException\"><paramref name=\"key\"/> is empty (a null array passed for it is empty too) or longer than {maxKeyLength} bytes: a keyed hash never runs without its key.</exception>";

    /// <summary>The digest-length and key switches an algorithm has, with the text that goes with each.</summary>
    private sealed class Variants
    {
        public readonly SurfaceModel M;

        public Variants(SurfaceModel m) => M = m;

        /// <summary>(with a digest length, with a key), in the order the 2.x overloads were listed.</summary>
        public IEnumerable<(bool Len, bool Key)> All
        {
            get
            {
                foreach (bool key in new[] { false, true })
                {
                    if (key && !M.Keyed && !M.Salted)
                        continue;
                    foreach (bool len in new[] { false, true })
                    {
                        if (!len || M.VariableLength)
                            yield return (len, key);
                    }
                }
            }
        }

        public IEnumerable<(bool Len, bool Key)> Unkeyed
        {
            get
            {
                yield return (false, false);
                if (M.VariableLength)
                    yield return (true, false);
            }
        }

        public string LenParam(bool len) => len ? "int digestLength, " : "";
        public string LenArg(bool len) => len ? "digestLength" : "DefaultDigestLength";
        public string LenCall(bool len) => len ? "digestLength, " : "";
        // With a salt (BLAKE-256), the "key" switch takes the salt: named salt, checked by the state's ValidateSalt.
        private string KeyName => M.Salted ? "salt" : "key";
        public string KeyParam(bool key, bool memory = false) => key ? (memory ? $"ReadOnlyMemory<byte> {KeyName}, " : $"ReadOnlySpan<byte> {KeyName}, ") : "";
        // A keyed overload refuses a null or empty key (KeyGuard) before anything is read or written: in the parameter
        // block an empty key means "unkeyed", which would turn a MAC whose key failed to load into a plain hash.
        /// <summary>The key (or salt) parameter as it is, for a call after <see cref="KeyArg"/> has checked it.</summary>
        public string CheckedKeyArg(bool key) => !key ? "default" : M.Salted ? "salt" : "key";

        public string KeyArg(bool key, bool memory = false) =>
            !key ? "default"
            : M.Salted ? $"{M.StateName}.ValidateSalt({(memory ? "salt.Span" : "salt")})"
            : M.ExactKeyLength ? $"{M.StateName}.RequireKey(KeyGuard.Require(key))"
            : "KeyGuard.Require(key)";

        /// <summary>"keyed " or "salted ", as the summaries say it.</summary>
        public string KeyWord(bool key) => key ? (M.Salted ? "salted " : "keyed ") : "";

        /// <summary>"the 64-byte keyed BLAKE2b digest" / "the BLAKE2b digest", as the summaries begin.</summary>
        public string What(bool len, bool key, string mac = "") =>
            $"{(len ? "" : $"{M.DigestLength}-byte ")}{KeyWord(key)}{M.Name} digest{(key && !M.Salted ? mac : "")}";

        public string WithLength(bool len) => len ? " with the given length" : "";

        public string LengthDoc(bool len) =>
            len ? $"<exception cref=\"ArgumentOutOfRangeException\"><paramref name=\"digestLength\"/> is not {M.LengthRange}.</exception>" : "";

        public string KeyDoc(bool key) =>
            !key ? ""
            : M.Salted ? $"<exception cref=\"ArgumentException\"><paramref name=\"salt\"/> is not {M.SaltLength} bytes long.</exception>"
            : M.ExactKeyLength ? $"<exception cref=\"ArgumentException\"><paramref name=\"key\"/> is not exactly {M.MaxKeyLength} bytes long (an empty key, or a null array passed for it, included).</exception>"
            : KeyEmptyDoc(M.MaxKeyLength);

        public string Size(bool len) => len ? "<paramref name=\"digestLength\"/>" : $"{M.DigestLength} bytes";
    }

    /// <summary>
    /// The BLAKE2 engines' members that take a named instruction set (the tests and benchmarks run every instruction set through them),
    /// and the many-message overloads where the declaration names their engine.
    /// </summary>
    private static void OnNamedInstructionSet(CodeWriter w, SurfaceModel m)
    {
        int d = m.DigestLength, wordBytes = m.DigestLength / 8;
        if (m.Many.Length > 0)
        {
            w.Doc("<summary>",
                $"Hashes each of <paramref name=\"inputs\"/> on its own ({d}-byte digests) and writes digest i to",
                $"<c>outputs[i * {d}..]</c>. Messages run side by side in the SIMD lanes ({64 / wordBytes} on AVX-512, {32 / wordBytes} on AVX2), which pays for many short",
                "or equal-length messages: Merkle tree nodes, content-addressed chunks, batches of records.",
                "</summary>",
                "<remarks>Each digest equals what <see cref=\"ComputeHash(ReadOnlySpan{byte})\"/> gives for that message. Allocates nothing.</remarks>",
                $"<exception cref=\"ArgumentException\"><paramref name=\"outputs\"/> is shorter than <c>inputs.Length * {d}</c>; nothing is written.</exception>");
            w.Line("public static void ComputeAndWriteHashes(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>");
            w.Line("    ComputeAndWriteHashes(default, inputs, outputs);");
            w.Line();
            w.Doc("<summary>",
                "Hashes each of <paramref name=\"inputs\"/> on its own with the same parameters and writes digest i to",
                "<c>outputs[i * digestLength..]</c>, running the messages side by side in the SIMD lanes.",
                "</summary>",
                "<exception cref=\"ArgumentException\">A parameter is out of range, or <paramref name=\"outputs\"/> is too short; nothing is written.</exception>");
            w.Line("public static void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>");
            w.Line($"    HashMany(parameters, inputs, outputs, global::Blake2Fast.Dispatch.InstructionSets.{m.ManyInstructionSet}); // the lane kernels, on the instruction set the parallel mode chooses");
            w.Line();
            // The parameters, then the outputs, checked and named here; the engine asserts.
            w.Line("internal static void HashMany(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs, global::Blake2Fast.Dispatch.InstructionSet instructionSet)");
            w.Line("{");
            w.Line($"    int digestLength = parameters.Validate({m.MaxDigestLength / 8});");
            w.Line("    if ((long)inputs.Length * digestLength > outputs.Length)");
            w.Line("        ThrowHelper.DestinationTooSmall(nameof(outputs), inputs.Length * digestLength);");
            w.Line($"    {m.Many}.Hash(instructionSet, parameters, inputs, outputs);");
            w.Line("}");
            w.Line();
        }
        w.Doc("<summary>One-shot hashing on a named instruction set: the path of <c>HashData</c>, on any instruction set.</summary>");
        w.Line("internal static void Hash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, global::Blake2Fast.Dispatch.InstructionSet instructionSet) =>");
        w.Line($"    {m.StateName}.Hash(parameters, input, output, nameof(output), instructionSet);");
        w.Line();
    }

    private static void LegacyOneShot(CodeWriter w, Variants v)
    {
        SurfaceModel m = v.M;
        string s = m.StateName;

        foreach (var (len, key) in v.All)
        {
            w.Doc($"<summary>Computes the {v.What(len, key, " (a MAC)")} of <paramref name=\"input\"/>{v.WithLength(len)}.</summary>", v.LengthDoc(len), v.KeyDoc(key));
            w.Line($"public static byte[] ComputeHash({v.LenParam(len)}{v.KeyParam(key)}ReadOnlySpan<byte> input) => {s}.Hash({v.LenArg(len)}, {v.KeyArg(key)}, input);");
            w.Line();
        }
        if (m.ParameterBlock)
        {
            w.Doc($"<summary>Computes the {m.Name} digest of <paramref name=\"input\"/> with the full parameter block.</summary>",
                $"<exception cref=\"ArgumentException\">A parameter is out of range for {m.Name}; the exception names it.</exception>");
            w.Line($"public static byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input) => Finish({s}.Create(parameters), input);");
            w.Line();
        }

        foreach (var (len, key) in v.All)
        {
            w.Doc($"<summary>Computes the {v.What(len, key)} of <paramref name=\"input\"/>{v.WithLength(len)} into <paramref name=\"output\"/>.</summary>",
                v.LengthDoc(len), v.KeyDoc(key),
                $"<exception cref=\"ArgumentException\"><paramref name=\"output\"/> is shorter than {v.Size(len)}; nothing is written.</exception>");
            w.Line($"public static void ComputeAndWriteHash({v.LenParam(len)}{v.KeyParam(key)}ReadOnlySpan<byte> input, Span<byte> output) => {s}.Hash({v.LenArg(len)}, {v.KeyArg(key)}, input, output, nameof(output));");
            w.Line();
        }
        if (m.ParameterBlock)
        {
            w.Doc($"<summary>Computes the {m.Name} digest of <paramref name=\"input\"/> with the full parameter block into <paramref name=\"output\"/>.</summary>",
                $"<exception cref=\"ArgumentException\">A parameter is out of range for {m.Name}, or <paramref name=\"output\"/> is shorter than the digest; nothing is written.</exception>");
            w.Line($"public static void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => {s}.Hash(parameters, input, output, nameof(output));");
            w.Line();
        }

        foreach (var (len, key) in v.All)
        {
            w.Doc($"<summary>Creates an incremental {v.KeyWord(key)}{m.Name} hash with {(len ? "the given digest length" : $"a {m.DigestLength}-byte digest")}.</summary>", v.LengthDoc(len), v.KeyDoc(key));
            w.Line($"public static {s} CreateIncrementalHasher({(v.LenParam(len) + v.KeyParam(key)).TrimEnd(',', ' ')}) => {s}.Create({v.LenArg(len)}, {v.KeyArg(key)});");
            w.Line();
        }
        if (m.ParameterBlock)
        {
            w.Doc($"<summary>Creates an incremental {m.Name} hash with the full parameter block. The key, salt and personalization are copied into the state.</summary>",
                $"<exception cref=\"ArgumentException\">A parameter is out of range for {m.Name}; the exception names it.</exception>");
            w.Line($"public static {s} CreateIncrementalHasher(in Blake2Parameters parameters) => {s}.Create(parameters);");
            w.Line();
        }

        w.Open($"private static byte[] Finish({s} state, ReadOnlySpan<byte> input)");
        w.Line("state.Update(input);");
        w.Line("return state.Finish();");
        w.Close();
        w.Line();
    }

    private static void LegacyStreams(CodeWriter w, Variants v)
    {
        SurfaceModel m = v.M;
        string s = m.StateName;
        string[] streamDocs = SurfaceParts.StreamDocs("input");

        foreach (var (len, key) in v.All)
        {
            w.Doc([$"<summary>Computes the {v.What(len, key)} of the rest of <paramref name=\"input\"/>{v.WithLength(len)}, read in pooled chunks.</summary>",
                v.LengthDoc(len), v.KeyDoc(key), .. streamDocs]);
            SurfaceParts.StreamMethod(w, m, $"public static byte[] ComputeHash({v.LenParam(len)}{v.KeyParam(key)}Stream input)",
                $"{s}.Create({v.LenArg(len)}, {v.KeyArg(key)})", "input", "return StreamHasher.Hash(state, input);");
        }

        foreach (var (len, key) in v.All)
        {
            w.Doc([$"<summary>Computes the {v.What(len, key)} of the rest of <paramref name=\"input\"/>{v.WithLength(len)}, reading asynchronously.</summary>",
                "<remarks>Cancellation is checked by every read and between reads. Argument errors are thrown by the call, not by the task.</remarks>",
                v.LengthDoc(len), v.KeyDoc(key), .. streamDocs, SurfaceParts.CanceledDoc]);
            SurfaceParts.StreamMethod(w, m, $"public static Task<byte[]> ComputeHashAsync({v.LenParam(len)}{v.KeyParam(key, memory: true)}Stream input, CancellationToken cancellationToken = default)",
                $"{s}.Create({v.LenArg(len)}, {v.KeyArg(key, memory: true)})", "input", "return StreamHasher.HashAsync(state, input, cancellationToken);");
        }
    }

    private static void LegacyHashAlgorithm(CodeWriter w, Variants v)
    {
        SurfaceModel m = v.M;
        string s = m.StateName;
        foreach (var (len, key) in v.All)
        {
            if (!key)
            {
                w.Doc(len
                    ? $"<summary>Creates a <see cref=\"HashAlgorithm\"/> computing {m.Name} digests of the given length.</summary>"
                    : $"<summary>Creates a <see cref=\"HashAlgorithm\"/> computing {m.DigestLength}-byte {m.Name} digests, for APIs such as <see cref=\"CryptoStream\"/>.</summary>",
                    v.LengthDoc(len));
                w.Line($"public static HashAlgorithm CreateHashAlgorithm({(len ? "int digestLength" : "")}) => new HashStateHmac<{s}>({v.LenArg(len)}, default, \"{m.Name} HashAlgorithm from {m.ClassName}.CreateHashAlgorithm\");");
            }
            else if (m.Salted)
            {
                w.Doc($"<summary>Creates a <see cref=\"HashAlgorithm\"/> computing {m.DigestLength}-byte salted {m.Name} digests.</summary>", v.KeyDoc(key));
                w.Line($"public static HashAlgorithm CreateHashAlgorithm(ReadOnlySpan<byte> salt) => new HashStateHmac<{s}>({v.LenArg(len)}, {v.KeyArg(key)}, \"salted {m.Name} HashAlgorithm from {m.ClassName}.CreateHashAlgorithm\");");
            }
            else
            {
                w.Doc(len
                    ? $"<summary>Creates an <see cref=\"HMAC\"/> that computes keyed {m.Name} digests of the given length.</summary>"
                    : $"<summary>Creates an <see cref=\"HMAC\"/> that computes {m.DigestLength}-byte keyed {m.Name} digests.</summary>",
                    m.ExactKeyLength
                        ? $"<remarks>This is {m.Name}'s own keyed mode (the key as the chaining value), not the RFC 2104 HMAC construction.</remarks>"
                        : "<remarks>This is BLAKE2's own keyed mode (the key as the first block), not the RFC 2104 HMAC construction.</remarks>",
                    v.LengthDoc(len), v.KeyDoc(key));
                w.Line($"public static HMAC CreateHMAC({v.LenParam(len)}ReadOnlySpan<byte> key) => new HashStateHmac<{s}>({v.LenArg(len)}, {v.KeyArg(true)}, \"{m.Name} HMAC from {m.ClassName}.CreateHMAC\");");
            }
            w.Line();
        }
    }

    /// <summary>
    /// <c>X.HashData(key, data)</c> with two arrays (and with a digest length), refused where the original Blake2Fast's
    /// 3.0 development gave it a keyed meaning (<see cref="SurfaceParts.OriginalKeyedHashDataGuard"/>).
    /// </summary>
    private static void OriginalKeyedHashDataGuards(CodeWriter w, Variants v)
    {
        SurfaceModel m = v.M;
        foreach (var (len, _) in v.Unkeyed)
        {
            string lenArg = v.LenCall(len);
            SurfaceParts.OriginalKeyedHashDataGuard(w, m, $"{m.ClassName}.Keyed.HashData({lenArg}key, source)", v.LenParam(len), lenArg);
        }
    }

    /// <summary>
    /// The keyed <c>HashData</c> with a destination under the original Blake2Fast 3.0 development's names, on the class
    /// itself: with a destination no unkeyed overload has this shape, so the call reads one way only (unlike
    /// <c>HashData(key, source)</c>, which is why that one lives in <c>Keyed</c>).
    /// </summary>
    private static void OriginalKeyedDestinations(CodeWriter w, Variants v)
    {
        SurfaceModel m = v.M;
        foreach (var (len, _) in v.Unkeyed)
        {
            string size = v.Size(len);
            w.Doc($"<summary>Computes the {v.What(len, true)} of <paramref name=\"source\"/>{v.WithLength(len)} into <paramref name=\"destination\"/>. Allocates nothing.</summary>",
                $"<remarks>The original Blake2Fast 3.0's name of <see cref=\"Keyed.HashData({(len ? "int, " : "")}ReadOnlySpan{{byte}}, ReadOnlySpan{{byte}}, Span{{byte}})\"/>, which it calls.</remarks>",
                $"<returns>The number of bytes written: {size}.</returns>",
                v.LengthDoc(len), v.KeyDoc(true),
                $"<exception cref=\"ArgumentException\"><paramref name=\"destination\"/> is shorter than {size}; nothing is written.</exception>");
            w.Line($"public static int HashData({v.LenParam(len)}ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => Keyed.HashData({v.LenCall(len)}key, source, destination);");
            w.Line();
        }
    }

    /// <summary>One digest-length/key variant of the BCL-style family: span, Try, stream, stream-to-span, and the two async forms.</summary>
    private static void HashData(CodeWriter w, Variants v, bool len, bool key)
    {
        SurfaceModel m = v.M;
        string s = m.StateName;
        string lk = v.LenParam(len) + v.KeyParam(key);
        string lkMemory = v.LenParam(len) + v.KeyParam(key, memory: true);
        string create = $"{s}.Create({v.LenArg(len)}, {v.KeyArg(key)})";
        string createMemory = $"{s}.Create({v.LenArg(len)}, {v.KeyArg(key, memory: true)})";
        string what = v.What(len, key);
        string size = v.Size(len);
        string lengthDoc = v.LengthDoc(len), keyDoc = v.KeyDoc(key);
        string destinationDoc = $"<exception cref=\"ArgumentException\"><paramref name=\"destination\"/> is shorter than {size}; nothing is written.</exception>";
        string[] streamDocs = SurfaceParts.StreamDocs("source");
        const string CanceledDoc = SurfaceParts.CanceledDoc;
        string legacy = $"ComputeHash({(len ? "int, " : "")}{(key ? "ReadOnlySpan{byte}, " : "")}ReadOnlySpan{{byte}})";
        string owner = key ? m.ClassName + "." : "";

        w.Doc($"<summary>Computes the {what} of <paramref name=\"source\"/>{v.WithLength(len)}.</summary>",
            $"<remarks>The BCL-style name of <see cref=\"{owner}{legacy}\"/>.</remarks>", lengthDoc, keyDoc);
        w.Line($"public static byte[] HashData({lk}ReadOnlySpan<byte> source) => {s}.Hash({v.LenArg(len)}, {v.KeyArg(key)}, source);");
        w.Line();

        w.Doc($"<summary>Computes the {what} of <paramref name=\"source\"/>{v.WithLength(len)} into <paramref name=\"destination\"/>. Allocates nothing.</summary>",
            $"<returns>The number of bytes written: {size}.</returns>", lengthDoc, keyDoc, destinationDoc);
        if (m.Blake2State)
        {
            // The BLAKE2 states validate once, check the destination in the engine and return the length.
            w.Line($"public static int HashData({lk}ReadOnlySpan<byte> source, Span<byte> destination) => {s}.Hash({v.LenArg(len)}, {v.KeyArg(key)}, source, destination, nameof(destination));");
        }
        else
        {
            w.Open($"public static int HashData({lk}ReadOnlySpan<byte> source, Span<byte> destination)");
            w.Line($"int length = {s}.DigestLengthOf({v.LenArg(len)}, {v.KeyArg(key)});");
            w.Line("if (destination.Length < length)");
            w.Line("    ThrowHelper.DestinationTooSmall(nameof(destination), length);");
            w.Line($"{s}.HashChecked({v.LenArg(len)}, {v.CheckedKeyArg(key)}, source, destination, nameof(destination));");
            w.Line("return length;");
            w.Close();
        }
        w.Line();

        w.Doc($"<summary>Computes the {what} of <paramref name=\"source\"/>{v.WithLength(len)} into <paramref name=\"destination\"/> if it is long enough. Allocates nothing.</summary>",
            $"<returns><see langword=\"false\"/>, with nothing written and <paramref name=\"bytesWritten\"/> 0, if <paramref name=\"destination\"/> is too short; otherwise <paramref name=\"bytesWritten\"/> is {size}.</returns>",
            lengthDoc, keyDoc);
        w.Open($"public static bool TryHashData({lk}ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)");
        w.Line($"int length = {s}.DigestLengthOf({v.LenArg(len)}, {v.KeyArg(key)});");
        w.Open("if (destination.Length < length)");
        w.Line("bytesWritten = 0;");
        w.Line("return false;");
        w.Close();
        w.Line($"{s}.HashChecked({v.LenArg(len)}, {v.CheckedKeyArg(key)}, source, destination, nameof(destination));");
        w.Line("bytesWritten = length;");
        w.Line("return true;");
        w.Close();
        w.Line();

        w.Doc([$"<summary>Computes the {what} of the rest of <paramref name=\"source\"/>{v.WithLength(len)}, read in pooled chunks.</summary>",
            lengthDoc, keyDoc, .. streamDocs]);
        SurfaceParts.StreamMethod(w, m, $"public static byte[] HashData({lk}Stream source)", create, "source",
            "return StreamHasher.Hash(state, source);");

        w.Doc([$"<summary>Computes the {what} of the rest of <paramref name=\"source\"/>{v.WithLength(len)} into <paramref name=\"destination\"/>, read in pooled chunks.</summary>",
            $"<returns>The number of bytes written: {size}.</returns>",
            lengthDoc, keyDoc, .. streamDocs,
            $"<exception cref=\"ArgumentException\"><paramref name=\"destination\"/> is shorter than {size}; checked before the stream is read.</exception>"]);
        SurfaceParts.StreamMethod(w, m, $"public static int HashData({lk}Stream source, Span<byte> destination)", create, "source",
            "int length = state.DigestLength;",
            "if (destination.Length < length)",
            "    ThrowHelper.DestinationTooSmall(nameof(destination), length);",
            "StreamHasher.Hash(state, source, destination);",
            "return length;");

        SurfaceParts.OpenAsync(w);
        w.Doc([$"<summary>Computes the {what} of the rest of <paramref name=\"source\"/>{v.WithLength(len)}, reading asynchronously.</summary>",
            SurfaceParts.AsyncRemarks,
            lengthDoc, keyDoc, .. streamDocs, CanceledDoc]);
        SurfaceParts.StreamMethod(w, m, $"public static ValueTask<byte[]> HashDataAsync({lkMemory}Stream source, CancellationToken cancellationToken = default)", createMemory, "source",
            "return new ValueTask<byte[]>(StreamHasher.HashAsync(state, source, cancellationToken));");

        w.Doc([$"<summary>Computes the {what} of the rest of <paramref name=\"source\"/>{v.WithLength(len)} into <paramref name=\"destination\"/>, reading asynchronously.</summary>",
            SurfaceParts.AsyncRemarks,
            $"<returns>The number of bytes written: {size}.</returns>",
            lengthDoc, keyDoc, .. streamDocs,
            $"<exception cref=\"ArgumentException\"><paramref name=\"destination\"/> is shorter than {size}; checked before the stream is read.</exception>",
            CanceledDoc]);
        SurfaceParts.StreamMethod(w, m, $"public static ValueTask<int> HashDataAsync({lkMemory}Stream source, Memory<byte> destination, CancellationToken cancellationToken = default)", createMemory, "source",
            "if (destination.Length < state.DigestLength)",
            "    ThrowHelper.DestinationTooSmall(nameof(destination), state.DigestLength);",
            "return StreamHasher.HashAsync(state, source, destination, cancellationToken);");
        SurfaceParts.CloseAsync(w);
    }
}
