import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { escapeHtml, type Mailer } from '../email/mailer';
import { invalidField, tooManyRequests } from '../http/errors';
import type { LoginThrottle } from './login-throttle';
import { hashPassword } from './passwords';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';

// Password-reset and account-activation links: a single-use random token (only its hash is kept)
// in a link sent by e-mail.

export const RESET_LINK_MINUTES = 60;
export const ACTIVATION_LINK_HOURS = 72;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const LINK_MESSAGES = {
  invalid: 'This link is not valid. Request a new one.',
  used: 'This link has already been used. Request a new one.',
  expired: 'This link has expired. Request a new one.',
} as const;

export type PasswordLinkPurpose = 'reset' | 'activation';

interface LinkUser {
  id: string;
  companyId: string;
  firstName: string;
  loginEmail: string;
}

/** Makes a link's token and queues its e-mail, in the caller's transaction. */
export async function issuePasswordLink(
  tx: Tx,
  mailer: Mailer,
  user: LinkUser,
  purpose: PasswordLinkPurpose,
  pageUrl: string,
): Promise<void> {
  // A new link replaces any earlier unused one of the same kind.
  await tx
    .updateTable('passwordTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('userId', '=', user.id)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
  const { token, hash } = newOpaqueToken();
  const lifetime =
    purpose === 'reset'
      ? sql<Date>`now() + make_interval(mins => ${RESET_LINK_MINUTES})`
      : sql<Date>`now() + make_interval(hours => ${ACTIVATION_LINK_HOURS})`;
  await tx
    .insertInto('passwordTokens')
    .values({ userId: user.id, purpose, tokenHash: hash, expiresAt: lifetime })
    .execute();
  const link = `${pageUrl.replace(/\/$/, '')}/${token}`;
  const message =
    purpose === 'reset'
      ? {
          subject: 'Reset your Carrier Portal password',
          text: [
            `Hello ${user.firstName},`,
            '',
            `We received a request to reset the password of ${user.loginEmail}. Open this link within ${RESET_LINK_MINUTES} minutes to choose a new one:`,
            '',
            link,
            '',
            'If you did not ask for this, ignore this e-mail: your password stays as it is.',
          ],
        }
      : {
          subject: 'Activate your Carrier Portal account',
          text: [
            `Hello ${user.firstName},`,
            '',
            `An account was created for ${user.loginEmail} on the Carrier Portal. Open this link within ${ACTIVATION_LINK_HOURS} hours to choose your password:`,
            '',
            link,
          ],
        };
  await mailer.enqueue(tx, {
    to: user.loginEmail,
    companyId: user.companyId,
    subject: message.subject,
    text: message.text.join('\n'),
    html: message.text
      .map((line) =>
        line === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : line === ''
            ? ''
            : `<p>${escapeHtml(line)}</p>`,
      )
      .join('\n'),
  });
}

/**
 * The page a link opens: the `url` a caller gave (an address of this portal, its path kept) or
 * the default page. Links never point anywhere else, whatever a request asks.
 */
export function resolveLinkPage(
  requested: string | undefined,
  publicUrl: string,
  defaultPath: string,
): string {
  if (requested === undefined || requested.trim() === '') return `${publicUrl}${defaultPath}`;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(requested.trim(), base);
  } catch {
    throw invalidField('url', 'url must be an address of this portal');
  }
  if (url.origin !== base.origin)
    throw invalidField('url', 'url must be an address of this portal');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface ResetRequestDeps {
  db: Database;
  mailer: Mailer;
  /** Counts requests per address asked for and per client address. */
  throttle: LoginThrottle;
  logger: { warn: (object: object, message: string) => void };
}

/**
 * Sends a reset link when the address belongs to a portal account; answers the same either way,
 * so the answer never tells whether the address exists. The e-mail goes out after the answer.
 */
export async function requestPasswordReset(
  deps: ResetRequestDeps,
  input: { emailAddress: string; pageUrl: string; clientAddress: string },
): Promise<void> {
  const emailAddress = input.emailAddress.trim();
  const state = await deps.throttle.check(emailAddress, input.clientAddress);
  if (state.locked) {
    const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
    throw tooManyRequests(
      `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
  await deps.throttle.recordFailure(emailAddress, input.clientAddress);
  const queued = await deps.db.system(async (tx) => {
    const user = await findResettableUser(tx, emailAddress);
    if (!user?.loginEmail) return false;
    await issuePasswordLink(
      tx,
      deps.mailer,
      { ...user, loginEmail: user.loginEmail },
      'reset',
      input.pageUrl,
    );
    return true;
  });
  if (queued) {
    deps.mailer
      .deliver()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'reset e-mail not sent yet'));
  }
}

/** Finds the portal account for a reset request: enabled, portal access, an e-mail address to write to. */
export function findResettableUser(tx: Tx, emailAddress: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'companyId', 'firstName', 'loginEmail'])
    .where('loginEmail', '=', emailAddress.trim())
    .where('disabledAt', 'is', null)
    .where('isPortalEnabled', '=', true)
    .executeTakeFirst();
}

/**
 * Sets the password behind a reset or activation token and spends the token. An unknown token,
 * a spent one and an expired one each fail with their own message on the `resetToken` field.
 * Every session of the user ends, here and at the built-in provider.
 */
export async function setPasswordWithToken(
  db: Database,
  input: { resetToken: string; newPassword: string },
): Promise<{ userId: string; purpose: PasswordLinkPurpose }> {
  type Outcome =
    | { field: 'resetToken' | 'newPassword'; message: string }
    | { userId: string; purpose: PasswordLinkPurpose };
  const result = await db.system(async (tx): Promise<Outcome> => {
    const row = await tx
      .selectFrom('passwordTokens as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .select([
        't.id',
        't.userId',
        't.purpose',
        't.usedAt',
        'u.disabledAt',
        'u.loginEmail',
        sql<boolean>`t.expires_at <= now()`.as('expired'),
      ])
      .where('t.tokenHash', '=', hashOpaqueToken(input.resetToken))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.disabledAt) return { field: 'resetToken', message: LINK_MESSAGES.invalid };
    if (row.usedAt) return { field: 'resetToken', message: LINK_MESSAGES.used };
    if (row.expired) return { field: 'resetToken', message: LINK_MESSAGES.expired };
    if (row.loginEmail && input.newPassword.trim().toLowerCase() === row.loginEmail.toLowerCase())
      return { field: 'newPassword', message: 'newPassword must not be your e-mail address' };
    await tx
      .updateTable('passwordTokens')
      .set({ usedAt: sql<Date>`now()` })
      .where('id', '=', row.id)
      .execute();
    await tx
      .updateTable('users')
      .set({
        passwordHash: await hashPassword(input.newPassword),
        passwordChangedAt: sql<Date>`now()`,
        updatedAt: sql<Date>`now()`,
        version: sql<number>`version + 1`,
        // Bearer tokens issued with the old password stop working (decision 085).
        tokenVersion: sql<number>`token_version + 1`,
        ...(row.purpose === 'activation' ? { isPortalEnabled: true } : {}),
      })
      .where('id', '=', row.userId)
      .execute();
    // Sessions opened with the old password end: the portal's and the built-in provider's.
    await tx.deleteFrom('userSessions').where('userId', '=', row.userId).execute();
    await tx.deleteFrom('oidcPayloads').where('accountId', '=', row.userId).execute();
    return { userId: row.userId, purpose: row.purpose as PasswordLinkPurpose };
  });
  if ('field' in result) throw invalidField(result.field, result.message);
  return result;
}
