#!/usr/bin/env python3
"""Runs the shell blocks of the documentation, so that a command a page tells readers to run keeps working.

    python3 build/doc-shell-blocks.py [--b2fsum EXE] [--timeout SECONDS] [PAGE...]
    python3 build/doc-shell-blocks.py --self-test

Every ```sh and ```bash block of README.md, src/Blake2Fast.Tool/README.md and docs/**/*.md (or of the PAGEs named)
runs, page by page: each page's blocks in order in one bash session (set -euo pipefail), so a block can use what an
earlier one made, in a scratch copy of the repository's tracked files (reset for each page, build output aside; the
checkout is not touched), with standard input from /dev/null. A block a CI machine cannot run (an install from the
public NuGet gallery, a long benchmark, a cross-compile, other hosts) carries a marker on the line before its fence,
which a reader sees too:

    <!-- not run in CI: installs from the public NuGet gallery -->
    ```sh

and is listed with its reason. The script fails (exit 1) when a block fails, a page runs longer than --timeout (its
process group is killed), a fence has no language (label it: sh or bash to run, text for output; README.md only gets
a warning until its block is labelled), or a marker stands before anything but a sh/bash fence.

`b2fsum` in a block is the command a user has: the script puts a folder holding a `b2fsum` link first on PATH, to
--b2fsum, else $B2FSUM_EXE (CI: the tool installed from its package), else the tool's Release build in this checkout.
--self-test runs the script's own checks on made-up pages (a broken block must fail, a marker must skip) and exits.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNABLE = {"sh", "bash"}
MARKER = re.compile(r"^\s*<!--\s*not run in CI:\s*(.*?)\s*-->\s*$")
OPENING = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")


class Block:
    def __init__(self, page, line, language, code, skip_reason):
        self.page, self.line, self.language, self.code, self.skip_reason = page, line, language, code, skip_reason

    @property
    def where(self):
        return f"{self.page}:{self.line}"


def parse(page, text):
    """The page's fenced blocks, and the problems found (unlabelled fences, stray markers) as (is_error, message)."""
    blocks, problems = [], []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        opening = OPENING.match(lines[i])
        marker = MARKER.match(lines[i])
        if marker and not (i + 1 < len(lines) and (m := OPENING.match(lines[i + 1])) and m.group(3) in RUNNABLE):
            problems.append((True, f"{page}:{i + 1}: a 'not run in CI' marker must stand on the line before a ```sh or ```bash fence"))
        if not opening:
            i += 1
            continue
        indent, fence, language = opening.groups()
        start = i
        code = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$", lines[i]):
            line = lines[i]
            code.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        i += 1  # the closing fence
        if language == "":
            problems.append((True, f"{page}:{start + 1}: a fenced block without a language "
                             "(```sh or ```bash for commands to run, ```text for output and other text)"))
        previous = MARKER.match(lines[start - 1]) if start > 0 else None
        blocks.append(Block(page, start + 1, language.lower(), "\n".join(code) + "\n", previous.group(1) if previous else None))
    return blocks, problems


def run_session(name, blocks, workdir, env, timeout, quiet=False):
    """Runs the blocks in one bash session in workdir; returns None, or what failed."""
    scripts = Path(tempfile.mkdtemp(prefix="doc-blocks-"))
    try:
        driver = ["set -euo pipefail",
                  'trap \'s=$?; [ "$s" = 0 ] || echo "doc-shell-blocks: the block at ${__block} failed (exit $s)" >&2\' EXIT']
        for n, block in enumerate(blocks):
            path = scripts / f"{n:03d}.sh"
            path.write_text(block.code)
            driver.append(f"__block='{block.where}'; echo '### {block.where} ({block.language})'; source '{path}'")
        driver.append("__block=end")
        (scripts / "driver.sh").write_text("\n".join(driver) + "\n")
        sys.stdout.flush()
        output = subprocess.DEVNULL if quiet else None
        process = subprocess.Popen(["bash", str(scripts / "driver.sh")], cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                                   stdout=output, stderr=output, start_new_session=True)
        try:
            status = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return f"{name}: its blocks ran longer than {timeout} s (killed)"
        return None if status == 0 else f"{name}: a block failed (exit {status}; the line above names it)"
    finally:
        shutil.rmtree(scripts, ignore_errors=True)


