// npm run soak: the big numbers of issue 17, not part of npm test. Each step prints its figures
// (RELIABILITY_REPORT); docs/reliability.md lists them. TEST_DB=postgres with DATABASE_URL runs the
// API steps on PostgreSQL instead of PGlite.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const fuzzRuns = process.env.FUZZ_RUNS ?? '100000';
const matrixRounds = process.env.TENANT_MATRIX_ROUNDS ?? '5';
const steps = [
  {
    name: `schema fuzzing, ${fuzzRuns} requests`,
    args: ['vitest', 'run', '--project', `api-${engine()}`, 'apps/api/test/schema-fuzz.test.ts'],
    env: { FUZZ_RUNS: fuzzRuns },
  },
  {
    name: `tenant matrix, ${matrixRounds} rounds`,
    args: ['vitest', 'run', '--project', `api-${engine()}`, 'apps/api/test/tenant-matrix.test.ts'],
    env: { TENANT_MATRIX_ROUNDS: matrixRounds },
  },
  {
    name: 'hostile upload corpus through the API',
    args: ['vitest', 'run', '--config', 'apps/api/vitest.soak.config.ts'],
    env: {},
  },
];

function engine() {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

let failed = 0;
for (const step of steps) {
  process.stdout.write(`\n=== ${step.name}\n`);
  const started = Date.now();
  const outcome = spawnSync('npx', step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, RELIABILITY_REPORT: '1', ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`=== ${step.name}: exit ${outcome.status} after ${seconds} s\n`);
  if (outcome.status !== 0) failed++;
}
process.stdout.write(`\nsoak: ${steps.length - failed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
