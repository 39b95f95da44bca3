// hash-wasm's hashers for Program.cs (JSImport module "bench"): created once, each batch of calls timed here so that
// the crossing from .NET into JavaScript happens once per batch. HASH_WASM_DIR names a folder where
// `npm install hash-wasm` ran (outside the repository: docs/benchmarks/wasm.md); in a browser, hash-wasm's ESM build
// copied next to this file as hash-wasm.esm.js. Without either, hash-wasm is left out.
let hashers = null;
const inputs = new Map();
try {
  let hw = null;
  const dir = globalThis.process?.env?.HASH_WASM_DIR;
  if (dir) {
    const { createRequire } = await import('node:module');
    hw = createRequire(dir + '/')('hash-wasm');
  } else if (typeof window === 'object') {
    // In a browser: hash-wasm's ESM build copied next to this file (build/wasm-chromium.sh's caller does), if there.
    hw = await import('./hash-wasm.esm.js').catch(() => null);
  }
  if (hw)
    hashers = { blake2b: await hw.createBLAKE2b(512), blake2s: await hw.createBLAKE2s(256), blake3: await hw.createBLAKE3(256) };
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
