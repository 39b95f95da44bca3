using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Oracle;

/// <summary>
/// The static API is documented as thread-safe: many threads hashing shared inputs at once (several algorithms,
/// digest lengths and keys, every static entry point) must get exactly the digests computed serially, which are
/// themselves checked against the reference implementation.
/// </summary>
public class ConcurrencyTests
{
    private sealed record Config(FixedDigestDriver Algorithm, int DigestLength, byte[] Key)
    {
        public override string ToString() => $"{Algorithm.Name} digestLength={DigestLength} keyLength={Key.Length}";
    }

    private sealed class Workload
    {
        public Workload()
        {
            var rng = new OracleRandom(0xC0C0_2024_0001UL);
            var lengths = new List<int> { 0, 1, 63, 64, 65, 127, 128, 129, 1000, 4096, 4097, 65536 + 3, 300_000 };
            while (lengths.Count < 40)
                lengths.Add(rng.Next(0, 3000));
            Inputs = lengths.Select(n => rng.Bytes(n)).ToArray();
            Configs = new[]
            {
                new Config(FixedDigestDriver.B, 64, Array.Empty<byte>()),
                new Config(FixedDigestDriver.B, 20, Array.Empty<byte>()),
                new Config(FixedDigestDriver.B, 64, rng.Bytes(64)),
                new Config(FixedDigestDriver.B, 33, rng.Bytes(7)),
                new Config(FixedDigestDriver.S, 32, Array.Empty<byte>()),
                new Config(FixedDigestDriver.S, 16, Array.Empty<byte>()),
                new Config(FixedDigestDriver.S, 32, rng.Bytes(32)),
                new Config(FixedDigestDriver.S, 9, rng.Bytes(3)),
            };

            // Serial results, each checked against the reference.
            Expected = new byte[Configs.Length][][];
            for (int c = 0; c < Configs.Length; c++)
            {
                Config config = Configs[c];
                var reference = new ReferenceParameters { DigestLength = config.DigestLength, Key = config.Key };
                Expected[c] = new byte[Inputs.Length][];
                for (int i = 0; i < Inputs.Length; i++)
                {
                    byte[] serial = config.Algorithm.ComputeHash(config.DigestLength, config.Key, Inputs[i]);
                    byte[] oracle = config.Algorithm.ReferenceHash(reference, Inputs[i]);
                    if (!serial.AsSpan().SequenceEqual(oracle))
                        throw new InvalidOperationException($"serial digest differs from the reference: {config}, input length {Inputs[i].Length}");
                    Expected[c][i] = serial;
                }
            }
        }

        public byte[][] Inputs { get; }
        public Config[] Configs { get; }
        public byte[][][] Expected { get; }

        /// <summary>Job j: a config, an input and an entry point, spread so neighbours differ in all three.</summary>
        public string? Run(int job)
        {
            int c = job % Configs.Length;
            int i = (job / Configs.Length + job * 7) % Inputs.Length;
            int api = (job / (Configs.Length * Inputs.Length) + job) % 5;
            Config config = Configs[c];
            FixedDigestDriver algorithm = config.Algorithm;
            byte[] input = Inputs[i];
            byte[] actual;
            switch (api)
            {
                case 0:
                    actual = algorithm.ComputeHash(config.DigestLength, config.Key, input);
                    break;
                case 1:
                    actual = new byte[config.DigestLength];
                    algorithm.ComputeAndWriteHash(config.DigestLength, config.Key, input, actual);
                    break;
                case 2:
                    actual = algorithm.ComputeHash(new Blake2Parameters { DigestLength = config.DigestLength, Key = config.Key }, input);
                    break;
                case 3:
                {
                    Hasher hasher = algorithm.CreateIncrementalHasher(config.DigestLength, config.Key);
                    int half = input.Length / 2;
                    hasher.Update(input.AsSpan(0, half));
                    hasher.Update(input.AsSpan(half));
                    actual = hasher.Finish();
                    break;
                }
                default:
                {
                    using System.Security.Cryptography.HashAlgorithm hash = config.Key.Length == 0
                        ? algorithm.CreateHashAlgorithm(config.DigestLength)
                        : algorithm.CreateHMAC(config.DigestLength, config.Key);
                    actual = hash.ComputeHash(input);
                    break;
                }
            }
            return actual.AsSpan().SequenceEqual(Expected[c][i]) ? null
                : $"job {job}: {config}, input {i} (length {input.Length}), api {api}: {Hex.Encode(actual)} instead of {Hex.Encode(Expected[c][i])}";
        }
    }

    private static readonly Lazy<Workload> Shared = new(() => new Workload());

    [Fact]
    public void ParallelFor_StaticApi_EqualsSerialResults()
    {
        Workload work = Shared.Value;
        var failures = new ConcurrentQueue<string>();
        int jobs = work.Configs.Length * work.Inputs.Length * 5;
        Parallel.For(0, jobs, new ParallelOptions { MaxDegreeOfParallelism = Math.Max(4, Environment.ProcessorCount * 2) }, job =>
        {
            if (work.Run(job) is string failure)
                failures.Enqueue(failure);
        });
        Assert.True(failures.IsEmpty, string.Join("\n", failures.Take(10)));
    }

    [Fact]
    public void ManyThreadsStartedTogether_StaticApi_EqualsSerialResults()
    {
        Workload work = Shared.Value;
        const int threadCount = 8;
        int jobsPerThread = work.Configs.Length * work.Inputs.Length;
        var failures = new ConcurrentQueue<string>();
        using var start = new Barrier(threadCount);
        var threads = new Thread[threadCount];
        for (int t = 0; t < threadCount; t++)
        {
            int thread = t;
            threads[t] = new Thread(() =>
            {
                start.SignalAndWait();
                // Each thread walks all jobs from a different starting point, so the same inputs and configs
                // are in use on several threads at the same moment.
                for (int n = 0; n < jobsPerThread; n++)
                {
                    int job = n + thread * 37;
                    try
                    {
                        if (work.Run(job) is string failure)
                            failures.Enqueue($"thread {thread}: {failure}");
                    }
                    catch (Exception e)
                    {
                        failures.Enqueue($"thread {thread}, job {job}: {e}");
                    }
                }
            });
            threads[t].Start();
        }
        foreach (Thread thread in threads)
            Assert.True(thread.Join(TimeSpan.FromMinutes(2)), "a hashing thread did not finish");
        Assert.True(failures.IsEmpty, string.Join("\n", failures.Take(10)));
    }
}
