import { createHmac, hkdfSync } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { AuthCache } from './auth-cache';
import { hashOpaqueToken, newOpaqueToken, sameSecret } from './opaque-tokens';
import { secretBox } from './secret-box';

/** The browser's only credential: random, HttpOnly, Secure, SameSite=Strict, host-only. */
export const SESSION_COOKIE = '__Host-portal_session';
/** Readable by the page, echoed in the x-csrf-token header on every write. */
export const CSRF_COOKIE = '__Host-portal_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Tokens the issuer gave the server; sealed at rest, never sent to the browser. */
export interface IssuerTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string | undefined;
}

export interface SessionRecord {
  readonly idHash: string;
  readonly userId: string;
  readonly companyId: string;
  readonly driverLinkId: string | null;
  readonly issuer: string | null;
  readonly subject: string | null;
  readonly accessExpiresAt: Date | null;
  readonly lastSeenAt: Date;
  readonly idleExpiresAt: Date;
  readonly absoluteExpiresAt: Date;
  readonly signInNoticed: boolean;
}

export interface NewSession {
  userId: string;
  companyId: string;
  driverLinkId?: string | null;
  issuer?: string | null;
  subject?: string | null;
  tokens?: IssuerTokens | null;
  accessExpiresAt?: Date | null;
  /** The session never outlives this (a driver link's own expiry). */
  notAfter?: Date | null;
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
}

export type RenewalOutcome =
  | { kind: 'renewed'; tokens: IssuerTokens; accessExpiresAt: Date }
  /** The issuer refused (grant revoked, user disabled there): the session ends. */
  | { kind: 'refused' }
  /** The issuer could not be reached: try again on a later request. */
  | { kind: 'unavailable' };

export interface SessionTimeouts {
  idleMinutes: number;
  absoluteHours: number;
}

// A busy page makes many calls a minute; the idle clock moves at most once a minute per session.
const TOUCH_EVERY_MS = 60_000;

export type SessionStore = ReturnType<typeof sessionStore>;

