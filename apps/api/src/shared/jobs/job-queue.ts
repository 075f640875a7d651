import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../../db/database';

// The background job queue: pg-boss 10 in the portal's own database (schema pgboss), on PGlite and
// on PostgreSQL alike (decision 140). Features say what a job does (`handle`) and ask for one to
// run (`send`); which process runs the handlers is the deployment's choice: the API process on the
// embedded default, `npm run worker` processes (any number) in production.

export interface JobQueue {
  /**
   * Asks for a job to run, now or at `startAfter`. Jobs are kept in the database until done, so a
   * worker that stops in the middle leaves them for the next one; handlers must therefore be safe to
   * run again (they check the state they would change).
   */
  send(name: string, data: object, options?: { startAfter?: Date }): Promise<void>;
  /**
   * The same, written in the caller's transaction: the job exists exactly when the change that asks
   * for it commits, so no crash between the two can lose it. Call `ready()` before opening the
   * transaction (on PGlite the queue cannot start while a transaction holds the one connection).
   */
  sendInTransaction(
    tx: Tx,
    name: string,
    data: object,
    options?: { startAfter?: Date },
  ): Promise<void>;
  /** Creates the queue's tables and queues on first use. */
  ready(): Promise<void>;
  /** Registers what a job does; handlers run only once `startWorking` was called. */
  handle(name: string, handler: (data: Record<string, unknown>) => Promise<void>): void;
  /** Work to do each time this process starts working (queueing jobs for rows written without them). */
  onStart(hook: () => Promise<void>): void;
  /** Starts polling for jobs in this process. */
  startWorking(): Promise<void>;
  /** Stops polling; jobs in progress finish first (up to the timeout) or are left for another worker. */
  stop(): Promise<void>;
  readonly working: boolean;
}

/** Workers look for due jobs this often: expiries fire within about this long of their time. */
export const JOB_POLLING_INTERVAL_SECONDS = 1;
// A job whose worker died is given to another worker after this long.
const JOB_EXPIRE_SECONDS = 20;

export function createJobQueue(db: Database, logger: FastifyBaseLogger): JobQueue {
  const handlers = new Map<string, (data: Record<string, unknown>) => Promise<void>>();
  const startHooks: (() => Promise<void>)[] = [];
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let working = false;
  let stopped = false;

  // pg-boss runs its statements through the database's connecting handle (the pool on PostgreSQL,
  // the one embedded connection, taking its turn with every transaction, on PGlite) as portal_jobs,
  // the owner of schema pgboss: the login role itself may touch no table (decision 185).
  const executeSql = (text: string, values: unknown[] = []) =>
    db.owner.connection().execute(async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('set role portal_jobs'));
      try {
        const result = await connection.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      } catch (error) {
        // A failed script of pg-boss's own (begin ... commit) leaves its transaction open and
        // aborted: never hand such a connection back to the pool.
        await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
        throw error;
      } finally {
        await connection.executeQuery(CompiledQuery.raw('reset role'));
      }
    });

  const ensureStarted = (): Promise<PgBoss> => {
    if (boss) return Promise.resolve(boss);
    starting ??= (async () => {
      const instance = new PgBoss({
        db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
        schema: 'pgboss',
        supervise: true,
        schedule: false,
        maintenanceIntervalSeconds: 30,
      } as PgBoss.ConstructorOptions);
      instance.on('error', (error) => logger.error({ err: error }, 'job queue error'));
      await instance.start();
      for (const name of handlers.keys()) await createQueue(instance, name);
      // Transactions of the portal's roles write jobs with the changes that ask for them.
      await executeSql(`grant usage on schema pgboss to portal_app, portal_system;
        grant select on all tables in schema pgboss to portal_app, portal_system;
        grant insert on pgboss.job to portal_app, portal_system;`);
      boss = instance;
      return instance;
    })();
    return starting;
  };

  const createQueue = async (instance: PgBoss, name: string) => {
    if (await instance.getQueue(name)) return;
    await instance.createQueue(name, {
      name,
      retryLimit: 20,
      retryDelay: 1,
      expireInSeconds: JOB_EXPIRE_SECONDS,
      retentionDays: 7,
    });
  };

  return {
    get working() {
      return working;
    },
    handle(name, handler) {
      handlers.set(name, handler);
    },
    onStart(hook) {
      startHooks.push(hook);
    },
    async send(name, data, options = {}) {
      if (stopped) throw new Error('The job queue has stopped');
      const instance = await ensureStarted();
      await createQueue(instance, name);
      await instance.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {});
    },
    async ready() {
      await ensureStarted();
    },
    async sendInTransaction(tx, name, data, options = {}) {
      if (!boss) throw new Error('Call jobs.ready() before writing a job in a transaction');
      if (!handlers.has(name)) throw new Error(`No handler registered for job ${name}`);
      const inTransaction = {
        executeSql: async (text: string, values: unknown[] = []) => {
          const result = await tx.executeQuery(CompiledQuery.raw(text, values));
          return { rows: result.rows as unknown[] };
        },
      };
      const id = await boss.send(name, data, {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        db: inTransaction as PgBoss.Db,
      });
      if (!id) throw new Error(`The job queue ${name} does not exist`);
    },
    async startWorking() {
      const instance = await ensureStarted();
      for (const [name, handler] of handlers) {
        await createQueue(instance, name);
        await instance.work<Record<string, unknown>>(
          name,
          { pollingIntervalSeconds: JOB_POLLING_INTERVAL_SECONDS, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) await handler(job.data);
          },
        );
      }
      working = true;
      for (const hook of startHooks) await hook();
    },
    async stop() {
      stopped = true;
      working = false;
      const instance = boss ?? (starting ? await starting.catch(() => null) : null);
      if (instance)
        await instance.stop({ graceful: true, timeout: 5_000, wait: true, close: false });
    },
  };
}
