import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { forbidden, unauthorized } from '../http/errors';
import type { AuthCache } from './auth-cache';
import type { Authenticator } from './authenticate';
import { loadCaller } from './caller';
import { loadDriverLinkCaller } from './driver-links';
import { hashOpaqueToken } from './opaque-tokens';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
  type IssuerTokens,
  type RenewalOutcome,
  type SessionRecord,
  type SessionStore,
} from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const CSRF_MESSAGE = 'The request is missing its CSRF token; reload the page and try again.';

export interface SessionAuthenticatorOptions {
  db: Database;
  sessions: SessionStore;
  cache: AuthCache;
  /** Renews the issuer's tokens with its refresh token (the sign-in client). */
  renew: (tokens: IssuerTokens, record: SessionRecord) => Promise<RenewalOutcome>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser session behind the request, when it came with the session cookie. */
    session?: SessionRecord;
  }
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}

/**
 * The browser's session cookie. Writes must echo the CSRF token (double submit, bound to the
 * session by an HMAC); the issuer's tokens are renewed when due; the idle clock moves.
 */
export function sessionAuthenticator({
  db,
  sessions,
  cache,
  renew,
}: SessionAuthenticatorOptions): Authenticator {
  return async (request) => {
    const cookie = sessionCookieOf(request);
    if (!cookie) return null;
    // A session and its caller read in the last few seconds are used again (decision 070), unless
    // the session has meanwhile passed one of its deadlines.
    const generation = cache.generation;
    const cached = cache.session(hashOpaqueToken(cookie));
    const now = Date.now();
    const known =
      cached &&
      cached.record.idleExpiresAt.getTime() > now &&
      cached.record.absoluteExpiresAt.getTime() > now
        ? cached
        : undefined;
    let record = known?.record ?? (await sessions.find(cookie));
    if (!record) throw unauthorized(SESSION_ENDED_MESSAGE);
    if (!SAFE_METHODS.has(request.method)) {
      const given = request.headers[CSRF_HEADER];
      if (!sessions.csrfMatches(cookie, typeof given === 'string' ? given : undefined))
        throw forbidden(CSRF_MESSAGE);
    }
    const current = record;
    const renewal = await sessions.renewIfDue(current, (tokens) => renew(tokens, current));
    if (renewal === 'ended') throw unauthorized(SESSION_ENDED_MESSAGE);
    const caller =
      known?.caller ??
      (record.driverLinkId
        ? await loadDriverLinkCaller(db, { driverId: record.userId }, 'session')
        : await loadCaller(db, record.userId, { via: 'session' }));
    if (!caller || caller.companyId !== record.companyId) {
      await sessions.destroyByHash(record.idHash);
      throw unauthorized(SESSION_ENDED_MESSAGE);
    }
    const touched = await sessions.touch(record);
    // A renewal changed the row: read it again next time. A driver link's session is checked
    // against its link on every request (revoking the link ends it at once).
    if (renewal === 'renewed') cache.forgetSession(record.idHash);
    else if (!record.driverLinkId && (!known || touched !== record))
      cache.rememberSession({ record: touched, caller }, generation);
    record = touched;
    request.session = record;
    return caller;
  };
}
