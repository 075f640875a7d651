import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from './shared/paths';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Engine-independent: run once, with the PGlite suite.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  it('starts on embedded defaults, answers, and on SIGTERM stops taking work and exits cleanly', async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = spawn(process.execPath, ['--import', 'tsx', join(apiRoot, 'src/server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_ON_FIRST_START: 'false',
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      server.on('exit', (code) => resolve(code)),
    );

    const deadline = Date.now() + 90_000;
    while (!output.includes('Carrier Portal is running at')) {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ready = await fetch(`http://localhost:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down: finishing in-flight requests');
    await expect(fetch(`http://localhost:${port}/healthz`)).rejects.toThrow();
  }, 120_000);
});
