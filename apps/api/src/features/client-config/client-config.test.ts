import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let monitored: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  monitored = await startTestApp({ MONITORING_COLLECTOR_URL: 'https://collector.example/ingest' });
});

afterAll(async () => {
  await t?.close();
  await monitored?.close();
});

describe('client configuration and error reports', () => {
  it('tells the app its environment, help desk and monitoring collector', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/client_config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      appEnv: t.ctx.config.APP_ENV,
      helpDeskUrl: t.ctx.config.HELP_DESK_URL,
      monitoringCollectorUrl: null,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: t.ctx.config.MAP_TILE_ATTRIBUTION,
      sessionReplay: false,
    });
  });

  it('takes a crash report and refuses one that is not', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client_errors',
      payload: { kind: 'crash', message: 'Cannot read x of undefined', path: '/dashboard' },
    });
    expect(ok.statusCode).toBe(204);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client_errors',
      payload: { kind: 'crash', message: 'x', path: '/', extra: true },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('monitoring collector', () => {
  it('is named to the browser and allowed by the content security policy only when configured', async () => {
    const off = await t.app.inject({ method: 'GET', url: '/api/v1/client_config' });
    expect(String(off.headers['content-security-policy'])).toContain("connect-src 'self';");
    const on = await monitored.app.inject({ method: 'GET', url: '/api/v1/client_config' });
    expect(on.json().data.monitoringCollectorUrl).toBe('https://collector.example/ingest');
    expect(String(on.headers['content-security-policy'])).toContain(
      "connect-src 'self' https://collector.example;",
    );
  });
});
