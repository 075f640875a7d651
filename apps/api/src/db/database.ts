import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import {
  preparingPool,
  settingsPrelude,
  withPreludeTransactions,
  transactionWithPrelude,
} from './driver';
import { KeptCamelCasePlugin } from './camel-case';
import { readRowsAsAscii } from './data-rows';
import { resilientPool } from './connection-loss';
import type { DB } from './schema.generated';
import { scopeSettings, type TenantScope } from './tenancy';
import { timestamptzReader } from './timestamps';

export type Tx = Transaction<DB>;

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  /** Work done on behalf of a caller: row-level security applies to every statement. */
  tenant<T>(scope: TenantScope, work: (tx: Tx) => Promise<T>, options?: TenantOptions): Promise<T>;
  /** Sign-in lookups, jobs and the demo world: all rows, as a role that is still not a superuser. */
  system<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs a script of several statements as the connecting user (migrations, bulk loads). */
  execScript(script: string): Promise<void>;
  /** The connecting user's own handle; only migrations and tests reach for it. */
  readonly owner: Kysely<DB>;
  /**
   * Listens to a NOTIFY channel (pg_notify), across every process on the same database; answers the
   * function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs work while holding a lock that every process on the same database respects (a session
   * advisory lock on a connection of its own): one-off work that API nodes starting together must
   * not each do.
   */
  exclusively<T>(lock: number, work: () => Promise<T>): Promise<T>;
  /** The embedded engine itself, when that is the engine (snapshots for tests). */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export interface TenantOptions {
  /**
   * Run each prepared statement on its generic plan, planned once per connection, instead of
   * planning it again for every call's values (decision 220). For hot reads whose plan does not
   * depend on the values (lists by company, counts, quick search); a query whose best plan depends on
   * its values (a radius, a date range over skewed data) keeps PostgreSQL's own choice.
   */
  genericPlans?: boolean;
  /**
   * The work only reads: the transaction is read-only (PostgreSQL refuses any write in it), and on
   * PostgreSQL its answer does not wait for the commit, which goes with the connection's next
   * message (decisions 235, 252).
   */
  readOnly?: boolean;
}

// bigint counts and cents fit in a double; dates stay calendar strings; numeric weights become numbers;
// timestamps are read from their characters (timestamps.ts).
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMPTZ = 1184;
const parseNumber = (value: string) => Number(value);
const keepString = (value: string) => value;

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite stores its files under dataDir (or in memory when dataDir is absent). */
  url?: string | undefined;
  dataDir?: string | undefined;
  /** PostgreSQL connections; defaultPoolSize() when absent. */
  poolSize?: number | undefined;
  /** Load a PGlite snapshot instead of starting empty (tests). */
  pgliteLoadDataDir?: Blob | File | undefined;
  /** PostgreSQL: how long connecting (or waiting for a pooled connection) may take. */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long one statement may run (statement_timeout; a silent server is given 1 s more). */
  statementTimeoutMs?: number;
}

/**
 * Connections a process needs to keep the machine busy: a request holds one only while its
 * transaction runs, and more statements at once than about twice the cores only queue inside
 * PostgreSQL (decision 070).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism() + 1);
}

/** Timeouts of PostgreSQL connections unless configured (decision 081). */
export const POSTGRES_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url)
    return openPostgres(options.url, options.poolSize ?? defaultPoolSize(), {
      connectTimeoutMs: options.connectTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.connectTimeoutMs,
      statementTimeoutMs:
        options.statementTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.statementTimeoutMs,
    });
  return openPGlite(options.dataDir, options.pgliteLoadDataDir);
}

