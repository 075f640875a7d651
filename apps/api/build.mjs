// Bundles the API for `npm start`: our TypeScript (including the workspace packages) into dist/*.js;
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

// The server, and beside it what runs apart from it: the upload inspection worker thread
// (shared/documents/inspection-pool.ts), the job worker process (`node dist/worker.js`) and the
// migration command (`node dist/migrate.js`), so that production needs no TypeScript runner.
const entries = {
  server: 'src/server.ts',
  'inspection-worker': 'src/shared/documents/inspection-worker.ts',
  worker: 'src/worker.ts',
  migrate: 'src/db/migrate-cli.ts',
};
for (const [output, entry] of Object.entries(entries)) {
  await build({
    entryPoints: [entry],
    outfile: `dist/${output}.js`,
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
}
