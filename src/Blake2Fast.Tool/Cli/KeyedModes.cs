using System;
using System.IO;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Cli;

/// <summary>
/// The options b2fsum takes from <c>b3sum</c>: <c>--keyed</c> (a raw key on standard input, for BLAKE3 and the
/// BLAKE2 algorithms), <c>--derive-key CONTEXT</c> (BLAKE3), <c>--no-names</c> and <c>--raw</c>. Checked once the
/// whole command line is known; the key is read before any file.
/// </summary>
internal static class KeyedModes
{
    /// <summary>What is wrong with the combination of these options, in coreutils' words; null when nothing is.</summary>
    public static string? Problem(Options options, ToolContext context)
    {
        DigestAlgorithm algorithm = options.Algorithm;
        if (options.Keyed && options.DeriveKeyContext is not null)
        {
            return "the --keyed and --derive-key options are mutually exclusive";
        }

        if (options.DeriveKeyContext is not null && algorithm != DigestAlgorithm.Blake3)
        {
            return "the --derive-key option is meaningful only with --algorithm=blake3";
        }

        if (options.Keyed && algorithm.MaxKeyBytes == 0)
        {
            return "the --keyed option is not supported for " + algorithm.TagName + ", which has no keyed mode";
        }

        if (options.Keyed && (options.Files.Count == 0 || options.Files.Contains("-")))
        {
            return "standard input holds the key with --keyed; name the files to " + (options.Check ? "check" : "hash");
        }

        if (options.Check && options.NoNames)
        {
            return "the --no-names option is meaningless when verifying checksums";
        }

        if (options.Check && options.Raw)
        {
            return "the --raw option is meaningless when verifying checksums";
        }

        if (options.Tag && (options.Raw || options.NoNames))
        {
            return "the --tag and " + (options.Raw ? "--raw" : "--no-names") + " options are mutually exclusive";
        }

        // Under --merge the FILEs are the lists of one file's pieces: one digest whatever their number.
        if (options.Raw && options.Files.Count > 1 && !options.Merge)
        {
            return "extra operand " + context.QuoteArgument(options.Files[1]) + ": --raw writes the digest of one FILE";
        }

        return null;
    }

    /// <summary>
    /// Reads the key under <c>--keyed</c> and puts the algorithm into the mode asked for. False when the key is not
    /// one the algorithm takes, or standard input cannot be read; the error is reported.
    /// </summary>
    public static bool Apply(Options options, ToolContext context)
    {
        DigestAlgorithm plain = options.Algorithm;
        if (options.Keyed)
        {
            // One byte more than the longest key is enough to tell "too long"; b3sum reads no further either.
            byte[] buffer = new byte[plain.MaxKeyBytes + 1];
            int read = 0;
            context.StdinUsed = true;
            try
            {
                int got;
                while (read < buffer.Length && (got = context.Stdin.Read(buffer, read, buffer.Length - read)) > 0)
                {
                    read += got;
                }
            }
            catch (IOException ex)
            {
                // A descriptor closed at start is reported at exit, as for any other read of standard input.
                if (context.Stdin is not ClosedDescriptorStream)
                {
                    context.Error("standard input: " + StandardOutputWriter.Reason(ex));
                }

                return false;
            }

            options.Key = buffer.AsSpan(0, read).ToArray();
            Array.Clear(buffer, 0, buffer.Length);
            if (plain.WithKey(options.Key) is null)
            {
                string found = read > plain.MaxKeyBytes ? "more than " + plain.MaxKeyBytes : read.ToString(System.Globalization.CultureInfo.InvariantCulture);
                context.UsageError("invalid key: " + found + (read == 1 ? " byte" : " bytes") + " read from standard input; "
                    + plain.TagName + " takes a key of " + plain.KeyLengths + " bytes");
                return false;
            }
        }

        options.Algorithm = options.InMode(plain)!;
        return true;
    }
}
