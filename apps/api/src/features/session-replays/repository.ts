import { sql } from 'kysely';
import type { Tx } from '../../db/database';

export function findReplay(tx: Tx, replayId: string) {
  return tx.selectFrom('sessionReplays').selectAll().where('id', '=', replayId).executeTakeFirst();
}

/** Starts a recording; false when the id is taken (by someone else's recording). */
export async function insertReplay(
  tx: Tx,
  replay: {
    id: string;
    userId: string;
    companyId: string;
    userContext: Record<string, unknown>;
    firstPath: string;
  },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('sessionReplays')
    .values({ ...replay, userContext: JSON.stringify(replay.userContext) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds one chunk once (a retried chunk is not added twice); answers whether it was added. */
export async function insertChunk(
  tx: Tx,
  chunk: { replayId: string; sequence: number; events: unknown[]; sizeBytes: number },
): Promise<boolean> {
  const inserted = await tx
    .insertInto('sessionReplayChunks')
    .values({ ...chunk, events: JSON.stringify(chunk.events) })
    .onConflict((conflict) => conflict.columns(['replayId', 'sequence']).doNothing())
    .returning('sequence')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function addToReplay(
  tx: Tx,
  replayId: string,
  added: { events: number; sizeBytes: number; lastEventAt: Date },
) {
  await tx
    .updateTable('sessionReplays')
    .set({
      eventCount: sql`event_count + ${added.events}`,
      sizeBytes: sql`size_bytes + ${added.sizeBytes}`,
      lastEventAt: sql`greatest(last_event_at, ${added.lastEventAt})`,
    })
    .where('id', '=', replayId)
    .execute();
}

export async function listReplays(tx: Tx, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    tx
      .selectFrom('sessionReplays')
      .selectAll()
      .orderBy('startedAt', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    tx
      .selectFrom('sessionReplays')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

/**
 * A recording's chunks in order, each chunk's events exactly as recorded. Read as text: the database's
 * camelCase plugin renames the keys of JSON values it returns, and rrweb's own keys (`_cssText` holds
 * a style sheet's rules, `rr_dataURL` a canvas) must reach the player untouched.
 */
export async function chunksOf(tx: Tx, replayId: string): Promise<{ events: unknown[] }[]> {
  const rows = await tx
    .selectFrom('sessionReplayChunks')
    .select(sql<string>`events::text`.as('events'))
    .where('replayId', '=', replayId)
    .orderBy('sequence')
    .execute();
  return rows.map((row) => ({ events: JSON.parse(row.events) as unknown[] }));
}

export async function saveSetting(tx: Tx, enabled: boolean, userId: string) {
  await tx
    .insertInto('sessionReplaySetting')
    .values({ id: true, enabled, updatedBy: userId })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ enabled, updatedBy: userId, updatedAt: sql`now()` }),
    )
    .execute();
}

/** Deletes the recordings whose last event is older than the retention (their chunks go with them). */
export async function deleteRecordingsBefore(tx: Tx, retentionDays: number): Promise<number> {
  const deleted = await tx
    .deleteFrom('sessionReplays')
    .where('lastEventAt', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .returning('id')
    .execute();
  return deleted.length;
}
