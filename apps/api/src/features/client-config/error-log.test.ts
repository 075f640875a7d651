import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, LOG_REDACTIONS, LOG_SERIALIZERS } from '../../app';
import { startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let logged: FastifyInstance;
const lines: { level: number; msg: string; [key: string]: unknown }[] = [];

beforeAll(async () => {
  t = await startTestApp({ CLIENT_ERRORS_PER_MINUTE: '20' });
  // The same app with the server's logger configuration, written to memory.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino(
    {
      level: 'info',
      redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
      serializers: LOG_SERIALIZERS,
    },
    sink,
  );
  logged = await buildApp(t.ctx, { logger, serveWeb: false });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const report = (address: string, body: Record<string, unknown> = {}) =>
  logged.inject({
    method: 'POST',
    url: '/api/v1/client_errors',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    payload: { kind: 'crash', message: 'Cannot read x of undefined', path: '/dashboard', ...body },
  });

describe('secrets in URLs never reach the log', () => {
  it('redacts reset tokens, driver-link tokens and authorization codes in request URLs and error reports', async () => {
    const secrets = ['pt_reset_secret', 'pt_activation_secret', 'dl_driver_secret', 'code_secret'];
    await logged.inject({ method: 'GET', url: '/reset-password/pt_reset_secret' });
    await logged.inject({ method: 'GET', url: '/ActivateUser/pt_activation_secret' });
    await logged.inject({ method: 'GET', url: '/all-shipments?driverToken=dl_driver_secret' });
    await logged.inject({ method: 'GET', url: '/auth/callback?code=code_secret&state=abc' });
    const sent = await report('10.7.0.1', {
      message: 'GET /api/v1/session failed on /all-shipments?driverToken=dl_driver_secret',
      path: '/reset-password/pt_reset_secret',
      stack: 'at https://portal.test/auth/callback?code=code_secret',
    });
    expect(sent.statusCode).toBe(204);

    const text = JSON.stringify(lines);
    for (const secret of secrets) expect(text).not.toContain(secret);
    const urls = lines.flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        '/reset-password/[redacted]',
        '/ActivateUser/[redacted]',
        '/all-shipments?driverToken=[redacted]',
        '/auth/callback?code=[redacted]&state=abc',
      ]),
    );
    const clientError = lines.find((line) => line.clientError);
    expect(clientError).toMatchObject({
      // A warning: the browser's errors do not drown the server's own.
      level: 40,
      clientError: {
        path: '/reset-password/[redacted]',
        message: 'GET /api/v1/session failed on /all-shipments?driverToken=[redacted]',
        stack: 'at https://portal.test/auth/callback?code=[redacted]',
      },
    });
  });
});

describe('the browser error log cannot be flooded', () => {
  it('takes the configured reports a minute from one address (here 20), then answers 429 with Retry-After', async () => {
    for (let index = 0; index < 20; index++)
      expect((await report('10.8.0.1')).statusCode).toBe(204);
    const refused = await report('10.8.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/^Too many error reports; try again in \d+ seconds?$/);
    // Another address is not held up by this one.
    expect((await report('10.8.0.2')).statusCode).toBe(204);
  });

  it('takes at most ten times as many a minute from all addresses together', async () => {
    const before = lines.filter((line) => line.clientError).length;
    let accepted = 0;
    for (let address = 0; address < 20; address++) {
      for (let index = 0; index < 20; index++) {
        const answer = await report(`10.9.${address}.1`);
        if (answer.statusCode === 204) accepted++;
        else expect(answer.statusCode).toBe(429);
      }
    }
    const logged = lines.filter((line) => line.clientError).length - before;
    // This file's earlier reports count too: never more than 200 in the minute.
    expect(accepted + before).toBeLessThanOrEqual(200);
    expect(logged).toBe(accepted);
    expect((await report('10.10.0.1')).statusCode).toBe(429);
  });
});
