using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Blake2Fast.Tool.Checking;

/// <summary>The lines of a checksum list, as <c>--check</c> reads them.</summary>
internal static class ChecksumListLines
{
    /// <summary>
    /// Splits a stream into lines at '\n' only (a '\r' stays part of the line), decoding each as UTF-8; a last line
    /// without a newline counts too.
    /// </summary>
    public static IEnumerable<string> Read(Stream stream)
    {
        var encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: false);
        byte[] buffer = new byte[64 * 1024];
        var pending = new MemoryStream();
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            int start = 0;
            for (int i = 0; i < read; i++)
            {
                if (buffer[i] != (byte)'\n')
                {
                    continue;
                }

                string line;
                if (pending.Length == 0)
                {
                    line = encoding.GetString(buffer, start, i - start);
                }
                else
                {
                    pending.Write(buffer, start, i - start);
                    line = encoding.GetString(pending.GetBuffer(), 0, (int)pending.Length);
                    pending.SetLength(0);
                }

                yield return line;
                start = i + 1;
            }

            pending.Write(buffer, start, read - start);
        }

        if (pending.Length > 0)
        {
            yield return encoding.GetString(pending.GetBuffer(), 0, (int)pending.Length);
        }
    }
}