class Scratch:
    """
    A copy of the repository's tracked files (as a clone has them) in a temporary folder, reset before each page: what
    an earlier page made is removed and the tracked files are copied again, but build output (bin/ and obj/) stays,
    so that a second page's `dotnet run` does not build the tool from nothing again.
    """

    KEPT = {"bin", "obj"}
    GENERATED = {".git", "bin", "obj", "artifacts", "TestResults", "BenchmarkDotNet.Artifacts"}

    def __init__(self):
        self.path = Path(tempfile.mkdtemp(prefix="doc-shell-")) / "repo"
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True)
        if listed.returncode == 0:
            names = listed.stdout.decode().split("\0")
        else:
            # Not a git checkout (a source archive): every file but build output.
            names = []
            for directory, subdirectories, files in os.walk(ROOT):
                subdirectories[:] = [d for d in subdirectories if d not in self.GENERATED]
                names += [str(Path(directory, name).relative_to(ROOT)) for name in files]
        self.files = [name for name in names if name and (ROOT / name).is_file()]

    def __call__(self):
        if self.path.exists():
            tracked = {self.path / name for name in self.files}
            for directory, subdirectories, names in os.walk(self.path, topdown=True):
                subdirectories[:] = [d for d in subdirectories if d not in self.KEPT]
                for name in names:
                    if Path(directory, name) not in tracked:
                        Path(directory, name).unlink()
        for name in self.files:
            (self.path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, self.path / name, follow_symlinks=False)
        return self.path

    def remove(self):
        shutil.rmtree(self.path.parent, ignore_errors=True)


def log_line(message):
    print(message, flush=True)


def run_pages(pages, env, timeout, copy, log=log_line):
    """Parses and runs the pages; returns the failures (empty when all is well)."""
    failures = []
    ran = skipped = 0
    for page, text in pages:
        blocks, problems = parse(page, text)
        for is_error, message in problems:
            log(("error: " if is_error else "warning: ") + message)
            if is_error:
                failures.append(message)
        shell = [b for b in blocks if b.language in RUNNABLE]
        for block in shell:
            if block.skip_reason is not None:
                log(f"skipped {block.where}: {block.skip_reason}")
                skipped += 1
        to_run = [b for b in shell if b.skip_reason is None]
        if not to_run:
            continue
        log(f"=== {page}: {len(to_run)} block(s) at line(s) {', '.join(str(b.line) for b in to_run)}")
        workdir = copy()
        started = time.monotonic()
        failure = run_session(page, to_run, workdir, env, timeout, quiet=log is not log_line)
        log(f"=== {page}: {'failed' if failure else 'passed'} in {time.monotonic() - started:.1f} s")
        ran += len(to_run)
        if failure:
            failures.append(failure)
    log(f"doc-shell-blocks: {ran} block(s) run, {skipped} skipped, {len(failures)} failure(s)")
    return failures


def b2fsum_path(argument):
    candidates = [argument, os.environ.get("B2FSUM_EXE"),
                  str(ROOT / "src" / "Blake2Fast.Tool" / "bin" / "Release" / "net10.0" / "Blake2Fast.Tool")]
    for candidate in candidates:
        if candidate:
            path = Path(candidate).resolve()
            if path.is_file() and os.access(path, os.X_OK):
                return path
            if candidate in (argument, os.environ.get("B2FSUM_EXE")):
                sys.exit(f"doc-shell-blocks: b2fsum executable {candidate} not found")
    sys.exit("doc-shell-blocks: no b2fsum: pass --b2fsum EXE, set B2FSUM_EXE, or build the tool "
             "(dotnet build src/Blake2Fast.Tool -c Release)")


