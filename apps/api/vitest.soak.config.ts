import { defineConfig } from 'vitest/config';

// npm run soak: the long runs kept out of npm test (the hostile upload corpus through the API).
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    name: `api-soak-${engine}`,
    root: import.meta.dirname,
    include: ['src/**/*.soak.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
  },
});
