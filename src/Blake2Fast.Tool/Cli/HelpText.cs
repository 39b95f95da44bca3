using System.IO;

namespace Blake2Fast.Tool.Cli;

/// <summary>The texts of <c>--help</c> and <c>--version</c>.</summary>
internal static class HelpText
{
    public static void WriteHelp(TextWriter output)
    {
        const string P = ToolContext.ProgramName;
        output.Write(
            "Usage: " + P + " [OPTION]... [FILE]...\n" +
            "Print or check BLAKE2 (b, s, bp, sp), BLAKE3 or BLAKE-256/224 checksums\n" +
            "(BLAKE2b, 512 bits, unless told otherwise).\n" +
            "\n" +
            "With no FILE, or when FILE is -, read standard input.\n" +
            "\n" +
            "Mandatory arguments to long options are mandatory for short options too.\n" +
            "  -a, --algorithm=NAME  blake2b (the default), blake2s, their parallel\n" +
            "                          modes blake2bp and blake2sp, blake3; or blake256\n" +
            "                          and blake224 (BLAKE, the SHA-3 finalist)\n" +
            "  -b, --binary          read in binary mode ('*' before the name)\n" +
            "  -c, --check           verify the checksums listed in the FILEs\n" +
            "  -l, --length=BITS     digest length in bits: a multiple of 8, at most 512\n" +
            "                          for blake2b(p) and 256 for blake2s(p) (0: the\n" +
            "                          maximum); blake3 takes any length, 256 by default,\n" +
            "                          longer being its extended output (b3sum -l counts\n" +
            "                          bytes, not bits); blake256 and blake224 take only\n" +
            "                          their full length\n" +
            "      --tag             print BSD-style lines: BLAKE2b (FILE) = HEX\n" +
            "  -t, --text            read in text mode (the default)\n" +
            "  -z, --zero            end each output line with NUL, not newline,\n" +
            "                          and do not escape file names\n" +
            "      --threads=N       hash files on N threads (default: one per processor,\n" +
            "                          and one more where there are several, to keep them\n" +
            "                          busy while a thread waits for a read; 1: one file\n" +
            "                          after the other), the files a --check list names\n" +
            "                          too; lines still come out in the order of the\n" +
            "                          FILEs (or the list). Only blake3 spreads one large\n" +
            "                          file over threads: the others hash a file on one\n" +
            "                          core (blake2b, blake2s, blake256 and blake224 are\n" +
            "                          sequential; blake2bp and blake2sp run their leaves\n" +
            "                          side by side in one core's vector lanes)\n" +
            "      --num-threads=N   the same, under b3sum's name\n" +
            "\n" +
            "As b3sum does:\n" +
            "      --keyed           keyed hashing; the key is read raw from standard\n" +
            "                          input: exactly 32 bytes for blake3, 1 to 64 for\n" +
            "                          blake2b(p), 1 to 32 for blake2s(p)\n" +
            "      --derive-key=CONTEXT  blake3's key derivation for CONTEXT; the FILEs\n" +
            "                          hold the key material\n" +
            "      --no-names        print the checksums without file names\n" +
            "      --raw             write the checksum of one FILE as raw bytes\n" +
            "\n" +
            "One blake3 FILE hashed in pieces, by separate runs or machines:\n" +
            "      --subtree=OFFSET,LENGTH  print the chaining value of that byte range\n" +
            "                          of the one FILE (up to its end, if sooner):\n" +
            "                          HEX  OFFSET+LENGTH/SIZE  MODE  NAME\n" +
            "      --merge           read such lines from the FILEs (or standard input)\n" +
            "                          and print the hash of the file they tile, as a\n" +
            "                          plain run would (any mode and -l); ranges that do\n" +
            "                          not tile the file or are not subtrees are refused\n" +
            "\n" +
            "Only when verifying checksums:\n" +
            "      --ignore-missing  skip listed files that do not exist\n" +
            "      --quiet           print nothing for files that verify\n" +
            "      --status          print no results or warnings; the exit status tells\n" +
            "      --strict          fail if a line is improperly formatted\n" +
            "  -w, --warn            report each improperly formatted line\n" +
            "\n" +
            "Bao, BLAKE3's verified streaming (first on the command line):\n" +
            "      --bao VERB ...    the bao tool's hash, encode, decode, slice and\n" +
            "                          decode-slice, with --outboard; '--bao --help'\n" +
            "                          for their arguments\n" +
            "\n" +
            "The library's kernels, instead of checksums:\n" +
            "      --benchmark       time every hashing kernel this CPU runs, print the\n" +
            "                          table, the kernel the library chose and the CPU's\n" +
            "                          identity, and exit (about 1 s per kernel)\n" +
            "      --short           with --benchmark: a quick run, rough timings\n" +
            "\n" +
            "      --help            display this help and exit\n" +
            "      --version         output version information and exit\n" +
            "\n" +
            "BLAKE2 digests follow RFC 7693. Output lines are compatible with GNU b2sum: the\n" +
            "checksum, a space, '*' for binary or ' ' for text mode, then the name.\n" +
            "A line starts with '\\' when the name holds a backslash, newline or carriage\n" +
            "return; these are then written as \\\\, \\n and \\r.\n" +
            "When checking, FILE holds lines in either format, as printed by " + P + ",\n" +
            "b2sum or b3sum; the digest length is taken from each line. A BSD-style line\n" +
            "names its algorithm (BLAKE3 (FILE) = HEX, BLAKE2s-128 (FILE) = HEX), which\n" +
            "checks it, as in GNU cksum -c; other lines use -a (blake2b by default).\n" +
            "With --keyed or --derive-key every line is checked in that mode.\n" +
            "\n" +
            "Exit status: 0 on success, 1 if a file could not be read, a checksum did not\n" +
            "match, or the command line was invalid.\n");
    }

    public static void WriteVersion(TextWriter output)
    {
        output.Write(
            ToolContext.ProgramName + " (Blake2Fast) " + Version + "\n" +
            "BLAKE2 (b, s, bp, sp), BLAKE3 and BLAKE-256/224 checksums, computed with the\n" +
            "Blake2Fast library.\n" +
            "Build: " + NativeTwin.Build + ".\n" +
            "License: MIT. This is free software: you are free to change and redistribute it.\n");
    }

    /// <summary>
    /// The informational version without its source revision. A constant the build writes (ToolVersion.g.cs), not the
    /// assembly's attribute: reading that takes reflection, which brings its types into the NativeAOT executable, and
    /// every start then pays to rehydrate them (docs/benchmarks/first-call-and-aot.md, the tool's start-up).
    /// </summary>
    private static string Version
    {
        get
        {
            string informational = ToolVersion.Informational;
            int plus = informational.IndexOf('+');
            return informational.Length == 0 ? "0.0.0" : plus < 0 ? informational : informational.Substring(0, plus);
        }
    }
}