def environment(b2fsum):
    bin_dir = Path(tempfile.mkdtemp(prefix="doc-b2fsum-"))
    (bin_dir / "b2fsum").symlink_to(b2fsum)
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env.update(DOTNET_CLI_TELEMETRY_OPTOUT="1", DOTNET_NOLOGO="1")
    return env, bin_dir


def self_test(timeout):
    """The script's own checks, on made-up pages in empty folders: what must pass passes, what must fail fails."""
    env = dict(os.environ)
    quiet = lambda message: None  # noqa: E731
    folders = []

    def empty():
        folders.append(Path(tempfile.mkdtemp(prefix="doc-self-")))
        return folders[-1]

    good = ("good.md", "```sh\necho made > file\n```\n\n```text\nnot run\n```\n\n- a list item:\n\n  ```bash\n  grep -q made file\n  ```\n"
            "\n<!-- not run in CI: would fail -->\n```sh\nfalse\n```\n")
    cases = [
        ("a page whose blocks pass, the second using the first's file; a marked block skipped", [good], 0),
        ("a broken block", [("broken.md", "```sh\ntrue\n```\n\n```sh\nfalse\n```\n")], 1),
        ("a broken command inside a block, not its last", [("inner.md", "```sh\nls /no/such/dir\necho after\n```\n")], 1),
        ("a failing stage of a pipe", [("pipe.md", "```sh\nfalse | cat\n```\n")], 1),
        ("an unset variable", [("unset.md", "```sh\necho \"$no_such_variable\"\n```\n")], 1),
        ("a fence without a language", [("bare.md", "```\nls\n```\n")], 1),
        ("a marker before a text block", [("marker.md", "<!-- not run in CI: x -->\n```text\nx\n```\n")], 1),
        ("a hang", [("hang.md", "```sh\nsleep 600\n```\n")], 1),
    ]
    bad = []
    for description, pages, expected in cases:
        failures = run_pages(pages, env, timeout=3 if "hang" in description else timeout, copy=empty, log=quiet)
        if (1 if failures else 0) != expected:
            bad.append(f"{description}: expected {'a failure' if expected else 'success'}, got {failures or 'success'}")
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
    blocks, _ = parse(*good)
    if [b.skip_reason for b in blocks if b.language in RUNNABLE] != [None, None, "would fail"]:
        bad.append("the marker was not read as the third block's skip reason")
    for message in bad:
        print("doc-shell-blocks self-test: " + message, file=sys.stderr)
    print(f"doc-shell-blocks self-test: {len(cases) + 1 - len(bad)} of {len(cases) + 1} checks passed")
    return 1 if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="pages to run (default: README.md, the tool's README, docs/**/*.md)")
    parser.add_argument("--b2fsum", help="the b2fsum executable the blocks run as `b2fsum`")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a page's blocks may take (default 300)")
    parser.add_argument("--self-test", action="store_true", help="check the script itself and exit")
    args = parser.parse_args()
    if args.self_test:
        return self_test(args.timeout)

    names = args.pages or (["README.md", "src/Blake2Fast.Tool/README.md"]
                           + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md")))
    pages = []
    for name in names:
        path = Path(name) if Path(name).is_absolute() else ROOT / name
        pages.append((str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else name, path.read_text(encoding="utf-8")))

    env, bin_dir = environment(b2fsum_path(args.b2fsum))
    scratch = Scratch()
    started = time.monotonic()
    try:
        failures = run_pages(pages, env, args.timeout, copy=scratch)
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)
        scratch.remove()
    print(f"doc-shell-blocks: {len(pages)} page(s) in {time.monotonic() - started:.1f} s")
    for failure in failures:
        print("doc-shell-blocks: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
