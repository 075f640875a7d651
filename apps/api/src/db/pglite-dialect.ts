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
import { PREPARED_PER_CONNECTION, statementName } from './driver';

const { serialize } = protocol;

/**
 * Parameterised statements as named prepared statements, as on PostgreSQL (decision 070): PGlite's
 * own query() parses and plans every statement again, row-level-security policies included, which
 * was most of a request's time on the embedded engine (decision 234). The statement is parsed and
 * described once; each run is one message of bind, describe, execute and sync.
 */
class PreparedStatements {
  readonly #parameterTypes = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  async query(text: string, values: readonly unknown[]): Promise<Results> {
    const name = statementName(text);
    const known = this.#parameterTypes.get(name);
    if (!known && this.#parameterTypes.size >= PREPARED_PER_CONNECTION)
      return this.pglite.query(text, [...values]);
    return this.pglite.runExclusive(async () => {
      let types = known;
      if (!types) {
        const described = await this.pglite.execProtocolStream(
          Buffer.concat([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        types = parse.parseDescribeStatementResults(described);
        this.#parameterTypes.set(name, types);
      }
      const serializers = this.pglite.serializers;
      const parameters = values.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = serializers[types[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.pglite.execProtocolStream(
        Buffer.concat([
          serialize.bind({ statement: name, values: parameters }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await this.pglite.syncToFs();
      return parse.parseResults(messages, this.pglite.parsers)[0]!;
    });
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

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly prepared: PreparedStatements,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters, a script of several statements runs as PostgreSQL's simple query, as it does on pg.
    const result =
      query.parameters.length === 0
        ? ((await this.pglite.exec(query.sql)).at(-1) ?? { rows: [], fields: [] })
        : await this.prepared.query(query.sql, query.parameters);
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
  readonly #prepared: PreparedStatements;

  constructor(private readonly pglite: PGlite) {
    this.#prepared = new PreparedStatements(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#queue.acquire();
    return new PGliteConnection(this.pglite, this.#prepared, release);
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
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
