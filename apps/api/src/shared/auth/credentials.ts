import type { Database } from '../../db/database';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';

/** The fallback when a Do Not Use carrier has no contact address of its own. */
export const DEFAULT_DO_NOT_USE_CONTACT = 'carriers@carrierportal.example';

export type PasswordCheck =
  | { kind: 'ok'; userId: string; emailAddress: string }
  /** Wrong password, unknown address, disabled account or no portal access: one answer for all. */
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number }
  /** The password was right, but the user's carrier is marked Do Not Use. */
  | { kind: 'do-not-use'; contactEmail: string };

/** Sign-in happens before any company is known, so this lookup runs as the system role. */
export function findLoginAccount(db: Database, emailAddress: string) {
  return db.system((tx) =>
    tx
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.companyId')
      .select([
        'u.id',
        'u.loginEmail',
        'u.passwordHash',
        'u.disabledAt',
        'u.isPortalEnabled',
        'c.doNotUse as companyDoNotUse',
        'c.doNotUseContactEmail',
      ])
      .where('u.loginEmail', '=', emailAddress)
      .executeTakeFirst(),
  );
}

/**
 * Checks an e-mail address and password for every way of signing in (the provider's sign-in
 * screen and the API's authorize call), counting failures per account and per client address.
 * The Do Not Use answer comes only after a correct password, so it tells nothing to a stranger.
 */
export async function checkPassword(
  db: Database,
  throttle: LoginThrottle,
  input: { emailAddress: string; password: string; clientAddress: string },
): Promise<PasswordCheck> {
  const emailAddress = input.emailAddress.trim();
  const state = await throttle.check(emailAddress, input.clientAddress);
  if (state.locked) return { kind: 'locked', retryAfterSeconds: state.retryAfterSeconds };
  const account = await findLoginAccount(db, emailAddress);
  const matches = await verifyPassword(account?.passwordHash ?? null, input.password);
  if (!account || !matches || account.disabledAt || !account.isPortalEnabled) {
    await throttle.recordFailure(emailAddress, input.clientAddress);
    return { kind: 'wrong' };
  }
  await throttle.recordSuccess(emailAddress);
  if (account.companyDoNotUse) {
    return {
      kind: 'do-not-use',
      contactEmail: account.doNotUseContactEmail ?? DEFAULT_DO_NOT_USE_CONTACT,
    };
  }
  return { kind: 'ok', userId: account.id, emailAddress: account.loginEmail ?? emailAddress };
}
