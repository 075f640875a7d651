import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from './database';

/** How often the embedded engine looks for tables due: autovacuum's own default nap. */
const EVERY_MS = 60_000;
/** The first look, soon after start: a world seeded on this start is vacuumed within seconds. */
const FIRST_AFTER_MS = 10_000;

export interface TableDue {
  /** The table's name, quoted for a statement. */
  name: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * The tables autovacuum would take now, by its own rule and settings: dead rows, or rows inserted
 * since the last vacuum, past their threshold plus a share of the table (vacuum), and rows changed
 * since the last analyze past theirs (analyze). A table never analyzed counts as empty. PGlite
 * loses those counts when it closes, so a table is also due for a vacuum when its last vacuum or
 * analyze found fewer than half its pages all-visible. Largest first.
 */
export async function tablesDue(db: Database): Promise<TableDue[]> {
  // The session's own counts reach the statistics at most once a second, when it is idle: this
  // statement's end writes them now, for the next one to read.
  await sql`select pg_stat_force_next_flush()`.execute(db.owner);
  const { rows } = await sql<TableDue>`
    with settings as (
      select current_setting('autovacuum_vacuum_threshold')::float8 as dead_base,
             current_setting('autovacuum_vacuum_scale_factor')::float8 as dead_share,
             current_setting('autovacuum_vacuum_insert_threshold')::float8 as inserted_base,
             current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as inserted_share,
             current_setting('autovacuum_analyze_threshold')::float8 as changed_base,
             current_setting('autovacuum_analyze_scale_factor')::float8 as changed_share
    ),
    due as (
      select quote_ident(stat.relname) as name, class.relpages as pages,
             stat.n_dead_tup > dead_base + dead_share * greatest(class.reltuples, 0)
               -- An insert threshold of -1 turns vacuums for inserts off, as it does for autovacuum.
               or (inserted_base >= 0
                   and stat.n_ins_since_vacuum > inserted_base + inserted_share * greatest(class.reltuples, 0))
               -- The counts start again from zero at each start of the engine; what the last vacuum
               -- or analyze recorded of the visibility map stays.
               or class.relallvisible < class.relpages / 2
               as vacuum,
             stat.n_mod_since_analyze > changed_base + changed_share * greatest(class.reltuples, 0)
               as "analyze"
        from pg_stat_user_tables stat
        join pg_class class on class.oid = stat.relid
       cross join settings
       where stat.schemaname = 'public'
    )
    select name, vacuum, "analyze" from due where vacuum or "analyze" order by pages desc, name`.execute(
    db.owner,
  );
  return rows;
}

/** Vacuums (and analyzes) or analyzes each table due, one statement at a time; answers them. */
export async function vacuumTablesDue(db: Database): Promise<TableDue[]> {
  const due = await tablesDue(db);
  for (const table of due) {
    await db.execScript(
      table.vacuum
        ? `vacuum ${table.analyze ? '(analyze) ' : ''}${table.name}`
        : `analyze ${table.name}`,
    );
  }
  return due;
}

/**
 * The embedded engine's autovacuum. PGlite runs PostgreSQL as a single process, without the
 * autovacuum launcher: left alone its tables are never vacuumed, so counts and lists read every row's
 * page instead of their indexes alone, and never analyzed, so the planner's estimates age with the
 * data (decision 254). This does the launcher's work on the same rule, one table at a time between
 * requests. On PostgreSQL autovacuum does it, and this is not started.
 */
export function startEmbeddedVacuum(
  db: Database,
  logger: FastifyBaseLogger,
  timing: { firstAfterMs: number; everyMs: number } = {
    firstAfterMs: FIRST_AFTER_MS,
    everyMs: EVERY_MS,
  },
) {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (afterMs: number) => {
    timer = setTimeout(() => {
      running = vacuumTablesDue(db)
        .then((due) => {
          if (due.length > 0) logger.debug({ tables: due }, 'embedded tables vacuumed');
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'embedded vacuum failed'))
        .finally(() => {
          if (!stopped) schedule(timing.everyMs);
        });
    }, afterMs);
    timer.unref();
  };
  schedule(timing.firstAfterMs);
  return {
    /** No pass starts after this; answers when the one running (if any) has finished. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
