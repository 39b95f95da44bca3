#!/usr/bin/env bash
# Instruction counts of the NEON kernels, from the JIT's ARM64 code printed by DOTNET_JitDisasm under qemu-aarch64.
# BLAKE3: Blake3LaneKernel<Vector128<uint>, Blake3Neon.Ops>.Loop against the official blake3_neon.c (Debian's
# librust-blake3-dev sources) compiled with aarch64-linux-gnu-gcc -O3. Prints each loop's body size (instructions from
# a backward branch's target to the branch); per block = the block loop's body with its inner loops counted by their
# trip counts (the JIT keeps the 4 message transposes and the 7 rounds looped; gcc unrolls both).
# BLAKE2: the lane kernels' loop (NeonLanes, in WordKernel.Loop), one count per word size.
# Needs: qemu-user, libc6-arm64-cross, gcc-aarch64-linux-gnu, and the arm64 test executable published as .ci/run does
# (argument 1: its folder; argument 2: a folder with libssl.so.3 for arm64). CI runs it after the ARM64 leg.
set -euo pipefail
tests="${1:?published tests/Blake2Fast.Tests.Arm64 folder}"
ssl="${2:?folder holding an arm64 libssl.so.3}"
c_dir=/usr/share/cargo/registry/blake3-1.3.1/c
work="$(mktemp -d)"
if command -v aarch64-linux-gnu-gcc >/dev/null && [ -f "${c_dir}/blake3_neon.c" ]; then
  aarch64-linux-gnu-gcc -O3 -c "${c_dir}/blake3_neon.c" -I "${c_dir}" -o "${work}/neon.o"
  aarch64-linux-gnu-objdump -d --no-show-raw-insn "${work}/neon.o" | awk '/<blake3_hash4_neon>:/,/<blake3_hash_many_neon>:/' > "${work}/c.s"
else
  echo "skipped the C side: aarch64-linux-gnu-gcc or ${c_dir}/blake3_neon.c missing" >&2
fi
(cd "${tests}" && env DOTNET_EnableWriteXorExecute=0 DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 LD_LIBRARY_PATH="${ssl}" \
  DOTNET_JitDisasm=Loop DOTNET_JitStdOutFile="${work}/jit.s" qemu-aarch64 -L /usr/aarch64-linux-gnu ./Blake2Fast.Tests.Arm64 \
  -noColor -method "Blake2Fast.Tests.Blake3Suite.Blake3DispatchTests.TheBatchesOnEveryCoreAndCountEqualThePortableKernel" >/dev/null)
# The BLAKE2 NEON lane kernels (NeonLanes: BLAKE2b 2 lanes, BLAKE2s 4) share WordKernel's loop; fully optimized at once
# (no tiering), so the one listing per word size is the code the hot loop runs.
(cd "${tests}" && env DOTNET_EnableWriteXorExecute=0 DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 LD_LIBRARY_PATH="${ssl}" \
  DOTNET_TieredCompilation=0 DOTNET_JitDisasm=Loop DOTNET_JitStdOutFile="${work}/jit2.s" qemu-aarch64 -L /usr/aarch64-linux-gnu \
  ./Blake2Fast.Tests.Arm64 -noColor \
  -method "Blake2Fast.Tests.Family.ParallelConstructionTests.MediumLengths_EveryKernel_MatchConstruction" >/dev/null)
# A renamed test or kernel leaves the listing empty: say so rather than print nothing.
if ! grep -q "Blake3LaneKernel" "${work}/jit.s" 2>/dev/null || ! grep -q "NeonLanes" "${work}/jit2.s" 2>/dev/null; then
  echo "arm64-instruction-count: the JIT wrote no listing of Blake3LaneKernel's or NeonLanes' Loop (was a test or a kernel renamed?)" >&2
  exit 1
fi
python3 - "${work}" <<'PY'
import re, sys, os
work = sys.argv[1]

def loops_c(path):
    # objdump: "  98:\tcbz\tx1, 1668 <...>"; a loop is a branch to a lower address.
    ins = [(int(m.group(1), 16), m.group(2)) for m in (re.match(r'\s*([0-9a-f]+):\t(\S+)\t?(.*)', l) for l in open(path)) if m]
    out = []
    for l in open(path):
        m = re.match(r'\s*([0-9a-f]+):\t(b(?:\.\w+)?|cbn?z|tbn?z)\t.*?([0-9a-f]+) <', l)
        if m and int(m.group(3), 16) < int(m.group(1), 16):
            out.append((int(m.group(1), 16) - int(m.group(3), 16)) // 4 + 1)
    return len(ins), out

def loops_jit(path):
    text = open(path).read()
    listing = text[text.index('Blake3LaneKernel'):]
    listing = listing[:listing.find('; Total bytes of code')]
    labels, count, out = {}, 0, []
    for l in listing.splitlines():
        m = re.match(r'(G_M\d+_IG\d+):', l)
        if m:
            labels[m.group(1)] = count
            continue
        m = re.match(r'\s+([a-z][a-z0-9.]*)\s', l)
        if m and not l.strip().startswith(('align', ';')):
            count += 1
            t = re.search(r'(G_M\d+_IG\d+)\s*$', l)
            if t and t.group(1) in labels and re.match(r'(b|b\.\w+|cbn?z|tbn?z)$', m.group(1)):
                out.append((t.group(1), count - labels[t.group(1)]))
    return count, out

if os.path.exists(f'{work}/c.s'):
    total, loops = loops_c(f'{work}/c.s')
    print(f'blake3_neon.c (gcc -O3): blake3_hash4_neon {total} instructions; loop bodies {loops} (the last: one block)')
total, loops = loops_jit(f'{work}/jit.s')
print(f'Blake3Neon (JIT): Loop {total} instructions; loop bodies (label, size) {loops}')
for m in re.finditer(r'; Assembly listing for method (\S+).*?; Total bytes of code (\d+)', open(f'{work}/jit2.s').read(), re.S):
    if 'NeonLanes' in m.group(1):
        word = 'ulong (BLAKE2b, 2 lanes)' if 'Vector128`1[ulong]' in m.group(1) else 'uint (BLAKE2s, 4 lanes)'
        print(f'NeonLanes (JIT, FullOpts): WordKernel Loop on {word} {int(m.group(2)) // 4} instructions')
PY
rm -rf "${work}"
