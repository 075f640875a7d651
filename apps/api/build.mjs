// Bundles the API for `npm start`: our TypeScript (including the workspace packages) into dist/server.js;
// installed npm packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const manifest = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const dependencies = [
  manifest('./package.json'),
  manifest('../../packages/domain/package.json'),
  manifest('../../packages/contract/package.json'),
].flatMap((pkg) => Object.keys(pkg.dependencies ?? {}));
const external = [...new Set(dependencies)].filter((name) => !name.startsWith('@portal/'));

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The upload inspection worker (shared/documents/inspection-pool.ts) runs beside the server:
// dist/inspection-worker.js.
await build({
  entryPoints: ['src/shared/documents/inspection-worker.ts'],
  outfile: 'dist/inspection-worker.js',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
