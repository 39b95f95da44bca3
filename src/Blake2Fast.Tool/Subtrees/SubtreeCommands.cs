using System;
using System.Collections.Generic;
using System.IO;
using Blake2Fast.Tool.Checking;
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Subtrees;

/// <summary>
/// One BLAKE3 file hashed in pieces by separate runs (other processes, other machines): <c>--subtree=OFFSET,LENGTH</c>
/// prints the chaining value of one byte range of a FILE (up to its end) as a subtree line,
/// <c>HEX  OFFSET+LENGTH/SIZE  MODE  NAME</c> (<see cref="SubtreeLines"/>);
/// <c>--merge</c> reads such lines (from the FILEs, or standard input) and prints the file's hash as a plain run would.
/// Anything that would not give the file's hash (a malformed line, a wrong-length value, a range that is not a subtree
/// of the file, a gap or an overlap, ranges that do not reach the end, lines about different files) is refused.
/// </summary>
internal static class SubtreeCommands
{
    /// <summary>What is wrong with <c>--subtree</c> or <c>--merge</c> among the other options; null when nothing is.</summary>
    public static string? Problem(Options options, ToolContext context)
    {
        string? option = options.Subtree is not null ? "--subtree" : options.Merge ? "--merge" : null;
        if (option is null)
        {
            return null;
        }

        if (options.Subtree is not null && options.Merge)
        {
            return "the --subtree and --merge options are mutually exclusive";
        }

        if (options.Algorithm != DigestAlgorithm.Blake3)
        {
            return "the " + option + " option is meaningful only with --algorithm=blake3";
        }

        if (options.Check)
        {
            return "the " + option + " option is meaningless when verifying checksums";
        }

        if (options.Subtree is not null)
        {
            if (options.Tag || options.Raw || options.NoNames || options.Zero)
            {
                return "the --subtree option prints a subtree line: --tag, --raw, --no-names and --zero do not apply";
            }

            if (options.Files.Count != 1 || options.Files[0] == "-")
            {
                return options.Files.Count > 1
                    ? "extra operand " + context.QuoteArgument(options.Files[1]) + ": --subtree reads a range of one FILE"
                    : "--subtree reads a range of one FILE, which standard input is not";
            }
        }

        return null;
    }

    /// <summary><c>--subtree</c>: the subtree line of one range of the one FILE.</summary>
    public static int PrintSubtree(Options options, ToolContext context)
    {
        string name = options.Files[0];
        (long offset, long length) = options.Subtree!.Value;
        string quoted = context.QuoteName(name);
        FileFailure? failure = InputFile.TryOpen(context.ResolvePath(name), out InputFile? file);
        if (failure is not null)
        {
            context.Error(quoted + ": " + failure.Value.Message);
            return 1;
        }

        using (file)
        {
            long size = file!.Size;
            if (size < 0 || !file.Positional)
            {
                context.Error(quoted + ": not a regular file: --subtree reads a range of a file of known size");
                return 1;
            }

            // A range may run past the end of the file: it stops there, so that every piece can be asked for with one
            // length (OFFSET,PIECE for OFFSET = 0, PIECE, 2*PIECE, ...).
            if (offset >= size)
            {
                context.Error(quoted + ": range " + Blake3Pieces.Range(offset, length) + " starts at or past the end of the file (" + size + " bytes)");
                return 1;
            }

            length = Math.Min(length, size - offset);
            string? problem = Blake3Pieces.Problem(offset, length, size);
            if (problem is not null)
            {
                context.Error(quoted + ": " + problem);
                return 1;
            }

            Blake3HashState state = Blake3.CreateIncrementalHasher(options.Algorithm.Blake3Mode!.Value);
            state.SetInputOffset(offset);
            try
            {
                // Read and hashed on every thread, as a large file is (one thread per processor at most).
                int threads = Math.Min(options.Threads ?? B2fSum.DefaultThreads, Environment.ProcessorCount);
                long done = state.UpdateParallel(file.Handle, offset, length, threads);
                if (done < length)
                {
                    context.Error(quoted + ": the file ends at " + (offset + done) + ", before the end of range " + Blake3Pieces.Range(offset, length));
                    return 1;
                }
            }
            catch (IOException ex)
            {
                context.Error(quoted + ": " + FileOpening.Describe(ex));
                return 1;
            }
            catch (UnauthorizedAccessException)
            {
                context.Error(quoted + ": Permission denied");
                return 1;
            }

            context.Stdout.Write(SubtreeLines.Format(state.FinishSubtree(), offset, length, size, options.Algorithm.Blake3Mode!.Value, name));
            return 0;
        }
    }

