import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../shared/paths';
import { BUILT_IN_CLIENT_ID, ConfigError, loadConfig } from './env';

const dataDir = () => mkdtempSync(join(tmpdir(), 'portal-config-'));

describe('loadConfig', () => {
  it('fills in the embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: 'localhost',
      APP_ENV: 'local',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_ON_FIRST_START: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    // The local secret is made once and kept.
    expect(loadConfig({ DATA_DIR: config.dataDir }).APP_SECRET).toBe(config.APP_SECRET);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/portal'],
    ['SEED_ON_FIRST_START', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'portal.example.com'],
    ['APP_SECRET', 'short'],
    ['MAP_TILE_URL', 'https://tiles.example.com/map.png'],
    ['MAP_TILE_URL', 'tiles.example.com/{z}/{x}/{y}.png'],
    ['TRUSTED_PROXIES', 'everyone'],
    ['TRUSTED_PROXIES', '10.0.0.0/40'],
    ['TRUSTED_PROXIES', '10.0.0'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
  });

  it('takes a map tile template with {z}, {x} and {y}', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).MAP_TILE_URL).toBe(
      'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    const own = 'https://tiles.example.com/styles/basic/{z}/{x}/{y}@2x.png?key=abc';
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: own }).MAP_TILE_URL).toBe(own);
  });

  it('requires APP_SECRET in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /APP_SECRET is required/,
    );
  });

  it('stops the server at start-up with the variable named', async () => {
    const run = promisify(execFile);
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', join(apiRoot, 'src/server.ts')],
      {
        env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir() },
        timeout: 30_000,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 78 });
    expect((failure as { stderr: string }).stderr).toContain('PORT');
  });
});

const base = { APP_SECRET: 'a'.repeat(40), DATA_DIR: '/tmp/portal-env-test' };

describe('identity configuration', () => {
  it('signs in with the built-in provider at PUBLIC_URL/oidc by default', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://portal.example.com/' });
    expect(config).toMatchObject({
      OIDC_ISSUER_URL: 'https://portal.example.com/oidc',
      OIDC_CLIENT_ID: BUILT_IN_CLIENT_ID,
      oidcBuiltIn: true,
      OIDC_SCOPES: 'openid email profile offline_access',
      SESSION_IDLE_MINUTES: 60,
      SESSION_ABSOLUTE_HOURS: 12,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 20,
      LOGIN_LOCKOUT_MINUTES: 15,
      SMTP_FROM: 'Carrier Portal <no-reply@portal.example.com>',
    });
    // The built-in client's secret comes from APP_SECRET: the same on every node, never configured.
    expect(config.OIDC_CLIENT_SECRET).toHaveLength(43);
    expect(loadConfig({ ...base }).OIDC_CLIENT_SECRET).toBe(config.OIDC_CLIENT_SECRET);
  });

  it('takes an external issuer exactly as written, with its client', () => {
    const config = loadConfig({
      ...base,
      OIDC_ISSUER_URL: 'https://tenant.example-idp.com/',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_PASSWORD_RESET_ISSUER_URL: 'https://tenant.example-idp.com/reset/',
    });
    expect(config).toMatchObject({
      OIDC_ISSUER_URL: 'https://tenant.example-idp.com/',
      oidcBuiltIn: false,
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 's3cret',
    });
  });

  it.each([
    [
      { OIDC_ISSUER_URL: 'https://idp.example.com' },
      'OIDC_CLIENT_ID is required when OIDC_ISSUER_URL is set',
    ],
    [
      { OIDC_ISSUER_URL: 'https://idp.example.com', OIDC_CLIENT_ID: 'x' },
      'OIDC_CLIENT_SECRET is required when OIDC_ISSUER_URL is set',
    ],
    [
      { OIDC_PASSWORD_RESET_ISSUER_URL: 'https://idp.example.com/reset' },
      'OIDC_PASSWORD_RESET_ISSUER_URL needs OIDC_ISSUER_URL',
    ],
    [{ OIDC_SCOPES: 'email profile' }, 'OIDC_SCOPES must include openid'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ SESSION_ABSOLUTE_HOURS: 'twelve' }, 'SESSION_ABSOLUTE_HOURS'],
    [{ LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' }, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'],
    [{ SMTP_URL: 'mail.example.com:25' }, 'SMTP_URL'],
    [
      { APP_ENV: 'production', PUBLIC_URL: 'http://portal.example.com' },
      'PUBLIC_URL must be https://',
    ],
    [
      {
        APP_ENV: 'production',
        PUBLIC_URL: 'https://portal.example.com',
        OIDC_ISSUER_URL: 'http://idp.example.com',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      },
      'OIDC_ISSUER_URL must be https://',
    ],
  ])('refuses %j naming the variable', (values, message) => {
    expect(() => loadConfig({ ...base, ...values })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...values })).toThrow(message);
  });
});
