import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from '../../../test/world';
import { makeUser } from '../../seed/factories';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const post = (url: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function freshUser() {
  return t.db.system((tx) =>
    makeUser(tx, {
      companyId: world.carrier.id,
      password: TEST_PASSWORD,
      permissions: ['CarrierPortal'],
    }),
  );
}

async function bearerFor(emailAddress: string, password = TEST_PASSWORD): Promise<string> {
  const answer = await post('/api/v1/auth/authorize', { emailAddress, password });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.accessToken as string;
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

describe("bearer tokens end with the account's sign-out and a new password", () => {
  it('a sign-out in the browser revokes the bearer tokens issued before it', async () => {
    const user = await freshUser();
    const before = await bearerFor(user.loginEmail!);
    expect((await me(before)).statusCode).toBe(200);

    const browser = new TestBrowser(t);
    await browser.signIn(user.loginEmail!, TEST_PASSWORD);
    expect((await browser.write('POST', '/auth/logout')).statusCode).toBe(200);

    const revoked = await me(before);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().detail).toBe('The token was revoked: sign in again');
    // A token issued after the sign-out works.
    expect((await me(await bearerFor(user.loginEmail!))).statusCode).toBe(200);
  });

  it('a new password revokes the bearer tokens issued with the old one', async () => {
    const user = await freshUser();
    const before = await bearerFor(user.loginEmail!);
    expect(
      (
        await post('/api/v1/auth/request_password_reset', {
          emailAddress: user.loginEmail,
          url: 'http://portal.test/reset-password',
        })
      ).statusCode,
    ).toBe(202);
    const mail = await t.db.system((tx) =>
      tx
        .selectFrom('emailOutbox')
        .select('textBody')
        .where('toAddress', '=', user.loginEmail!)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow(),
    );
    const resetToken = /http:\/\/portal\.test\/reset-password\/([\w-]+)/.exec(mail.textBody)?.[1];
    const reset = await post('/api/v1/auth/password_reset', {
      resetToken,
      newPassword: 'A-new-password-2026',
    });
    expect(reset.statusCode).toBeLessThan(300);

    expect((await me(before)).statusCode).toBe(401);
    expect((await me(await bearerFor(user.loginEmail!, 'A-new-password-2026'))).statusCode).toBe(
      200,
    );
  });
});
