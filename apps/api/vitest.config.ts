import { defineConfig } from 'vitest/config';

// The API suite runs once per database engine: TEST_DB=pglite (default) or TEST_DB=postgres.
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    name: `api-${engine}`,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
