import { defineConfig } from 'vitest/config';
import { zoneRulesEnv } from './apps/api/tzdata/env.mjs';

// Every test process converts local times with current zone rules (decision 258): the forks that
// run the suites inherit this environment.
Object.assign(process.env, zoneRulesEnv());

// One runner, several projects: pure rules, the web's components, and the API against a real
// database (its project name says which engine: api-pglite or api-postgres, from TEST_DB).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages',
          include: ['**/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/api/vitest.config.ts',
      './apps/web/vitest.config.ts',
    ],
  },
});
