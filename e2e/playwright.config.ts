import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { zoneRulesEnv } from '../apps/api/tzdata/env.mjs';

// Browser tests drive Debian's Chromium against the real server (built web app, PGlite, demo world)
// started fresh for the run in a temporary data folder.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The server and the test workers convert local times with the zone rules Chromium has (decision
// 258): both inherit this environment.
Object.assign(process.env, zoneRulesEnv());

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  outputDir: resolve(import.meta.dirname, '../test-results'),
  // Room for a slow two-core machine: there a whole flow (two sign-ins, an activation, screenshots)
  // took just over a minute, and a list's first answer just over 10 s, with the other worker busy.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Two cores: one browser worker per core at most, the server shares them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // In CI a test that fails is run once more and reported flaky when it then passes (a loaded
  // two-core machine); one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: resolve(import.meta.dirname, '../reports/e2e.json') }]]
    : 'list',
  use: {
    baseURL,
    // A trace is recorded when a failed test runs again (CI), with its screencast and DOM snapshots.
    // Recording one for every test cost as much CPU as the test itself: the screencast kept the
    // browser's compositor drawing and encoding frames throughout (decision 251).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_SHIPMENTS: process.env.E2E_SEED_SHIPMENTS ?? '400',
      DATABASE_URL: '',
      // Every browser of the run shares one address; tests that fail requests on purpose report them.
      CLIENT_ERRORS_PER_MINUTE: '100000',
    },
  },
});