async function openPostgres(
  url: string,
  poolSize: number,
  timeouts: { connectTimeoutMs: number; statementTimeoutMs: number },
): Promise<Database> {
  readRowsAsAscii();
  const typeParsers: Record<number, (value: string) => unknown> = {
    [INT8]: parseNumber,
    [NUMERIC]: parseNumber,
    [DATE]: keepString,
    [TIMESTAMPTZ]: timestamptzReader(pg.types.getTypeParser(TIMESTAMPTZ, 'text')),
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A stalled or unreachable database answers 503 within these bounds instead of holding requests:
    // connecting or waiting for a free connection, the server's statement_timeout, and a client-side
    // read timeout for when the server (or the network) says nothing at all.
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.statementTimeoutMs * 2,
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // A checked-out client has no listener of the pool's: without one of its own, a connection
  // reset mid-request is an unhandled 'error' event and ends the process. The request using it
  // fails (503) and resilientPool destroys it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const owner = new Kysely<DB>({
    // Named prepared statements (decision 070) under the connection-loss guard (decision 081).
    dialect: withPreludeTransactions(
      new PostgresDialect({
        pool: resilientPool(
          preparingPool(pool) as unknown as pg.Pool,
          timeouts.statementTimeoutMs + 1_000,
        ),
      }),
      { joinsTransactionEdges: true },
    ),
    plugins: [new KeptCamelCasePlugin()],
  });
  const listen: Database['listen'] = async (channel, onMessage) => {
    // A connection of its own, outside the pool, held while anyone listens. When it is lost
    // (a reset, a restart of the database) it is opened again, waiting longer after each failure,
    // so live notifications come back with the database.
    let stopped = false;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const open = async (): Promise<void> => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: timeouts.connectTimeoutMs,
        keepAlive: true,
      });
      client.on('error', () => {
        // Followed by 'end', which reconnects.
      });
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      current = client;
      client.on('end', () => {
        if (!stopped && current === client) reopen(250);
      });
    };
    const reopen = (delay: number) => {
      retry = setTimeout(() => {
        if (!stopped) open().catch(() => reopen(Math.min(delay * 2, 5_000)));
      }, delay);
    };
    await open();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await current?.end();
    };
  };
  // Migrations and bulk loads may run longer than a request's statement: a connection of their
  // own, without the request timeouts.
  const execScript: Database['execScript'] = async (script) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(script);
    } finally {
      await client.end();
    }
  };
  const exclusively: Database['exclusively'] = async (lock, work) => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      keepAlive: true,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      // Waiting for another node may take longer than any statement: no timeout here.
      await client.query('select pg_advisory_lock($1)', [lock]);
      return await work();
    } finally {
      // Ending the connection releases the lock.
      await client.end();
    }
  };
  // Kysely's destroy ends the pool.
  return { ...build('postgres', owner, async () => undefined), listen, execScript, exclusively };
}

async function openPGlite(
  dataDir: string | undefined,
  loadDataDir?: Blob | File,
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { citext, cube, earthdistance, pg_trgm },
    parsers: {
      [INT8]: parseNumber,
      [NUMERIC]: parseNumber,
      [DATE]: keepString,
      [TIMESTAMPTZ]: timestamptzReader(pgliteTypes.parsers[TIMESTAMPTZ]!),
    },
  });
  const { PGliteDialect } = await import('./pglite-dialect');
  // The dialect reads its answers itself (decision 255): the notifications in them go to these
  // listeners, kept beside PGlite's own, which get those in the answers PGlite reads. Channels are
  // the code's own lowercase names, as the engine reports them.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const notify = (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  };
  const owner = new Kysely<DB>({
    dialect: withPreludeTransactions(new PGliteDialect(pglite, notify)),
    plugins: [new KeptCamelCasePlugin()],
  });
  const listen: Database['listen'] = async (channel, onMessage) => {
    const stop = await pglite.listen(channel, onMessage);
    const channelListeners = listeners.get(channel) ?? new Set();
    listeners.set(channel, channelListeners.add(onMessage));
    return async () => {
      channelListeners.delete(onMessage);
      if (channelListeners.size === 0) listeners.delete(channel);
      await stop();
    };
  };
  return { ...build('pglite', owner, () => pglite.close()), pglite, listen };
}

function build(
  engine: Database['engine'],
  owner: Kysely<DB>,
  closeDriver: () => Promise<void>,
): Omit<Database, 'listen'> {
  return {
    engine,
    owner,
    async execScript(script) {
      await sql.raw(script).execute(owner);
    },
    // An embedded database belongs to one process: there is nobody to wait for.
    exclusively: (_lock, work) => work(),
    tenant(scope, work, options) {
      const settings = scopeSettings(scope);
      // Role, JIT and the caller's settings go with `begin` in one round trip (driver.ts). JIT
      // compilation costs more than it saves on short OLTP queries (hundreds of ms on RLS-filtered ones).
      const prelude = settingsPrelude([
        ['role', 'portal_app'],
        ['jit', 'off'],
        ...(options?.genericPlans ? [['plan_cache_mode', 'force_generic_plan'] as const] : []),
        ...(options?.readOnly ? [['transaction_read_only', 'on'] as const] : []),
        ['app.company_id', settings.companyId],
        ['app.user_id', settings.userId],
        ['app.scope', settings.scope],
        ['app.carrier_ids', settings.carrierIds],
        ['app.driver_id', settings.driverId],
      ]);
      return transactionWithPrelude(owner, prelude, work, {
        readOnly: options?.readOnly === true,
      });
    },
    system(work) {
      return transactionWithPrelude(owner, settingsPrelude([['role', 'portal_system']]), work);
    },
    async close() {
      await owner.destroy();
      await closeDriver();
    },
  };
}
