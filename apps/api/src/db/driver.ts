import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/**
 * A statement a transaction runs right after `begin`, in the same round trip: in `sql` with its
 * values written in, and in `text` with them as parameters (`values`).
 */
export interface PreludeStatement {
  sql: string;
  text: string;
  values: readonly string[];
}

/**
 * What the next transaction opened in this async context runs right after `begin`, in the same
 * round trip. On PostgreSQL `begin; select set_config(...)` goes to the server as one simple-protocol
 * message; on PGlite, which runs in the process, begin and the prepared statement go in one message
 * (a simple query would parse and plan the settings again every time). Either way a request's
 * transaction costs begin+settings, its work and commit, nothing more.
 */
interface Prelude extends PreludeStatement {
  /** The prelude makes the transaction read-only (`transaction_read_only`). */
  readOnly: boolean;
  taken: boolean;
}

const prelude = new AsyncLocalStorage<Prelude>();

/** Runs `open` so that the first transaction it begins runs `statement` (or that SQL) first. */
export function withTransactionPrelude<T>(
  statement: PreludeStatement | string,
  open: () => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const prepared =
    typeof statement === 'string' ? { sql: statement, text: statement, values: [] } : statement;
  return prelude.run({ ...prepared, readOnly: options.readOnly === true, taken: false }, open);
}

/**
 * The statement that sets each setting to its value for the transaction (`set_config(name, value,
 * true)`). Names are the code's own; values are checked as settingLiteral checks them.
 */
export function settingsPrelude(
  settings: readonly (readonly [name: string, value: string])[],
): PreludeStatement {
  for (const [name] of settings)
    if (!/^[a-z_.]+$/.test(name)) throw new Error(`Not a setting's name: ${name}`);
  const calls = (value: (value: string, index: number) => string) =>
    `select ${settings
      .map(([name, setting], index) => `set_config('${name}', ${value(setting, index)}, true)`)
      .join(', ')}`;
  return {
    sql: calls((value) => settingLiteral(value)),
    text: calls((_, index) => `$${index + 1}`),
    values: settings.map(([, value]) => value),
  };
}

/** A connection that can begin a transaction with its prelude in one message of its own (PGlite). */
export interface PreludeConnection extends DatabaseConnection {
  beginWith(prelude: PreludeStatement): Promise<void>;
}

const beginsWithPrelude = (connection: DatabaseConnection): connection is PreludeConnection =>
  'beginWith' in connection;

// Only the first transaction of the context takes it: one a work function opens itself (a nested
// owner transaction) begins plainly.
function takePrelude(): Prelude | undefined {
  const store = prelude.getStore();
  if (!store || store.taken) return undefined;
  store.taken = true;
  return store;
}

/** Settings values go into the prelude as literals: only ids, kinds and lists of ids are allowed. */
export function settingLiteral(value: string): string {
  if (!/^[\w,-]*$/.test(value)) throw new Error('A transaction setting holds an unexpected value');
  return `'${value}'`;
}

/** A statement as it was sent, and the prelude of the transaction it ran in (if any). */
export interface ObservedQuery {
  query: CompiledQuery;
  prelude: string | undefined;
}

const observers = new Set<(observed: ObservedQuery) => void>();

/** Hands every statement sent from now on to `observer` (the query-plan tests); answers the stop. */
export function observeQueries(observer: (observed: ObservedQuery) => void): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