    /// <summary><c>--merge</c>: the hash of the file the subtree lines describe, as a plain run prints it.</summary>
    public static int Merge(Options options, ToolContext context)
    {
        var pieces = new List<SubtreePiece>();
        string modeCheck = SubtreeLines.ModeCheck(options.Algorithm.Blake3Mode!.Value);
        string? name = null;
        long size = -1;
        foreach (string list in options.Files)
        {
            string where = list == "-" ? "standard input" : context.QuoteName(list);
            Stream? stream;
            if (list == "-")
            {
                stream = context.Stdin;
                context.StdinUsed = true;
            }
            else
            {
                FileFailure? failure = FileOpening.TryOpen(context.ResolvePath(list), out stream);
                if (failure is not null)
                {
                    context.Error(where + ": " + failure.Value.Message);
                    return 1;
                }
            }

            try
            {
                long number = 0;
                foreach (string line in ChecksumListLines.Read(stream!))
                {
                    number++;
                    if (line.Length == 0)
                    {
                        continue;
                    }

                    string? problem = SubtreeLines.Parse(line, out SubtreePiece piece, out string pieceMode, out string pieceName, out long pieceSize);
                    if (problem is null && !string.Equals(pieceMode, modeCheck, StringComparison.OrdinalIgnoreCase))
                    {
                        problem = "the piece was hashed in another mode than this merge (plain, --keyed with another key, or --derive-key with another context)";
                    }

                    if (problem is null && name is not null && pieceName != name)
                    {
                        problem = "the line is about " + context.QuoteName(pieceName) + ", earlier lines about " + context.QuoteName(name);
                    }

                    if (problem is null && size >= 0 && pieceSize != size)
                    {
                        problem = "the line gives the file " + pieceSize + " bytes, earlier lines " + size + ": the file changed between the runs";
                    }

                    problem ??= Blake3Pieces.Problem(piece.Offset, piece.Length, pieceSize);
                    if (problem is not null)
                    {
                        context.Error(where + ": " + number + ": " + problem);
                        return 1;
                    }

                    name = pieceName;
                    size = pieceSize;
                    pieces.Add(piece);
                }
            }
            catch (IOException ex)
            {
                context.Error(where + ": " + FileOpening.Describe(ex));
                return 1;
            }
            finally
            {
                if (list != "-")
                {
                    stream!.Dispose();
                }
            }
        }

        string? tiling = pieces.Count == 0 ? "no subtree lines found" : TilingProblem(pieces, size);
        if (tiling is not null)
        {
            context.Error(tiling);
            return 1;
        }

        byte[] digest = new byte[options.DigestBytes];
        Blake3Pieces.MergeRoot(pieces, size, options.Algorithm.Blake3Mode!.Value, digest);
        B2fSum.WriteResult(name!, digest, options, context);
        return 0;
    }

    /// <summary>Sorts the pieces by offset; what keeps them from tiling bytes 0 to <paramref name="size"/> exactly, or null.</summary>
    private static string? TilingProblem(List<SubtreePiece> pieces, long size)
    {
        pieces.Sort((a, b) => a.Offset.CompareTo(b.Offset));
        long end = 0;
        foreach (SubtreePiece piece in pieces)
        {
            if (piece.Offset > end)
            {
                return "bytes " + end + " to " + piece.Offset + " are in no range: a gap before range " + piece;
            }

            if (piece.Offset < end)
            {
                return "range " + piece + " overlaps the range before it, which ends at " + end;
            }

            end = piece.End;
        }

        return end < size ? "bytes " + end + " to " + size + " are in no range: the ranges stop before the end of the file" : null;
    }
}
