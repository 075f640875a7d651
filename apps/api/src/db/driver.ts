import { createHash } from 'node:crypto';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

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
 * What a transaction runs right after `begin`, in the same round trip. On PostgreSQL `begin` and the
 * prepared settings go in the message of the transaction's first statement (preparingPool, decision
 * 252); on PGlite, which runs in the process, begin and the prepared statement go in one message (a
 * simple query would parse and plan the settings again every time).
 */
interface Prelude extends PreludeStatement {
  /** The prelude makes the transaction read-only (`transaction_read_only`). */
  readOnly: boolean;
  /** The driver took it for the transaction's connection. */
  taken: boolean;
}

/**
 * The prelude handed to the connection the driver acquires next. Kysely asks the driver for the
 * transaction's connection in the same synchronous step as `transaction().execute()` is called, so
 * it is set and taken with no other code between: no context has to follow the request through its
 * promises (AsyncLocalStorage did, and its promise hooks cost every promise of the process on Node
 * 20, decision 278).
 */
let handed: Prelude | undefined;

/** A transaction whose connection did not take its prelude: its work never runs without it. */
class PreludeNotTaken extends Error {
  constructor() {
    super('A transaction began without its settings');
  }
}

/**
 * Runs `work` in a transaction of `db` that runs `statement` (or that SQL) first. A transaction the
 * work opens itself (a nested owner transaction) takes a connection of its own and begins plainly.
 */
