import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import {
  PREPARED_PER_CONNECTION,
  statementName,
  type PreludeConnection,
  type PreludeStatement,
} from './driver';
import { answerParsers, readAnswer, type NotificationSink } from './pglite-answers';
import { bindMessage } from './pglite-messages';

const { serialize } = protocol;

interface Statement {
  text: string;
  values: readonly unknown[];
}

/**
 * Parameterised statements as named prepared statements, as on PostgreSQL (decision 070): PGlite's
 * own query() parses and plans every statement again, row-level-security policies included, which
 * was most of a request's time on the embedded engine (decision 234). Each statement is parsed and
 * described once; each run is one message of bind, describe, execute (for each statement, when
 * several go together) and sync.
 */
class ProtocolQueries {
  readonly #parameterTypes = new Map<string, number[]>();
  readonly #parsers: ReturnType<typeof answerParsers>;

  constructor(
    private readonly pglite: PGlite,
    private readonly notify: NotificationSink,
  ) {
    this.#parsers = answerParsers(pglite.parsers);
  }

  /**
   * Sends a message and reads the engine's answer from its bytes (pglite-answers.ts, decision 255):
   * the answer is copied out of the engine's memory as it comes, and PGlite's own parser is not run.
   */
  async #exchange(message: Uint8Array): Promise<Results[]> {
    const chunks: Buffer[] = [];
    await this.pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
    });
    await this.pglite.syncToFs();
    return readAnswer(
      chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
      this.#parsers,
      this.notify,
    );
  }

  /** Runs the statement, with `ahead` (a transaction's begin and settings) in the same message. */
  async query(
    text: string,
    values: readonly unknown[],
    ahead: readonly Statement[] = [],
  ): Promise<Results> {
    const name = statementName(text);
    if (!this.#parameterTypes.has(name) && this.#parameterTypes.size >= PREPARED_PER_CONNECTION) {
      if (ahead.length > 0) await this.series(ahead);
      return this.pglite.query(text, [...values]);
    }
    return this.pglite.runExclusive(() => this.#run([...ahead, { text, values }]));
  }

  /** Runs the statements in order in one message; answers the last one's result. */
  async series(statements: readonly Statement[]): Promise<Results> {
    return this.pglite.runExclusive(() => this.#run(statements));
  }

  async #run(statements: readonly Statement[]): Promise<Results> {
    const serializers = this.pglite.serializers;
    const messages: Uint8Array[] = [];
    for (const { text, values } of statements) {
      const name = statementName(text);
      let types: number[];
      try {
        types = await this.#describe(name, text);
      } catch (error) {
        // The statements ahead of one that cannot be prepared still run: a transaction's begin must
        // not be lost, or the statements queued behind this one would run outside the transaction.
        if (messages.length > 0) await this.#send(messages);
        throw error;
      }
      const parameters = values.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = serializers[types[index]!];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        bindMessage(name, parameters),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      );
    }
    return this.#send(messages);
  }

  async #send(messages: readonly Uint8Array[]): Promise<Results> {
    return (await this.#exchange(Buffer.concat([...messages, serialize.sync()]))).at(-1)!;
  }

  async #describe(name: string, text: string): Promise<number[]> {
    const known = this.#parameterTypes.get(name);
    if (known) return known;
    const described = await this.pglite.execProtocolStream(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(described);
    this.#parameterTypes.set(name, types);
    return types;
  }

  /**
   * A statement without parameters (or a script of several) as PostgreSQL's simple query, in one
   * message. PGlite's own exec() sends the query and its sync as two calls into the engine and
   * looks for a COPY file before and after: nine tenths of a begin's or a commit's time, twice a
   * request (decision 240).
   */
  async simple(text: string): Promise<Results[]> {
    return this.pglite.runExclusive(() => this.#exchange(serialize.query(text)));
  }
}

// PGlite is a single connection: a transaction must own it until it ends, so every
// acquisition waits its turn. Queries outside transactions take the same short turn.
class ConnectionQueue {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => turn);
    return ready;
  }
}

class PGliteConnection implements PreludeConnection {
  /** The open transaction's begin and settings, until its first statement takes them. */
  #begin: PreludeStatement | undefined;

  constructor(
    private readonly queries: ProtocolQueries,
    readonly release: () => void,
  ) {}

  /**
   * `begin` and the transaction's settings go in the message of its first statement, as on
   * PostgreSQL (decision 253): each call into the engine costs about as much as a short read. A
   * transaction that runs no statement sends nothing, not even its commit. A prelude without
   * parameters (a script) runs at once, as it does on PostgreSQL.
   */
  async beginWith(prelude: PreludeStatement): Promise<void> {
    if (prelude.values.length > 0) this.#begin = prelude;
    else await this.queries.series([{ text: 'begin', values: [] }, prelude]);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const begin = this.#begin;
    if (begin && (query.sql === 'commit' || query.sql === 'rollback')) {
      this.#begin = undefined;
      return { rows: [] };
    }
    // Taken at once: a statement sent meanwhile (a Promise.all in the work) queues behind this one.
    this.#begin = undefined;
    let result: Results;
    if (query.parameters.length === 0) {
      // Without parameters, a script of several statements runs as PostgreSQL's simple query, as it
      // does on pg; the begin and the settings (their values written in) go at its head.
      const text = begin ? `begin; ${begin.sql}; ${query.sql}` : query.sql;
      result = (await this.queries.simple(text)).at(-1) ?? { rows: [], fields: [] };
    } else {
      const ahead = begin ? [{ text: 'begin', values: [] }, begin] : [];
      result = await this.queries.query(query.sql, query.parameters, ahead);
    }
    const affected = result.affectedRows;
    return {
      rows: result.rows as R[],
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  readonly #queue = new ConnectionQueue();
  readonly #queries: ProtocolQueries;

  constructor(
    private readonly pglite: PGlite,
    notify: NotificationSink,
  ) {
    this.#queries = new ProtocolQueries(pglite, notify);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#queue.acquire();
    return new PGliteConnection(this.#queries, release);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it.
  }
}

export class PGliteDialect implements Dialect {
  /**
   * `notify` gets the notifications found in the answers this dialect reads itself; those in answers
   * PGlite reads (its own query and exec) reach PGlite's listeners.
   */
  constructor(
    private readonly pglite: PGlite,
    private readonly notify: NotificationSink,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.notify);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