export function sessionStore(
  db: Database,
  appSecret: string,
  timeouts: SessionTimeouts,
  cache?: AuthCache,
) {
  const box = secretBox(appSecret, 'session-tokens');
  const csrfKey = Buffer.from(hkdfSync('sha256', appSecret, 'carrier-portal', 'csrf', 32));
  const idleMs = timeouts.idleMinutes * 60_000;
  const absoluteMs = timeouts.absoluteHours * 3_600_000;

  const columns = [
    'idHash',
    'userId',
    'companyId',
    'driverLinkId',
    'issuer',
    'subject',
    'accessExpiresAt',
    'lastSeenAt',
    'idleExpiresAt',
    'absoluteExpiresAt',
    'signInNoticed',
  ] as const;

  return {
    /** A new session with a new id: at every sign-in, never reusing the old cookie's. */
    async create(input: NewSession): Promise<{ cookieValue: string; record: SessionRecord }> {
      const { token: cookieValue, hash } = newOpaqueToken();
      const now = Date.now();
      const absolute = Math.min(
        now + absoluteMs,
        input.notAfter ? input.notAfter.getTime() : Number.POSITIVE_INFINITY,
      );
      const record = await db.system((tx) =>
        tx
          .insertInto('userSessions')
          .values({
            idHash: hash,
            userId: input.userId,
            companyId: input.companyId,
            driverLinkId: input.driverLinkId ?? null,
            issuer: input.issuer ?? null,
            subject: input.subject ?? null,
            tokensSealed: input.tokens ? box.seal(JSON.stringify(input.tokens)) : null,
            accessExpiresAt: input.accessExpiresAt ?? null,
            idleExpiresAt: new Date(Math.min(now + idleMs, absolute)),
            absoluteExpiresAt: new Date(absolute),
            userAgent: input.userAgent?.slice(0, 400) ?? null,
            ipAddress: input.ipAddress ?? null,
          })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      );
      return { cookieValue, record };
    },

    /** The live session behind a cookie; an idle or expired one is removed and not returned. */
    async find(cookieValue: string): Promise<SessionRecord | undefined> {
      const idHash = hashOpaqueToken(cookieValue);
      const row = await db.system((tx) =>
        tx
          .selectFrom('userSessions as s')
          .leftJoin('driverLinks as l', 'l.id', 's.driverLinkId')
          .select(columns.map((column) => `s.${column}` as const))
          .select((eb) =>
            eb
              .or([
                eb('s.idleExpiresAt', '<=', sql<Date>`now()`),
                eb('s.absoluteExpiresAt', '<=', sql<Date>`now()`),
                eb.and([
                  eb('s.driverLinkId', 'is not', null),
                  eb.or([
                    eb('l.revokedAt', 'is not', null),
                    eb('l.expiresAt', '<=', sql<Date>`now()`),
                  ]),
                ]),
              ])
              .as('ended'),
          )
          .where('s.idHash', '=', idHash)
          .executeTakeFirst(),
      );
      if (!row) return undefined;
      if (row.ended) {
        await this.destroyByHash(idHash);
        return undefined;
      }
      const { ended: _ended, ...record } = row;
      return record;
    },

    /** Moves the idle deadline, at most once a minute; answers the record as it now stands. */
    async touch(record: SessionRecord): Promise<SessionRecord> {
      if (Date.now() - record.lastSeenAt.getTime() < TOUCH_EVERY_MS) return record;
      const moved = await db.system((tx) =>
        tx
          .updateTable('userSessions')
          .set({
            lastSeenAt: sql<Date>`now()`,
            idleExpiresAt: sql<Date>`least(now() + make_interval(secs => ${idleMs / 1000}), absolute_expires_at)`,
          })
          .where('idHash', '=', record.idHash)
          .returning(['lastSeenAt', 'idleExpiresAt'])
          .executeTakeFirst(),
      );
      return moved ? { ...record, ...moved } : record;
    },

    /**
     * Renews the issuer's tokens once they are due. One request of a browser at a time does it: it
     * takes a short lease on the row (no transaction is held while the issuer answers), and the
     * others carry on with the session as it is, which stays valid on its own timeouts. A refused
     * renewal (the issuer ended the grant) ends the session.
     */
    async renewIfDue(
      record: SessionRecord,
      renew: (tokens: IssuerTokens) => Promise<RenewalOutcome>,
    ): Promise<'fresh' | 'renewed' | 'ended'> {
      if (!record.accessExpiresAt || record.accessExpiresAt.getTime() > Date.now()) return 'fresh';
      const claimed = await db.system((tx) =>
        tx
          .updateTable('userSessions')
          .set({ refreshLeaseUntil: sql<Date>`now() + interval '30 seconds'` })
          .where('idHash', '=', record.idHash)
          .where((eb) =>
            eb.or([
              eb('refreshLeaseUntil', 'is', null),
              eb('refreshLeaseUntil', '<', sql<Date>`now()`),
            ]),
          )
          .where('accessExpiresAt', '<=', sql<Date>`now()`)
          .returning('tokensSealed')
          .executeTakeFirst(),
      );
      if (!claimed?.tokensSealed) return 'fresh';
      const outcome = await renew(JSON.parse(box.open(claimed.tokensSealed)) as IssuerTokens);
      if (outcome.kind === 'refused') {
        await this.destroyByHash(record.idHash);
        return 'ended';
      }
      await db.system((tx) =>
        tx
          .updateTable('userSessions')
          .set(
            outcome.kind === 'renewed'
              ? {
                  tokensSealed: box.seal(JSON.stringify(outcome.tokens)),
                  accessExpiresAt: outcome.accessExpiresAt,
                  refreshLeaseUntil: null,
                }
              : { refreshLeaseUntil: null },
          )
          .where('idHash', '=', record.idHash)
          .execute(),
      );
      return outcome.kind === 'renewed' ? 'renewed' : 'fresh';
    },

    /** True the first time it is asked after sign-in: the "Login Successful" notice shows once. */
    async takeSignInNotice(idHash: string): Promise<boolean> {
      const row = await db.system((tx) =>
        tx
          .updateTable('userSessions')
          .set({ signInNoticed: true })
          .where('idHash', '=', idHash)
          .where('signInNoticed', '=', false)
          .returning('idHash')
          .executeTakeFirst(),
      );
      return row !== undefined;
    },

    destroyByHash(idHash: string): Promise<unknown> {
      cache?.forgetSession(idHash);
      return db.system((tx) =>
        tx.deleteFrom('userSessions').where('idHash', '=', idHash).execute(),
      );
    },

    /** Ends the session and answers what it held, for signing out at the issuer. */
    async destroy(cookieValue: string): Promise<IssuerTokens | undefined> {
      const idHash = hashOpaqueToken(cookieValue);
      cache?.forgetSession(idHash);
      const row = await db.system((tx) =>
        tx
          .deleteFrom('userSessions')
          .where('idHash', '=', idHash)
          .returning('tokensSealed')
          .executeTakeFirst(),
      );
      return row?.tokensSealed
        ? (JSON.parse(box.open(row.tokensSealed)) as IssuerTokens)
        : undefined;
    },

    csrfTokenFor(cookieValue: string): string {
      return createHmac('sha256', csrfKey).update(cookieValue).digest('base64url');
    },

    csrfMatches(cookieValue: string, given: string | undefined): boolean {
      return given !== undefined && sameSecret(given, this.csrfTokenFor(cookieValue));
    },
  };
}
