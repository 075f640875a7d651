import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import type { Caller } from './caller';
import type { CurrentUserRecord } from './current-user';
import type { SessionRecord } from './sessions';
import type { AccessTokenClaims } from './tokens';

/** The database announces changes to who a caller is on this channel (migration 0071). */
export const AUTH_CHANGES_CHANNEL = 'portal_auth_changes';
// Bounds memory under many distinct callers; the oldest entries go first.
const MAX_ENTRIES = 20_000;

interface Entry<V> {
  value: V;
  expiresAt: number;
  userId: string;
}

class ExpiringMap<V> {
  private readonly entries = new Map<string, Entry<V>>();

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  deleteUser(userId: string) {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}

export interface CachedSession {
  record: SessionRecord;
  caller: Caller;
}

/**
 * What authentication learned recently, so that a busy page's requests do not each look the caller
 * up again: verified access tokens by hash until they expire, and callers of sessions, tokens and
 * api keys for a few seconds, with the Current user entity GET /api/v1/me answers (decision 232).
 * Signing out, a password reset and revoking a key drop entries here at once, as does any write of
 * the caller's own (app.ts); any other change to users, their e-mails, phones and locations,
 * companies, sessions, keys or links is announced by the database (to every process) and empties the
 * cache. Until this process listens, nothing is served from it.
 */
export class AuthCache {
  private readonly tokens = new ExpiringMap<AccessTokenClaims>();
  private readonly callers = new ExpiringMap<Caller>();
  private readonly sessions = new ExpiringMap<CachedSession>();
  private readonly currentUsers = new ExpiringMap<CurrentUserRecord>();
  private listening: Promise<(() => Promise<void>) | null> | null = null;
  private live = false;
  private changes = 0;
  // Callers' own writes, counted apart: they need not stop callers and sessions being kept.
  private ownWrites = 0;

  constructor(
    private readonly db: Database,
    /** How long a caller is reused (AUTH_CACHE_SECONDS); 0 turns the cache of callers off. */
    private readonly ttlMs: number,
  ) {}

  static tokenKey(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  /** A token's claims, verified once and reused until the token expires. */
  async verifiedToken(
    token: string,
    verify: (token: string) => Promise<AccessTokenClaims>,
  ): Promise<AccessTokenClaims> {
    const key = AuthCache.tokenKey(token);
    const now = Date.now();
    // A signature does not depend on the database: no announcement is needed to reuse it.
    const known = this.tokens.get(key, now);
    if (known) return known;
    const claims = await verify(token);
    // exp is required by verify; a token without one would not get here.
    const expiresAt = (claims.exp ?? 0) * 1000;
    if (expiresAt > now) this.tokens.set(key, { value: claims, expiresAt, userId: claims.sub });
    return claims;
  }

  /** The caller under `key` (a token's subject, an api key), loaded at most every few seconds. */
  caller(key: string, load: () => Promise<Caller | null>): Promise<Caller | null> {
    return this.kept(this.callers, key, load, (caller) => caller.userId, false);
  }

  /** A user's Current user entity, read at most every few seconds; a write of theirs drops it. */
  currentUser(
    userId: string,
    load: () => Promise<CurrentUserRecord | undefined>,
  ): Promise<CurrentUserRecord | undefined> {
    return this.kept(this.currentUsers, userId, load, () => userId, true);
  }

  /**
   * What `entries` holds under `key` once this process listens, or what `load` answers, kept for the
   * cache's seconds. A change announced while it loaded (or, with `afterOwnWrites`, a write of a
   * caller's own) may have made it stale: it is used once and not kept.
   */
  private async kept<V, L extends V | null | undefined>(
    entries: ExpiringMap<V>,
    key: string,
    load: () => Promise<L>,
    userIdOf: (value: V) => string,
    afterOwnWrites: boolean,
  ): Promise<L> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const known = this.live ? entries.get(key, now) : undefined;
    if (known) return known as L;
    const generation = this.generation;
    const ownWrites = this.ownWrites;
    const value = await load();
    const fresh =
      generation === this.generation && (!afterOwnWrites || ownWrites === this.ownWrites);
    if (value && fresh)
      entries.set(key, { value, expiresAt: now + this.ttlMs, userId: userIdOf(value) });
    this.follow();
    return value;
  }

  /** The caller wrote something: what they read next about themselves is read again. */
  forgetCurrentUser(userId: string) {
    this.ownWrites += 1;
    this.currentUsers.delete(userId);
  }

  session(idHash: string): CachedSession | undefined {
    return this.live ? this.sessions.get(idHash, Date.now()) : undefined;
  }

  /** The generation to pass to rememberSession: read it before loading what is remembered. */
  get generation(): number {
    return this.changes;
  }

  rememberSession(session: CachedSession, generation: number) {
    if (this.ttlMs === 0 || generation !== this.changes) return;
    this.sessions.set(session.record.idHash, {
      value: session,
      expiresAt: Math.min(Date.now() + this.ttlMs, session.record.idleExpiresAt.getTime()),
      userId: session.record.userId,
    });
    this.follow();
  }

  forgetSession(idHash: string) {
    this.changes += 1;
    this.sessions.delete(idHash);
  }

  /** A user's callers and sessions (password reset, roles or company changed). */
  forgetUser(userId: string) {
    this.changes += 1;
    this.callers.deleteUser(userId);
    this.sessions.deleteUser(userId);
    this.currentUsers.delete(userId);
  }

  /** Everything but verified tokens' signatures, which no change in the database affects. */
  clear() {
    this.changes += 1;
    this.callers.clear();
    this.sessions.clear();
    this.currentUsers.clear();
  }

  private follow() {
    this.listening ??= this.db
      .listen(AUTH_CHANGES_CHANNEL, (payload) => {
        if (payload.startsWith('session:')) this.forgetSession(payload.slice('session:'.length));
        else this.clear();
      })
      .then((stop) => {
        this.live = true;
        return stop;
      })
      // Without the announcements the cache could serve a stale caller: it stays off.
      .catch(() => null);
  }

  async close() {
    const listening = this.listening;
    this.listening = null;
    this.live = false;
    this.clear();
    this.tokens.clear();
    const stop = listening ? await listening : null;
    if (stop) await stop();
  }
}
