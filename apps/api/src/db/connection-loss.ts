import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * The database could not be reached or did not answer in time: the request fails with 503 and
 * Retry-After, the connection it used is dropped, and the next request gets a fresh one.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The database is not answering: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'DatabaseUnavailableError';
  }
}

// Socket failures, and PostgreSQL's own: connection exceptions (08), shutting down or starting
// (57P01-57P03), too many connections (53300), and a statement cancelled by statement_timeout (57014).
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const PG_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended|Client was closed/i;

/** Whether an error means the connection (not the statement) failed or timed out. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code))) return true;
  if (typeof code === 'string' && /^08/.test(code)) return true;
  return PG_MESSAGES.test(error.message);
}

const unavailable = (error: unknown) =>
  isConnectionLoss(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;

// A session that lifts its statement timeout (migrations) is not read-timed either.
const LIFTS_TIMEOUT =
  /^\s*set\s+(session\s+|local\s+)?statement_timeout\s*(=|to)\s*'?0'?\s*;?\s*$/i;

/**
 * The pool as Kysely sees it: a statement the server does not answer within readTimeoutMs fails
 * (a blackout is not waited out); a client whose connection failed answers every later query at
 * once with the same failure (a rollback does not wait on a dead socket) and, when released, is
 * destroyed instead of returned to the pool; failures of the connection become
 * DatabaseUnavailableError.
 */
export function resilientPool(pool: pg.Pool, readTimeoutMs: number): PostgresPool {
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw unavailable(error);
      }
      let broken: Error | undefined;
      let unbounded = false;
      const run = (text: string, parameters: readonly unknown[]) => {
        if (broken) return Promise.reject(new DatabaseUnavailableError(broken));
        if (LIFTS_TIMEOUT.test(text)) unbounded = true;
        const pending = client.query(text, parameters as unknown[]);
        return new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
          const timer = unbounded
            ? undefined
            : setTimeout(() => {
                broken = new Error(`Query read timeout: no answer in ${readTimeoutMs} ms`);
                reject(new DatabaseUnavailableError(broken));
              }, readTimeoutMs);
          pending.then(
            (result) => {
              clearTimeout(timer);
              resolve(result as PostgresQueryResult<unknown>);
            },
            (error: unknown) => {
              clearTimeout(timer);
              if (isConnectionLoss(error)) broken ??= error as Error;
              reject(unavailable(error));
            },
          );
        });
      };
      const wrapped: PostgresPoolClient = {
        query: ((...args: [string, readonly unknown[]] | [PostgresCursor<unknown>]) =>
          args.length === 1
            ? client.query(args[0] as never)
            : run(args[0], args[1])) as PostgresPoolClient['query'],
        release() {
          // A broken client is ended, not reused: pg-pool removes a client released with an error.
          client.release(broken ?? undefined);
        },
      };
      return wrapped;
    },
    end: () => pool.end(),
  };
}
