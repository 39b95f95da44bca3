// hash-wasm's hashers for Program.cs (JSImport module "bench"): created once, each batch of calls timed here so that
// the crossing from .NET into JavaScript happens once per batch. HASH_WASM_DIR names a folder where
// `npm install hash-wasm` ran (build/wasm-bench.sh makes one outside the repository); without it, hash-wasm is left out.
let hashers = null;
const inputs = new Map();
try {
  const dir = globalThis.process?.env?.HASH_WASM_DIR;
  if (dir) {
    const { createRequire } = await import('node:module');
    const require = createRequire(dir + '/');
    const hw = require('hash-wasm');
    hashers = { blake2b: await hw.createBLAKE2b(512), blake2s: await hw.createBLAKE2s(256), blake3: await hw.createBLAKE3(256) };
  }
} catch (e) {
  console.error('hash-wasm not loaded: ' + e);
}

export function hashWasmAvailable() { return hashers !== null; }

export function hashWasm(algorithm, size, iterations) {
  let input = inputs.get(size);
  if (!input) {
    input = new Uint8Array(size);
    for (let i = 0; i < size; i++) input[i] = (i * 167 + 13) & 255;
    inputs.set(size, input);
  }
  const hasher = hashers[algorithm];
  const start = performance.now();
  for (let i = 0; i < iterations; i++)
    hasher.init().update(input).digest('binary');
  return performance.now() - start;
}
