import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AppContext } from '../app-context';
import type { Caller } from '../auth/caller';
import { conflict, HttpProblem, invalidField } from './errors';

// Writes a retry could double (bookings, arrivals, uploads, notes) may carry an Idempotency-Key
// header. One table keeps the first answer per user and key for a day; a retry of the same request
// gets that answer again, a key reused for another request is refused.

/** How long a key is remembered: a client retries within minutes, not days. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export interface IdempotentRequest {
  method: string;
  url: string;
  body: unknown;
  /** The Idempotency-Key header as received. */
  key: string | string[] | undefined;
}

export interface IdempotentOutcome<T> {
  status: number;
  body: T;
  /** True when this answer is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** The parts of a request its Idempotency-Key is checked against. */
export function idempotentRequest(request: FastifyRequest): IdempotentRequest {
  return {
    method: request.method,
    url: request.url,
    body: request.body,
    key: request.headers['idempotency-key'],
  };
}

/** Sends an idempotent write's answer, saying when it is the stored answer to a retry. */
export function sendIdempotent<T>(reply: FastifyReply, outcome: IdempotentOutcome<T>) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(outcome.status).send(outcome.body);
}

export function readIdempotencyKey(key: string | string[] | undefined): string | undefined {
  const value = Array.isArray(key) ? key[0] : key;
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw invalidField(
      'Idempotency-Key',
      'Idempotency-Key must be 1 to 200 visible ASCII characters (a UUID is a good choice)',
    );
  }
  return value;
}

/**
 * Runs a write in one tenant transaction. With an Idempotency-Key, the first request's answer is
 * stored in the same transaction as its changes, so a retry (same user, same key, same request)
 * answers the same thing without doing the work twice; a retry that arrives while the first is
 * still running waits for it. A key reused for a different request is refused. Failures are not
 * stored: the transaction rolls back with them, so a retry may try again.
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  caller: Caller,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<IdempotentOutcome<T>> {
  const key = readIdempotencyKey(request.key);
  return ctx.db.tenant(caller.scope, async (tx) => {
    if (key === undefined) return { ...(await work(tx)), replayed: false };
    const requestHash = hashRequest(request.method, request.url, request.body ?? null);
    await tx
      .deleteFrom('idempotentRequests')
      .where('userId', '=', caller.userId)
      .where('idempotencyKey', '=', key)
      .where(
        'createdAt',
        '<',
        sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
      )
      .execute();
    const claimed = await tx
      .insertInto('idempotentRequests')
      .values({
        userId: caller.userId,
        idempotencyKey: key,
        companyId: caller.companyId,
        method: request.method.toUpperCase(),
        path: request.url,
        requestHash,
      })
      .onConflict((conflict) => conflict.columns(['userId', 'idempotencyKey']).doNothing())
      .returning('userId')
      .executeTakeFirst();
    if (!claimed) {
      const prior = await tx
        .selectFrom('idempotentRequests')
        .selectAll()
        .where('userId', '=', caller.userId)
        .where('idempotencyKey', '=', key)
        .executeTakeFirstOrThrow();
      if (prior.requestHash !== requestHash) throw keyReused(key);
      return { status: prior.responseStatus, body: prior.responseBody as T, replayed: true };
    }
    const outcome = await work(tx);
    await tx
      .updateTable('idempotentRequests')
      .set({ responseStatus: outcome.status, responseBody: JSON.stringify(outcome.body) })
      .where('userId', '=', caller.userId)
      .where('idempotencyKey', '=', key)
      .execute();
    return { ...outcome, replayed: false };
  });
}

function hashRequest(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${url}\n`)
    .update(JSON.stringify(body))
    .digest('hex');
}

function keyReused(key: string): HttpProblem {
  return new HttpProblem(
    422,
    'Unprocessable Entity',
    `Idempotency-Key ${key} was already used for a different request`,
    { 'Idempotency-Key': ['This key was already used for a different request'] },
  );
}

/** The request's Idempotency-Key header, checked, or undefined when it has none. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  return readIdempotencyKey(request.headers['idempotency-key']);
}

export interface RememberedAnswer {
  status: number;
  body: unknown;
}

// Uploads stream their file to the store before the transaction that records them, so they look
// for an earlier answer first and remember theirs in the recording transaction. Such requests are
// told apart by method, path and a fingerprint of what they carry (the fields and the file's
// SHA-256, not the streamed bytes): the same key with another file or other fields is refused.

/**
 * An earlier answer to this user's key on this POST path with this fingerprint, or null; a key
 * used for another path or another fingerprint is refused (422).
 */
export async function findRememberedAnswer(
  tx: Tx,
  caller: Caller,
  key: string,
  path: string,
  fingerprint: unknown,
): Promise<RememberedAnswer | null> {
  const row = await tx
    .selectFrom('idempotentRequests')
    .select(['requestHash', 'responseStatus', 'responseBody'])
    .where('userId', '=', caller.userId)
    .where('idempotencyKey', '=', key)
    .where('responseStatus', '>', 0)
    .where(
      'createdAt',
      '>',
      sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
    )
    .executeTakeFirst();
  if (!row) return null;
  if (row.requestHash !== hashRequest('POST', path, fingerprint ?? null)) throw keyReused(key);
  return { status: row.responseStatus, body: row.responseBody };
}

/** Keeps the answer in the write's own transaction, so it is remembered exactly when the write holds. */
export async function rememberAnswer(
  tx: Tx,
  caller: Caller,
  key: string,
  path: string,
  answer: RememberedAnswer,
  fingerprint: unknown,
): Promise<void> {
  await tx
    .deleteFrom('idempotentRequests')
    .where('userId', '=', caller.userId)
    .where('idempotencyKey', '=', key)
    .where(
      'createdAt',
      '<',
      sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
    )
    .execute();
  const inserted = await tx
    .insertInto('idempotentRequests')
    .values({
      userId: caller.userId,
      idempotencyKey: key,
      companyId: caller.companyId,
      method: 'POST',
      path,
      requestHash: hashRequest('POST', path, fingerprint ?? null),
      responseStatus: answer.status,
      responseBody: JSON.stringify(answer.body),
    })
    // A twin request that committed first wins; this one is rolled back.
    .onConflict((conflictOn) => conflictOn.columns(['userId', 'idempotencyKey']).doNothing())
    .returning('userId')
    .execute();
  if (inserted.length === 0)
    throw conflict('A request with this Idempotency-Key is already being processed');
}