export async function transactionWithPrelude<Schema, T>(
  db: Kysely<Schema>,
  statement: PreludeStatement | string,
  work: (tx: Transaction<Schema>) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const prepared =
    typeof statement === 'string' ? { sql: statement, text: statement, values: [] } : statement;
  for (let attempt = 0; ; attempt++) {
    const prelude: Prelude = { ...prepared, readOnly: options.readOnly === true, taken: false };
    handed = prelude;
    let running: Promise<T>;
    try {
      running = db.transaction().execute((tx) => {
        if (!prelude.taken) throw new PreludeNotTaken();
        return work(tx);
      });
    } finally {
      handed = undefined;
    }
    if (prelude.taken || attempt > 0) return running;
    // Kysely readies its driver before the first connection, asynchronously: that transaction ran
    // nothing and is rolled back, and runs again now that the driver is ready.
    await running.catch((error: unknown) => {
      if (!(error instanceof PreludeNotTaken)) throw error;
    });
  }
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
  // The prelude each acquired connection's transaction begins with, until it begins or is released.
  private readonly preludeOf = new WeakMap<DatabaseConnection, Prelude>();

  constructor(
    private readonly inner: Driver,
    private readonly options: PreludeOptions,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Taken before anything is awaited: the transaction that handed it asked for this connection.
    const prelude = handed;
    handed = undefined;
    if (prelude) prelude.taken = true;
    const connection = this.observe(await this.inner.acquireConnection());
    if (prelude) this.preludeOf.set(connection, prelude);
    return connection;
  }

  private observe(connection: DatabaseConnection): DatabaseConnection {
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
    const prelude = this.preludeOf.get(connection);
    this.preludeOf.delete(connection);
    const taken = settings.isolationLevel || settings.accessMode ? undefined : prelude;
    this.preludes.set(connection, taken?.sql);
    // Set for every transaction, so that one whose begin failed marks no later one as a read.
    if (taken?.readOnly) this.reading.add(connection);
    else this.reading.delete(connection);
    if (taken === undefined) return this.inner.beginTransaction(this.innerOf(connection), settings);
    const inner = this.innerOf(connection);
    if (this.options.joinsTransactionEdges && taken.values.length > 0) {
      // Nothing is sent yet: `begin` and the settings go with the transaction's first statement.
      await inner.executeQuery(CompiledQuery.raw('begin', [new DeferredBegin(taken)]));
      return;
    }
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
    // What a read-only transaction read does not depend on its commit: the answer goes out before
    // `commit` is sent, and the commit goes with the connection's next message (decisions 235, 252).
    // A connection lost meanwhile fails that message, as it would have failed this one.
    if (reading && this.options.joinsTransactionEdges)
      return this.innerOf(connection)
        .executeQuery(CompiledQuery.raw('commit', [DEFERRED_COMMIT]))
        .then(() => undefined);
    return this.inner.commitTransaction(this.innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    this.preludes.delete(connection);
    this.reading.delete(connection);
    return this.inner.rollbackTransaction(this.innerOf(connection));
  }

  releaseConnection(connection: DatabaseConnection) {
    this.preludeOf.delete(connection);
    return this.inner.releaseConnection(this.innerOf(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

export interface PreludeOptions {
  /**
   * A transaction's `begin` and settings go with its first statement, and a read-only
   * transaction's commit with the connection's next message: for a pool of preparingPool's.
   */
  joinsTransactionEdges?: boolean;
}

/** The dialect with transactions that may carry a prelude (see transactionWithPrelude). */
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

/** A transaction's `begin` with its settings, not sent until the transaction's first statement. */
export class DeferredBegin {
  constructor(readonly prelude: PreludeStatement) {}
}

/** A read-only transaction's commit, sent with the connection's next message. */
export const DEFERRED_COMMIT = Symbol('deferred commit');

/** A statement run ahead of another in the same message: prepared once per connection. */
interface EdgeStatement {
  name: string;
  text: string;
  values: readonly string[];
}

const edge = (text: string, values: readonly string[] = []): EdgeStatement => ({
  name: statementName(text),
  text,
  values,
});
const BEGIN = edge('begin');
const COMMIT = edge('commit');

// The parts of node-postgres's Query and Connection this file drives; @types/pg leaves them out.
interface WireConnection {
  stream: { cork(): void; uncork(): void };
  parse(config: { name: string; text: string; types: unknown[] }): void;
  bind(config: {
    portal: string;
    statement: string;
    values: readonly unknown[];
    binary?: boolean;
    valueMapper?: (value: unknown) => unknown;
  }): void;
  execute(config: { portal: string }): void;
  close(config: { type: 'S'; name: string }): void;
  sync(): void;
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
}
interface WireMessage {
  fields: unknown[];
}
type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;
/** node-postgres's Result as its rows are parsed: the columns, a parser each, an empty row. */
interface WireResult {
  fields: unknown[];
  rows: object[];
  rowAsArray: boolean;
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
}
interface WireQuery {
  name?: string;
  text?: string;
  values?: unknown;
  portal: string;
  rows?: number;
  binary?: boolean;
  callback?: QueryCallback;
  _result: WireResult;
  _accumulateRows: boolean;
  _canceledDueToError: unknown;
  listeners(event: 'row'): unknown[];
  emit(event: 'row', row: object, result: WireResult): boolean;
  submit(connection: WireConnection): Error | null;
  prepare(connection: WireConnection): void;
  handleRowDescription(message: WireMessage): void;
  handleDataRow(message: WireMessage): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  handleError(error: unknown, connection: WireConnection): void;
}
const PgQuery = pg.Query as unknown as new (
  config: pg.QueryConfig,
  values: undefined,
  callback: QueryCallback,
) => WireQuery;

/** A statement's columns on one connection, as node-postgres set its result up for them. */
interface RowShape {
  fields: unknown[];
  parsers: unknown[] | undefined;
  empty: object | null;
  build: RowBuilder | undefined;
}
const shapes = new WeakMap<WireConnection, Map<string, RowShape>>();

type RowBuilder = (values: readonly (string | null)[], parsers: readonly unknown[]) => object;
interface WireField {
  name: string;
  format?: string;
}
// One builder per set of columns, whatever the statement or connection: a server's statements
// number in the hundreds.
const KEPT_BUILDERS = 1_000;
const builders = new Map<string, RowBuilder | undefined>();

/**
 * A row as node-postgres's Result.parseRow makes it (each column's text through its parser, null as
 * null, a later column of the same name over an earlier one), written as one object literal per set
 * of columns instead of a copy of an empty row and a store per column. Names are written as JSON
 * strings; binary columns and a `__proto__` column are left to node-postgres.
 */
function rowBuilder(fields: readonly WireField[]): RowBuilder | undefined {
  const key = fields.map((field) => `${field.name}\u0000${field.format ?? ''}`).join('\u0001');
  if (builders.has(key)) return builders.get(key);
  const built =
    fields.length === 0 ||
    fields.some((field) => (field.format ?? 'text') !== 'text' || field.name === '__proto__')
      ? undefined
      : (new Function(
          'values',
          'parsers',
          `return { ${fields
            .map(
              (field, index) =>
                `${JSON.stringify(field.name)}: values[${index}] === null ? null : parsers[${index}](values[${index}])`,
            )
            .join(', ')} };`,
        ) as RowBuilder);
  if (builders.size >= KEPT_BUILDERS) builders.clear();
  builders.set(key, built);
  return built;
}

/**
 * A query whose prepared statement's columns are remembered per connection. node-postgres asks for
 * the columns (Describe) on every execution and builds each one's parser again from the answer
 * (RowDescription); a prepared statement's columns cannot change while it exists on the connection
 * (PostgreSQL refuses to run it if a schema change would), so from its second execution on the
 * connection the statement is bound and executed only, and its result set up from the first's.
 */
class DescribedQuery extends PgQuery {
  override prepare(connection: WireConnection): void {
    const shape =
      this.name !== undefined &&
      this.rows === undefined &&
      connection.parsedStatements[this.name] === this.text
        ? shapes.get(connection)?.get(this.name)
        : undefined;
    if (shape === undefined) {
      this.describedOn = connection;
      return super.prepare(connection);
    }
    // As node-postgres's own prepare, less the Describe.
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name!,
        values: this.values as unknown[],
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: this.name! });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    const result = this._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.empty;
    this.build = shape.build;
    this._accumulateRows = this.callback !== undefined || this.listeners('row').length === 0;
    connection.execute({ portal: this.portal });
    connection.sync();
  }

  /** The connection this query asked for its statement's columns on. */
  private describedOn: WireConnection | undefined;
  /** Builds this query's rows, once its columns are known. */
  private build: RowBuilder | undefined;

  override handleRowDescription(message: WireMessage): void {
    super.handleRowDescription(message);
    const result = this._result;
    // Rows asked for as arrays (rowMode) stay node-postgres's.
    this.build = result.rowAsArray ? undefined : rowBuilder(result.fields as WireField[]);
    const connection = this.describedOn;
    if (connection === undefined || this.name === undefined || this.rows !== undefined) return;
    let known = shapes.get(connection);
    if (known === undefined) shapes.set(connection, (known = new Map()));
    known.set(this.name, {
      fields: result.fields,
      parsers: result._parsers,
      empty: result._prebuiltEmptyResultObject,
      build: this.build,
    });
  }

  /** As node-postgres's own, with the row built by the columns' builder. */
  override handleDataRow(message: WireMessage): void {
    const build = this.build;
    if (build === undefined) return super.handleDataRow(message);
    if (this._canceledDueToError) return;
    let row: object;
    try {
      row = build(message.fields as (string | null)[], this._result._parsers!);
    } catch (error) {
      this._canceledDueToError = error;
      return;
    }
    this.emit('row', row, this._result);
    if (this._accumulateRows) this._result.rows.push(row);
  }
}

/**
 * A statement with others run ahead of it in the same message (Bind and Execute of each, then the
 * statement's own, then one Sync): one round trip where each would have cost its own. Their answers
 * (a `BEGIN`, the settings' row, a `COMMIT`) are read past; the statement's are the result. An error
 * in any of them fails the whole, and the server skips the rest up to the Sync.
 */
class JoinedQuery extends DescribedQuery {
  private ahead: number;

  constructor(
    private readonly edges: readonly EdgeStatement[],
    config: pg.QueryConfig,
    callback: QueryCallback,
  ) {
    super(config, undefined, callback);
    this.ahead = edges.length;
  }

  override submit(connection: WireConnection): Error | null {
    const previous = this.name
      ? (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name])
      : undefined;
    // The checks node-postgres makes before it writes: a query it refuses writes nothing, edges
    // included (the transaction then never began, and its rollback finds nothing to undo).
    if (
      typeof this.text !== 'string' ||
      !Array.isArray(this.values) ||
      (previous && previous !== this.text)
    )
      return super.submit(connection);
    connection.stream.cork();
    try {
      for (const statement of this.edges) {
        connection.bind({ portal: '', statement: statement.name, values: statement.values });
        connection.execute({ portal: '' });
      }
      return super.submit(connection);
    } finally {
      connection.stream.uncork();
    }
  }

  override handleDataRow(message: WireMessage) {
    if (this.ahead === 0) super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: WireConnection) {
    if (this.ahead > 0) this.ahead -= 1;
    else super.handleCommandComplete(message, connection);
  }
}

/** Prepares statements on a connection: Parse of each and a Sync, nothing executed. */
function prepareOn(client: pg.PoolClient, statements: readonly EdgeStatement[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve();
    };
    const submittable = {
      submit(connection: WireConnection) {
        connection.stream.cork();
        try {
          for (const statement of statements)
            connection.parse({ name: statement.name, text: statement.text, types: [] });
          connection.sync();
        } finally {
          connection.stream.uncork();
        }
        return null;
      },
      handleError: (error: unknown) => done(error),
      handleReadyForQuery: () => done(),
      handleRowDescription() {},
      handleDataRow() {},
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
    };
    (client as unknown as { query(submittable: unknown): unknown }).query(submittable);
  });
}

