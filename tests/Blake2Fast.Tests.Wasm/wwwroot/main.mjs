// Runs the app under node (or, imported by index.html, in a browser): `node main.mjs [--env NAME=VALUE]... [args]`.
// --env sets an environment variable of the .NET process (BLAKE2FAST_CORE=scalar, for instance); the rest go to Main.
import { dotnet } from './_framework/dotnet.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const argv = isNode ? process.argv.slice(2) : (new URLSearchParams(globalThis.location?.search ?? '').getAll('arg'));
const env = {};
const args = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--env' && i + 1 < argv.length) {
    const [name, ...value] = argv[++i].split('=');
    env[name] = value.join('=');
  } else {
    args.push(argv[i]);
  }
}
let builder = dotnet.withApplicationArguments(...args);
for (const [name, value] of Object.entries(env))
  builder = builder.withEnvironmentVariable(name, value);
const exitCode = await builder.run();
if (!isNode) {
  // For build/wasm-chromium.sh: the page's DOM carries the result.
  const result = document.createElement('pre');
  result.id = 'result';
  result.textContent = `EXIT ${exitCode}`;
  document.body.appendChild(result);
}
