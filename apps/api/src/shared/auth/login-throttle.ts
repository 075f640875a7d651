import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface ThrottleLimits {
  readonly maxFailuresPerAccount: number;
  readonly maxFailuresPerAddress: number;
  /** Both the counting window and the lockout. */
  readonly lockoutMinutes: number;
}

export type ThrottleState = { locked: false } | { locked: true; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Whether the account or the address is locked out right now. */
  check(emailAddress: string, address: string): Promise<ThrottleState>;
  /** Counts one failure against both; the one reaching its limit is locked for the lockout time. */
  recordFailure(emailAddress: string, address: string): Promise<void>;
  /** A correct password clears the account's count (the address keeps its own). */
  recordSuccess(emailAddress: string): Promise<void>;
}

/**
 * Wrong passwords counted per account and per client address in the database, so the limits hold
 * however many API nodes answer. An unknown address is counted like a known one: the answer never
 * tells which accounts exist.
 */
export function loginThrottle(
  db: Database,
  limits: ThrottleLimits,
  /** Separates counters of different purposes (sign-in, reset requests...). */
  purpose = 'sign-in',
): LoginThrottle {
  const minutes = limits.lockoutMinutes;
  const accountKey = (emailAddress: string) =>
    `${purpose}:account:${emailAddress.trim().toLowerCase()}`;
  const addressKey = (address: string) => `${purpose}:address:${address}`;
  return {
    async check(emailAddress, address) {
      const rows = await db.system((tx) =>
        tx
          .selectFrom('authThrottle')
          .select(sql<number>`ceil(extract(epoch from (locked_until - now())))::int`.as('seconds'))
          .where('key', 'in', [accountKey(emailAddress), addressKey(address)])
          .where('lockedUntil', '>', sql<Date>`now()`)
          .execute(),
      );
      const seconds = Math.max(0, ...rows.map((row) => row.seconds));
      return seconds > 0 ? { locked: true, retryAfterSeconds: seconds } : { locked: false };
    },
    async recordFailure(emailAddress, address) {
      await db.system(async (tx) => {
        for (const [key, max] of [
          [accountKey(emailAddress), limits.maxFailuresPerAccount],
          [addressKey(address), limits.maxFailuresPerAddress],
        ] as const) {
          // One statement per key: the increment and the lock decision happen atomically in the row.
          await sql`
            insert into auth_throttle as t (key, window_started_at, failures, locked_until)
            values (${key}, now(), 1,
                    case when 1 >= ${max} then now() + make_interval(mins => ${minutes}) end)
            on conflict (key) do update set
              window_started_at = case when t.window_started_at < now() - make_interval(mins => ${minutes})
                                       then now() else t.window_started_at end,
              failures = case when t.window_started_at < now() - make_interval(mins => ${minutes})
                              then 1 else t.failures + 1 end,
              locked_until = case
                when (case when t.window_started_at < now() - make_interval(mins => ${minutes})
                           then 1 else t.failures + 1 end) >= ${max}
                  then now() + make_interval(mins => ${minutes})
                else t.locked_until end`.execute(tx);
        }
      });
    },
    async recordSuccess(emailAddress) {
      await db.system((tx) =>
        tx.deleteFrom('authThrottle').where('key', '=', accountKey(emailAddress)).execute(),
      );
    },
  };
}

/** Minutes, rounded up, for the message. */
export function lockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