/** What a connection has not sent yet: a read's commit, and the next transaction's begin. */
interface PendingEdges {
  commit: boolean;
  begin: PreludeStatement | undefined;
  /** The edge statements already prepared on this connection. */
  prepared: Set<string>;
}

const edgeAnswer = (command: string) =>
  Promise.resolve({ command, rowCount: null, rows: [], fields: [], oid: 0 } as pg.QueryResult);

/**
 * A pg pool whose clients send parameterised statements as named prepared statements: PostgreSQL
 * parses, rewrites (row-level security included) and, once it judges a generic plan good enough,
 * plans each of them once per connection instead of on every request. Statements without parameters
 * (begin, commit, scripts) stay simple queries.
 *
 * A transaction's edges travel with its statements (decision 252): a `begin` marked DeferredBegin
 * is held, with its settings, until the transaction's first statement, and goes in the same message;
 * a read-only transaction's commit marked DEFERRED_COMMIT is held until the connection's next
 * message, or sent on its own once the connection is back in the pool and nobody took it. A
 * transaction that ran no statement sends nothing at all.
 */
export function preparingPool(pool: pg.Pool) {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    const existing = wrapped.get(client);
    if (existing) return existing;
    const names = new Set<string>();
    const pending: PendingEdges = { commit: false, begin: undefined, prepared: new Set() };
    const configOf = (text: string, values: unknown[]): pg.QueryConfig => {
      const name = statementName(text);
      if (!names.has(name)) {
        if (names.size >= PREPARED_PER_CONNECTION) return { text, values };
        names.add(name);
      }
      return { name, text, values };
    };
    const send = (text: QueryText, values?: unknown[]) => {
      if (typeof text !== 'string' || !values || values.length === 0)
        return client.query(text as string, values);
      const config = configOf(text, values);
      if (config.name === undefined) return client.query(config);
      return new Promise<pg.QueryResult>((resolve, reject) => {
        const query = new DescribedQuery(config, undefined, (error, result) =>
          error ? reject(error) : resolve(result),
        );
        (client as unknown as { query(submittable: unknown): unknown }).query(query);
      });
    };
    const takeEdges = (): EdgeStatement[] => {
      const edges: EdgeStatement[] = [];
      if (pending.commit) edges.push(COMMIT);
      if (pending.begin) edges.push(BEGIN, edge(pending.begin.text, pending.begin.values));
      pending.commit = false;
      pending.begin = undefined;
      return edges;
    };
    // Queued at once, preparation and all: a statement the transaction sends meanwhile (a
    // Promise.all in the work) must not reach the server ahead of the begin and the settings.
    const joined = (edges: EdgeStatement[], text: string, values: unknown[]) => {
      const unprepared = edges.filter((statement) => !pending.prepared.has(statement.name));
      if (unprepared.length > 0) {
        for (const statement of unprepared) pending.prepared.add(statement.name);
        // If preparing fails, the joined statement fails too (its edges do not exist).
        prepareOn(client, unprepared).catch(() => {
          for (const statement of unprepared) pending.prepared.delete(statement.name);
        });
      }
      return new Promise<pg.QueryResult>((resolve, reject) => {
        const query = new JoinedQuery(edges, configOf(text, values), (error, result) =>
          error ? reject(error) : resolve(result),
        );
        (client as unknown as { query(submittable: unknown): unknown }).query(query);
      });
    };
    const query = (text: QueryText, values?: unknown[]): Promise<pg.QueryResult> => {
      const marker = values?.[0];
      if (marker instanceof DeferredBegin) {
        if (pending.begin) return Promise.reject(new Error('A transaction began inside another'));
        pending.begin = marker.prelude;
        return edgeAnswer('BEGIN');
      }
      if (marker === DEFERRED_COMMIT) {
        // A transaction that sent nothing has nothing to commit.
        if (pending.begin) pending.begin = undefined;
        else pending.commit = true;
        return edgeAnswer('COMMIT');
      }
      if (pending.begin && (text === 'commit' || text === 'rollback')) {
        pending.begin = undefined;
        return edgeAnswer(text.toUpperCase());
      }
      if (!pending.commit && !pending.begin) return send(text, values);
      if (typeof text === 'string' && values && values.length > 0)
        return joined(takeEdges(), text, values);
      // A statement without parameters may hold several: the edges go ahead of it, as a simple query.
      const ahead = [
        ...(pending.commit ? ['commit'] : []),
        ...(pending.begin ? [`begin; ${pending.begin.sql}`] : []),
      ].join('; ');
      takeEdges();
      return client.query(ahead).then(() => send(text, values));
    };
    const release = (error?: Error | boolean) => {
      client.release(error);
      if (error || !pending.commit) return;
      // Back in the pool: a request waiting for a connection took it at once, or nobody did and
      // the read's commit goes on its own.
      setImmediate(() => {
        if (!pending.commit || pending.begin) return;
        pending.commit = false;
        client.query('commit').catch(() => undefined);
      });
    };
    const proxy = new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'query') return query;
        if (property === 'release') return release;
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
