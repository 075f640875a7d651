import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, TEST_PASSWORD, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

const outboxFor = (address: string) =>
  t.db.system((tx) =>
    tx
      .selectFrom('emailOutbox')
      .selectAll()
      .where('toAddress', '=', address)
      .orderBy('createdAt', 'desc')
      .execute(),
  );

/** The link's token, as the user would read it from the e-mail. */
const tokenIn = (text: string, page = 'reset-password') =>
  new RegExp(`http://portal\\.test/${page}/([\\w-]+)`).exec(text)?.[1];

async function freshUser() {
  const { makeUser } = await import('../../seed/factories');
  return t.db.system((tx) =>
    makeUser(tx, {
      companyId: world.carrier.id,
      password: TEST_PASSWORD,
      permissions: ['CarrierPortal'],
    }),
  );
}

describe('request password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const user = await freshUser();
    const known = await post('/api/v1/auth/request_password_reset', {
      emailAddress: user.loginEmail,
      url: 'http://portal.test/reset-password',
    });
    const unknown = await post('/api/v1/auth/request_password_reset', {
      emailAddress: 'stranger@nowhere.test',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ data: { message: 'Please check your email' } });
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await outboxFor(user.loginEmail!);
    expect(mail).toMatchObject({
      subject: 'Reset your Carrier Portal password',
      companyId: world.carrier.id,
    });
    expect(tokenIn(mail!.textBody)).toBeDefined();
    expect(mail!.htmlBody).toContain('<a href="http://portal.test/reset-password/');
    expect(await outboxFor('stranger@nowhere.test')).toEqual([]);
  });

  it('never writes a link to another site', async () => {
    const response = await post('/api/v1/auth/request_password_reset', {
      emailAddress: world.users.carrierUser.loginEmail,
      url: 'https://phish.example/reset-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ url: ['url must be an address of this portal'] });
  });

  it('keeps the path of the page asked for (the legacy /passwordReset page)', async () => {
    const user = await freshUser();
    await post('/api/v1/auth/request_password_reset', {
      emailAddress: user.loginEmail,
      url: '/passwordReset',
    });
    const [mail] = await outboxFor(user.loginEmail!);
    expect(tokenIn(mail!.textBody, 'passwordReset')).toBeDefined();
  });

  it('limits requests for one address', async () => {
    const user = await freshUser();
    for (let index = 0; index < 3; index++)
      expect(
        (await post('/api/v1/auth/request_password_reset', { emailAddress: user.loginEmail }))
          .statusCode,
      ).toBe(202);
    const limited = await post('/api/v1/auth/request_password_reset', {
      emailAddress: user.loginEmail,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many password reset requests/);
    expect(await outboxFor(user.loginEmail!)).toHaveLength(3);
  });
});

describe('password reset', () => {
  async function resetLink(user: { loginEmail: string | null }) {
    await post('/api/v1/auth/request_password_reset', { emailAddress: user.loginEmail });
    const [mail] = await outboxFor(user.loginEmail!);
    return tokenIn(mail!.textBody)!;
  }

  it('sets the new password once, answers a token and the user, and ends old sessions', async () => {
    const user = await freshUser();
    const browser = new TestBrowser(t);
    await browser.signIn(user.loginEmail!, TEST_PASSWORD);
    expect((await browser.get('/api/v1/session')).statusCode).toBe(200);

    const resetToken = await resetLink(user);
    const reset = await post('/api/v1/auth/password_reset', {
      resetToken,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.user).toMatchObject({ id: user.id, companyId: world.carrier.id });
    expect(reset.json().data.token).toMatch(/^eyJ/);

    expect((await browser.get('/api/v1/session')).statusCode).toBe(401);
    const old = await post('/api/v1/auth/authorize', {
      emailAddress: user.loginEmail,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await post('/api/v1/auth/authorize', {
      emailAddress: user.loginEmail,
      password: 'Brand-New-Pass-7',
    });
    expect(fresh.statusCode).toBe(200);

    const reused = await post('/api/v1/auth/password_reset', {
      resetToken,
      newPassword: 'Another-Pass-8',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({
      resetToken: ['This link has already been used. Request a new one.'],
    });
  });

  it('refuses an expired token and a forged one with their own messages', async () => {
    const user = await freshUser();
    const resetToken = await resetLink(user);
    await t.db.system((tx) =>
      tx
        .updateTable('passwordTokens')
        .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
        .where('userId', '=', user.id)
        .execute(),
    );
    const expired = await post('/api/v1/auth/password_reset', {
      resetToken,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(expired.json().errors).toEqual({
      resetToken: ['This link has expired. Request a new one.'],
    });
    const forged = await post('/api/v1/auth/password_reset', {
      resetToken: `${resetToken.slice(0, -2)}xx`,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual({
      resetToken: ['This link is not valid. Request a new one.'],
    });
  });

  it('keeps only the newest link of a user alive', async () => {
    const user = await freshUser();
    const first = await resetLink(user);
    const second = await resetLink(user);
    expect(second).not.toBe(first);
    const stale = await post('/api/v1/auth/password_reset', {
      resetToken: first,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(stale.statusCode).toBe(400);
    const good = await post('/api/v1/auth/password_reset', {
      resetToken: second,
      newPassword: 'Brand-New-Pass-7',
    });
    expect(good.statusCode).toBe(200);
  });

  it.each([
    ['a short password', { newPassword: 'short' }, 'newPassword'],
    ['no token', { newPassword: 'Long-Enough-1' }, 'resetToken'],
    ['an unknown field', { resetToken: 'x', newPassword: 'Long-Enough-1', email: 'a' }, 'email'],
  ])('answers 400 naming the field for %s', async (_name, body, field) => {
    const response = await post('/api/v1/auth/password_reset', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('refuses the e-mail address itself as the new password', async () => {
    const user = await freshUser();
    const resetToken = await resetLink(user);
    const response = await post('/api/v1/auth/password_reset', {
      resetToken,
      newPassword: user.loginEmail,
    });
    expect(response.json().errors).toEqual({
      newPassword: ['newPassword must not be your e-mail address'],
    });
  });

  it('works through the provider’s password-reset flow', async () => {
    const user = await freshUser();
    const browser = new TestBrowser(t);
    const uid = await browser.startSignIn(
      `?flow=reset&login_hint=${encodeURIComponent(user.loginEmail!)}`,
    );
    const asked = await browser.write('POST', `/oidc/interaction/${uid}/password-reset`, {
      emailAddress: user.loginEmail,
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data.message).toBe('Please check your email');
    const [mail] = await outboxFor(user.loginEmail!);
    const reset = await post('/api/v1/auth/password_reset', {
      resetToken: tokenIn(mail!.textBody),
      newPassword: 'Brand-New-Pass-7',
    });
    expect(reset.statusCode).toBe(200);
    expect(await new TestBrowser(t).signIn(user.loginEmail!, 'Brand-New-Pass-7')).toBe('/');
  });
});

describe('e-mail over SMTP', () => {
  it('sends the reset e-mail through the configured server and marks it sent', async () => {
    const received: { to: string; subject: string; text: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const smtp = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'Carrier Portal <no-reply@portal.test>',
    });
    try {
      const { makeCompany, makeUser } = await import('../../seed/factories');
      const user = await smtp.db.system(async (tx) => {
        const company = await makeCompany(tx, { kind: 'carrier' });
        return makeUser(tx, {
          companyId: company.id,
          password: TEST_PASSWORD,
          permissions: ['CarrierPortal'],
        });
      });
      expect(smtp.ctx.mailer.mode).toBe('smtp');
      const response = await smtp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/request_password_reset',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ emailAddress: user.loginEmail }),
      });
      expect(response.statusCode).toBe(202);
      await smtp.ctx.mailer.deliver();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        to: user.loginEmail,
        subject: 'Reset your Carrier Portal password',
      });
      expect(received[0]!.text).toMatch(/http:\/\/portal\.test\/reset-password\/[\w-]{43}/);
      const row = await smtp.db.system((tx) =>
        tx.selectFrom('emailOutbox').select(['sentAt', 'attempts']).executeTakeFirstOrThrow(),
      );
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(1);
    } finally {
      await smtp.close();
      server.close();
    }
  });

  it('keeps a message it could not send and tries again later', async () => {
    const smtp = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const id = await smtp.db.system((tx) =>
        smtp.ctx.mailer.enqueue(tx, { to: 'someone@carrier.test', subject: 'Hello', text: 'Hi' }),
      );
      await smtp.ctx.mailer.deliver();
      const row = await smtp.db.system((tx) =>
        tx
          .selectFrom('emailOutbox')
          .select(['sentAt', 'attempts', 'lastError', 'leaseUntil'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      );
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await smtp.close();
    }
  });
});
