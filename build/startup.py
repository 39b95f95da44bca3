#!/usr/bin/env python3
"""b2fsum's start-up against a NativeAOT hello world, and where its x86-64-v4 twin starts to pay (issue 34).

    startup.py HELLO TOOL_DIR DATA_DIR [RUNS] [ROUNDS]

HELLO is build/startup-hello published; TOOL_DIR holds the published linux-x64 tool (Blake2Fast.Tool and, where
it was built, Blake2Fast.Tool-x86-64-v4). Every command runs RUNS times per round, the commands alternated within a
round; each row gives the best and the median over all runs, in ms of wall time, the best over hello's best, and the
median of the process's minor page faults (from wait4: the same on every run, and less noisy than time on a loaded
machine). Where B2FSUM_EXE names a command (the one `dotnet tool install` made, as CI sets it), it gets a row too.
The second table runs the baseline build (B2FSUM_BASELINE=1) and the twin on files of growing size: the exec costs
the twin's start, the AVX-512 kernels save time per byte, and NativeTwin.TwinThreshold sits where they cross.
build/first-call-and-aot.sh startup builds everything and runs this; docs/benchmarks/first-call-and-aot.md has
the tables.
"""
import os
import statistics
import sys
import time


def cpu_runs_x86_64_v4():
    """The twin refuses to start without these (NativeTwin.cs reads the same flags)."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    except OSError:
        return False
    return all(name in flags for name in ("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"))


def run_once(argv, env, faults=None):
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"startup.py: {' '.join(argv)} failed ({status})")
    if faults is not None:
        faults.append(usage.ru_minflt)
    return elapsed * 1000


def measure(rows, runs, rounds, faults=None):
    """rows: (label, argv, env); returns label -> list of ms, the rows alternated run by run in every round (and fills
    faults, if given, with label -> list of minor page faults)."""
    times = {label: [] for label, _, _ in rows}
    for label, _, _ in rows:
        if faults is not None:
            faults[label] = []
    for _ in range(rounds):
        for _ in range(runs):
            for label, argv, env in rows:
                times[label].append(run_once(argv, env, None if faults is None else faults[label]))
    return times


def main():
    hello, tool_dir, data = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    tool = os.path.join(tool_dir, "Blake2Fast.Tool")
    twin = tool + "-x86-64-v4"
    has_twin = os.path.exists(twin) and cpu_runs_x86_64_v4()
    base_env = {k: v for k, v in os.environ.items() if k != "B2FSUM_BASELINE"}
    baseline_env = dict(base_env, B2FSUM_BASELINE="1")
    empty = os.path.join(data, "empty")
    open(empty, "wb").close()

    rows = [("hello world", [hello], base_env),
            ("`b2fsum empty` (the published executable)", [tool, empty], base_env),
            ("`b2fsum -a blake3 empty`", [tool, "-a", "blake3", empty], base_env),
            ("`B2FSUM_BASELINE=1 b2fsum empty` (the baseline build alone)", [tool, empty], baseline_env)]
    if has_twin:
        rows.append(("`b2fsum-x86-64-v4 empty` (the twin alone)", [twin, empty], base_env))
    # The command `dotnet tool install` made, where B2FSUM_EXE names one (as CI sets it): a freshly installed file
    # measured slower to start than the same bytes published (docs/benchmarks/first-call-and-aot.md).
    installed = os.environ.get("B2FSUM_EXE", "")
    if installed and os.path.exists(installed):
        rows.append((f"`{installed} empty` (B2FSUM_EXE, the installed command)", [installed, empty], base_env))
    faults = {}
    times = measure(rows, runs, rounds, faults)
    best_hello = min(times["hello world"])
    print(f"Start-up, wall ms, best (median) of {runs * rounds} runs in {rounds} alternated rounds:")
    print("| | best | median | best over hello | page faults |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, _, _ in rows:
        t = times[label]
        print(f"| {label} | {min(t):.2f} | {statistics.median(t):.2f} | {min(t) / best_hello:.2f} | {statistics.median(faults[label]):.0f} |")

    if not has_twin:
        return
    print()
    print("The baseline build, the twin, and the published command (which execs the twin from "
          "NativeTwin.TwinThreshold on) by input size, wall ms, best of the runs:")
    print("| algorithm | size | baseline | twin | published command |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for algorithm in ("blake2b", "blake3"):
        for mib in (4, 16, 64, 256):
            path = os.path.join(data, f"{mib}MiB")
            if not os.path.exists(path) or os.path.getsize(path) != mib << 20:
                with open(path, "wb") as f:
                    f.write(os.urandom(mib << 20))
            rows = [("baseline", [tool, "-a", algorithm, path], baseline_env),
                    ("twin", [twin, "-a", algorithm, path], base_env),
                    ("published", [tool, "-a", algorithm, path], base_env)]
            t = measure(rows, max(1, runs // 4), rounds)
            print(f"| {algorithm} | {mib} MiB | {min(t['baseline']):.2f} | {min(t['twin']):.2f} | {min(t['published']):.2f} |")


if __name__ == "__main__":
    main()
