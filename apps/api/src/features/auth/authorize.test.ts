import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from '../../../test/world';
import { API_AUDIENCE } from '../../shared/auth/tokens';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const authorize = (
  payload: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/authorize',
    headers,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const quickSearchWith = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v2/quick_searches/shipments?query=1',
    headers: { authorization: `Bearer ${token}` },
  });

describe('POST /api/v1/auth/authorize', () => {
  it('answers a token that opens the API and the current user', async () => {
    const response = await authorize({
      emailAddress: world.users.carrierUser.loginEmail,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user).toMatchObject({
      id: world.users.carrierUser.id,
      companyId: world.carrier.id,
      companyName: 'Prairie Haulers',
      isCarrier: true,
      isBroker: false,
      has3PLNetwork: true,
      roles: ['Admin', 'AP', 'AR'],
      permissions: ['CarrierPortal', 'CarrierBillingSettings'],
      emailAddresses: [
        { value: world.users.carrierUser.loginEmail, type: 'Work', isPrimary: true },
      ],
    });
    expect(data.expiresIn).toBe(3600);
    expect((await quickSearchWith(data.accessToken)).statusCode).toBe(200);
  });

  it('matches the e-mail address without regard to case', async () => {
    const response = await authorize({
      emailAddress: world.users.carrierUser.loginEmail!.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    for (const body of [
      { emailAddress: world.users.carrierUser.loginEmail, password: 'wrong' },
      { emailAddress: 'nobody@example.test', password: TEST_PASSWORD },
    ]) {
      const response = await authorize(body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        status: 401,
        detail: 'Email Address or Password is invalid',
      });
    }
  });

  it('refuses a carrier marked Do Not Use with the spec message', async () => {
    await t.db.system((tx) =>
      tx
        .updateTable('companies')
        .set({ doNotUse: true, doNotUseContactEmail: 'compliance@operator.test' })
        .where('id', '=', world.otherCarrier.id)
        .execute(),
    );
    const response = await authorize({
      emailAddress: world.users.otherCarrierUser.loginEmail,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      'Carrier is "Do Not Use", if you have questions please email compliance@operator.test',
    );
  });

  it.each([
    ['malformed JSON', '{"emailAddress": ', 'body'],
    ['an unknown field', { emailAddress: 'a@b.test', password: 'x', remember: true }, 'remember'],
    ['a missing password', { emailAddress: 'a@b.test' }, 'password'],
    ['a wrong type', { emailAddress: 42, password: 'x' }, 'emailAddress'],
  ])('answers 400 naming the field for %s', async (_name, payload, field) => {
    const response = await authorize(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });
});

describe('bearer tokens', () => {
  const claims = () => ({ cid: world.carrier.id });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', kid: t.ctx.keys.signing.kid })
      .setIssuer(TEST_PUBLIC_URL)
      .setAudience(API_AUDIENCE)
      .setSubject(world.users.carrierUser.id)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await quickSearchWith(forged)).statusCode).toBe(401);
  });

  it.each([
    ['a wrong issuer', { issuer: 'http://evil.test' }],
    ['a wrong audience', { audience: 'another-api' }],
    ['an expired token', { expires: Math.floor(Date.now() / 1000) - 60 }],
  ])(
    'refuses %s',
    async (_name, variant: { issuer?: string; audience?: string; expires?: number }) => {
      const token = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'ES256', kid: t.ctx.keys.signing.kid })
        .setIssuer(variant.issuer ?? TEST_PUBLIC_URL)
        .setAudience(variant.audience ?? API_AUDIENCE)
        .setSubject(world.users.carrierUser.id)
        .setExpirationTime(variant.expires ?? '5m')
        .sign(t.ctx.keys.signing.key);
      const response = await quickSearchWith(token);
      expect(response.statusCode).toBe(401);
    },
  );

  it('refuses a token whose company no longer matches the user', async () => {
    const token = await t.ctx.tokens.issue({
      userId: world.users.carrierUser.id,
      companyId: world.otherCarrier.id,
    });
    expect((await quickSearchWith(token)).statusCode).toBe(401);
  });

  it('refuses a malformed Authorization header', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/quick_searches/shipments?query=1',
      headers: { authorization: 'Token abc' },
    });
    expect(response.statusCode).toBe(401);
  });
});
