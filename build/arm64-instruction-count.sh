#!/usr/bin/env bash
# Instruction counts of the ARM64 kernels, from the JIT's ARM64 code printed by DOTNET_JitDisasm under qemu-aarch64: the
# kernels ARM64 runs (NEON lanes; the scalar kernels for one BLAKE2 message) next to the cross-platform vector128 ones
# (issue 48: should NEON share their source?), and BLAKE3's against the official blake3_neon.c (Debian's
# librust-blake3-dev sources) compiled with aarch64-linux-gnu-gcc -O3.
# One qemu run of ReferenceKernelTests (every kernel of the table), tiering off so that every listing is the fully
# optimized code. Counts are static: per iteration of the loop over the blocks, each inner loop counted at its trip
# count (read from the JIT's counted-loop shapes; the script fails on an inner loop it cannot count). Not timings.
# Needs: qemu-user, libc6-arm64-cross, gcc-aarch64-linux-gnu, and the arm64 test executable published as .ci/run does
# (argument 1: its folder; argument 2: a folder with libssl.so.3 for arm64). CI runs it after the ARM64 leg.
set -euo pipefail
tests="${1:?published tests/Blake2Fast.Tests.Arm64 folder}"
ssl="${2:?folder holding an arm64 libssl.so.3}"
c_dir=/usr/share/cargo/registry/blake3-1.3.1/c
work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
if command -v aarch64-linux-gnu-gcc >/dev/null && [ -f "${c_dir}/blake3_neon.c" ]; then
  aarch64-linux-gnu-gcc -O3 -c "${c_dir}/blake3_neon.c" -I "${c_dir}" -o "${work}/neon.o"
  aarch64-linux-gnu-objdump -d --no-show-raw-insn "${work}/neon.o" | awk '/<blake3_hash4_neon>:/,/<blake3_hash_many_neon>:/' > "${work}/c.s"
else
  echo "skipped the C side: aarch64-linux-gnu-gcc or ${c_dir}/blake3_neon.c missing" >&2
fi
(cd "${tests}" && env DOTNET_EnableWriteXorExecute=0 DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 LD_LIBRARY_PATH="${ssl}" \
  DOTNET_TieredCompilation=0 DOTNET_JitDisasm="Loop HashMany Compress" DOTNET_JitStdOutFile="${work}/jit.s" \
  qemu-aarch64 -L /usr/aarch64-linux-gnu ./Blake2Fast.Tests.Arm64 -noColor \
  -class Blake2Fast.Tests.Reference.ReferenceKernelTests >/dev/null)
python3 - "${work}" <<'PY'
import os, re, sys
work = sys.argv[1]
COND = re.compile(r'(b\.?(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)|cbn?z|tbn?z)$')

def parse(body):
    """The listing's instructions (mnemonic, line) and each label's index (of the instruction after it)."""
    ins, labels = [], {}
    for line in body.splitlines():
        m = re.match(r'(G_M\d+_IG\d+):', line)
        if m:
            labels[m.group(1)] = len(ins)
            continue
        m = re.match(r'\s+([a-z][a-z0-9.]*)\b', line)
        if m and m.group(1) != 'align':
            ins.append((m.group(1), line.strip()))
    return ins, labels

def trips(ins, head, entry, end):
    """A loop's constant trip count, from the JIT's two shapes of a counted loop; None where it depends on the data."""
    before = [t for _, t in ins[max(0, head - 4):head]] + [t for _, t in ins[max(0, entry - 4):entry]]
    m = re.match(r'cbnz\s+(w\d+),', ins[end][1])
    if m and any(re.match(rf'sub\s+{m.group(1)}, {m.group(1)}, #1$', t) for _, t in ins[max(head, end - 16):end]):
        for t in before:
            k = re.match(rf'mov\s+{m.group(1)}, #(\d+)$', t)
            if k:
                return int(k.group(1))  # a down-counter: mov wN, #K ... sub wN, wN, #1; cbnz wN
    cmp = next((t for _, t in reversed(ins[max(head, end - 3):end]) if t.startswith('cmp')), None)
    k = re.match(r'cmp\s+(w\d+), #(\d+)$', cmp or '')
    if k and any(re.match(rf'mov\s+{k.group(1)}, wzr$', t) for t in before):
        # for (i = 0; i < K; i++): K; for (i = 0; ; i++) { ...; if (i == K) break; ... }, entered in the middle: K + 1.
        return int(k.group(2)) + (1 if ins[end][0] in ('bne', 'b.ne') else 0)
    return None