class PreludeDriver implements Driver {
  // The prelude each connection's open transaction began with, for observers.
  private readonly preludes = new WeakMap<DatabaseConnection, string | undefined>();
  // Connections whose open transaction is read-only.
  private readonly reading = new WeakSet<DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly options: PreludeOptions,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (observers.size === 0) return connection;
    const observed: DatabaseConnection = {
      executeQuery: (query) => {
        const prelude = this.preludes.get(observed);
        for (const observer of observers) observer({ query, prelude });
        return connection.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.connections.set(observed, connection);
    return observed;
  }

  // Observed connections are wrappers: the inner driver gets its own back.
  private readonly connections = new WeakMap<DatabaseConnection, DatabaseConnection>();

  private innerOf(connection: DatabaseConnection): DatabaseConnection {
    return this.connections.get(connection) ?? connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const taken = settings.isolationLevel || settings.accessMode ? undefined : takePrelude();
    this.preludes.set(connection, taken?.sql);
    // Set for every transaction, so that one whose begin failed marks no later one as a read.
    if (taken?.readOnly) this.reading.add(connection);
    else this.reading.delete(connection);
    if (taken === undefined) return this.inner.beginTransaction(this.innerOf(connection), settings);
    const inner = this.innerOf(connection);
    try {
      if (beginsWithPrelude(inner)) await inner.beginWith(taken);
      else await inner.executeQuery(CompiledQuery.raw(`begin; ${taken.sql}`));
    } catch (error) {
      this.reading.delete(connection);
      // `begin` may have run before the settings failed: never hand back an open transaction.
      await inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  commitTransaction(connection: DatabaseConnection) {
    this.preludes.delete(connection);
    const reading = this.reading.has(connection);
    this.reading.delete(connection);
    const commit = this.inner.commitTransaction(this.innerOf(connection));
    if (!reading || !this.options.commitReadsInBackground) return commit;
    // What a read-only transaction read does not depend on its commit: the answer goes out while
    // `commit` is on its way. The connection queues its next statement behind it; a connection lost
    // meanwhile fails that statement, as it would have failed this one (decision 235).
    commit.catch(() => undefined);
    return Promise.resolve();
  }

  rollbackTransaction(connection: DatabaseConnection) {
    this.preludes.delete(connection);
    this.reading.delete(connection);
    return this.inner.rollbackTransaction(this.innerOf(connection));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(this.innerOf(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

export interface PreludeOptions {
  /**
   * A read-only transaction's commit is sent without waiting for its answer: for a pool whose
   * connections send their statements in order, one after the other (node-postgres).
   */
  commitReadsInBackground?: boolean;
}

/** The dialect with transactions that may carry a prelude (see withTransactionPrelude). */
export function withPreludeTransactions(dialect: Dialect, options: PreludeOptions = {}): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new PreludeDriver(dialect.createDriver(), options),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

// Statements per connection kept prepared. Kysely compiles the same text for the same query shape,
// so a server's hot queries number in the tens; the cap bounds what odd shapes (IN lists of every
// length) can make each connection hold.
export const PREPARED_PER_CONNECTION = 250;
const names = new Map<string, string>();

export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    // The memo is bounded like the connections' own lists.
    if (names.size >= 4 * PREPARED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
}

type QueryText = string | pg.QueryConfig;

/**
 * A pg pool whose clients send parameterised statements as named prepared statements: PostgreSQL
 * parses, rewrites (row-level security included) and, once it judges a generic plan good enough,
 * plans each of them once per connection instead of on every request. Statements without parameters
 * (begin, commit, scripts) stay simple queries.
 */
export function preparingPool(pool: pg.Pool) {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    const existing = wrapped.get(client);
    if (existing) return existing;
    const names = new Set<string>();
    prepared.set(client, names);
    const query = (text: QueryText, values?: unknown[]) => {
      if (typeof text !== 'string' || !values || values.length === 0)
        return client.query(text as string, values);
      const name = statementName(text);
      if (!names.has(name)) {
        if (names.size >= PREPARED_PER_CONNECTION) return client.query(text, values);
        names.add(name);
      }
      return client.query({ name, text, values });
    };
    const proxy = new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'query') return query;
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    wrapped.set(client, proxy);
    return proxy;
  };
  return {
    async connect() {
      return wrap(await pool.connect());
    },
    end() {
      return pool.end();
    },
  };
}
