import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';

// The per-address sign-in limit counts failures by client address. X-Forwarded-For names that
// address only when the connection comes from a configured proxy (TRUSTED_PROXIES).
describe.each([
  ['no proxy is configured (the default)', '', 429],
  ['the proxy is configured', '127.0.0.1', 401],
])('when %s', (_label, trusted, fourth) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUSTED_PROXIES: trusted, LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
  });
  afterAll(() => t.close());

  const attempt = (address: string, index: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authorize',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      payload: JSON.stringify({ emailAddress: `guess${index}@nowhere.test`, password: 'guess' }),
    });

  it(`spraying X-Forwarded-For addresses ${fourth === 429 ? 'does not escape' : 'counts each address on its own for'} the per-address limit`, async () => {
    for (let index = 1; index <= 3; index++)
      expect((await attempt(`10.0.0.${index}`, index)).statusCode).toBe(401);
    expect((await attempt('10.0.0.4', 4)).statusCode).toBe(fourth);
  });
});
