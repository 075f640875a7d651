import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import { AuthCache } from './auth-cache';
import { loginThrottle, type LoginThrottle } from './login-throttle';
import { sessionStore, type SessionStore } from './sessions';

/** What signing in needs beside the database: the session store and the counters of failures. */
export interface IdentityServices {
  readonly sessions: SessionStore;
  /** Recently authenticated callers, sessions and tokens (decision 070). */
  readonly authCache: AuthCache;
  /** Wrong passwords per account and per client address. */
  readonly signInThrottle: LoginThrottle;
  /** Password-reset requests per address asked for and per client address. */
  readonly resetThrottle: LoginThrottle;
  /** Access requests and driver-link exchanges per client address. */
  readonly requestThrottle: LoginThrottle;
}

export function createIdentityServices(db: Database, config: Config): IdentityServices {
  const lockout = config.LOGIN_LOCKOUT_MINUTES;
  const authCache = new AuthCache(db, config.AUTH_CACHE_SECONDS * 1000);
  return {
    sessions: sessionStore(
      db,
      config.APP_SECRET,
      {
        idleMinutes: config.SESSION_IDLE_MINUTES,
        absoluteHours: config.SESSION_ABSOLUTE_HOURS,
      },
      authCache,
    ),
    authCache,
    signInThrottle: loginThrottle(db, {
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      lockoutMinutes: lockout,
    }),
    resetThrottle: loginThrottle(
      db,
      {
        maxFailuresPerAccount: 3,
        maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        lockoutMinutes: lockout,
      },
      'reset',
    ),
    requestThrottle: loginThrottle(
      db,
      {
        maxFailuresPerAccount: 3,
        maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        lockoutMinutes: lockout,
      },
      'request',
    ),
  };
}