def loops(ins, labels):
    """Every conditional backward branch (an unconditional one returns from an out-of-line block)."""
    out = []
    for end, (op, text) in enumerate(ins):
        t = re.search(r'\s(G_M\d+_IG\d+)\s*$', text)
        if t and COND.match(op) and labels.get(t.group(1), end + 1) <= end:
            head = entry = labels[t.group(1)]
            if head > 0 and ins[head - 1][0] == 'b':  # entered in the middle, by a jump right before the head
                e = re.search(r'(G_M\d+_IG\d+)\s*$', ins[head - 1][1])
                if e and head < labels.get(e.group(1), -1) <= end:
                    entry = labels[e.group(1)]
            out.append({'head': head, 'entry': entry, 'end': end, 'trips': trips(ins, head, entry, end)})
    return out

def per_iteration(loop, every, name):
    inner = [l for l in every if l is not loop and loop['head'] <= l['head'] and l['end'] <= loop['end']]
    direct = [l for l in inner if not any(o is not l and o['head'] <= l['head'] and l['end'] <= o['end'] for o in inner)]
    n = loop['end'] - loop['head'] + 1
    for l in direct:
        if l['trips'] is None:
            sys.exit(f'arm64-instruction-count: {name}: an inner loop whose trip count is not a constant the script reads')
        # In the listing once; run trips times, less the part before the entry on the first.
        n += (l['trips'] - 1) * per_iteration(l, every, name) - (l['entry'] - l['head'])
    return n

def block_loop(body, name):
    """Instructions per iteration of the loop over the blocks: the innermost loop whose trip count is the data's."""
    ins, labels = parse(body)
    every = loops(ins, labels)
    data = [l for l in every if l['trips'] is None]
    if not data:
        sys.exit(f'arm64-instruction-count: {name}: no loop over the blocks')
    return per_iteration(min(data, key=lambda l: l['end'] - l['head']), every, name)

listings = {m.group(1): m.group(2) for m in re.finditer(
    r'; Assembly listing for method (\S+).*?\n(.*?); Total bytes of code \d+', open(f'{work}/jit.s').read(), re.S)}

def count(pattern):
    names = [n for n in listings if re.search(pattern, n)]
    if len(names) != 1:  # a renamed kernel or test: say so rather than print nothing
        sys.exit(f'arm64-instruction-count: {len(names)} JIT listings match {pattern} (was a kernel or the test renamed?)')
    return block_loop(listings[names[0]], names[0])

c = None
if os.path.exists(f'{work}/c.s'):
    # objdump: "  98:\tcbz\tx1, 1668 <...>"; blake3_hash4_neon's last backward branch closes its loop over the blocks,
    # with the rounds and transposes written out by gcc.
    bodies = []
    for line in open(f'{work}/c.s'):
        m = re.match(r'\s*([0-9a-f]+):\t(b(?:\.\w+)?|cbn?z|tbn?z)\t.*?([0-9a-f]+) <', line)
        if m and int(m.group(3), 16) < int(m.group(1), 16):
            bodies.append((int(m.group(1), 16) - int(m.group(3), 16)) // 4 + 1)
    c = bodies[-1]

rows = [
    ('BLAKE3, 4 chunks (lanes)', '4 x 64 B', 'NEON', count(r'Blake3LaneKernel.*Blake3Neon\+Ops\]:Loop'), count(r'\.Blake3Vector128:HashMany')),
    ('BLAKE2b, 2 messages or BLAKE2bp (lanes)', '2 x 128 B', 'NEON', count(r'NeonWord64.*:Loop'), count(r'Vector128Word64.*:Loop')),
    ('BLAKE2s, 4 messages or BLAKE2sp (lanes)', '4 x 64 B', 'NEON', count(r'NeonWord32.*:Loop'), count(r'Vector128Word32.*:Loop')),
    ('BLAKE2b, one message (rows)', '128 B', 'scalar', count(r'\.Blake2bScalar:Compress'), count(r'\.Blake2bVector128:Compress')),
    ('BLAKE2s, one message (rows)', '64 B', 'scalar', count(r'\.Blake2sScalar:Compress'), count(r'\.Blake2sVector128:Compress')),
]
print('ARM64 instructions per iteration of the loop over the blocks (JIT, fully optimized; static count, inner loops at their trip counts):')
print('| job | one iteration hashes | what ARM64 runs | its count | vector128 | vector128 / it |')
print('| --- | --- | --- | ---: | ---: | ---: |')
for job, size, runs, ours, v128 in rows:
    print(f'| {job} | {size} | {runs} | {ours} | {v128} | {v128 / ours:.2f} |')
if c is not None:
    print(f'blake3_neon.c (gcc -O3), blake3_hash4_neon: {c} per 4 x 64 B; NEON {rows[0][3] / c:.2f}x of it, vector128 {rows[0][4] / c:.2f}x')
PY
