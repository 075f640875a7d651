import type {
  RecordedEvent,
  SessionReplayChunkBody,
  SessionReplayQuery,
  SessionReplaySetting,
  SessionReplaySummary,
} from '@portal/contract';
import { SESSION_REPLAY, SESSION_REPLAY_MESSAGES } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { HttpProblem, invalidField, payloadTooLarge } from '../../shared/http/errors';
import { readSessionReplaySetting } from '../../shared/monitoring/session-replay-setting';
import {
  addToReplay,
  chunksOf,
  findReplay,
  insertChunk,
  insertReplay,
  listReplays,
  saveSetting,
} from './repository';

const notFound = (detail: string) => new HttpProblem(404, 'Not Found', detail);

type ReplayRow = NonNullable<Awaited<ReturnType<typeof findReplay>>>;

function summary(row: ReplayRow): SessionReplaySummary {
  return {
    id: row.id,
    user: row.userContext as SessionReplaySummary['user'],
    startedAt: row.startedAt.toISOString(),
    lastEventAt: row.lastEventAt.toISOString(),
    firstPath: row.firstPath,
    eventCount: row.eventCount,
    sizeBytes: row.sizeBytes,
  };
}

/**
 * Stores the next chunk of the caller's recording, in one transaction. The user context comes from
 * the signed-in caller. Refused, with nothing stored: replay off, a first chunk that is not the start
 * of a recording, someone else's recording, a recording over its size limit.
 */
export async function recordChunk(
  ctx: AppContext,
  caller: Caller,
  replayId: string,
  chunk: SessionReplayChunkBody,
) {
  const sizeBytes = Buffer.byteLength(JSON.stringify(chunk.events));
  const stored = await ctx.db.tenant(caller.scope, async (tx) => {
    // Someone else's recording answers like a missing one, whether replay is on or off.
    let replay = await findReplay(tx, replayId);
    if (replay && replay.userId !== caller.userId) throw notFound(SESSION_REPLAY_MESSAGES.notFound);
    if (!replay && chunk.sequence !== 0) throw notFound(SESSION_REPLAY_MESSAGES.notFound);
    // Turned off meanwhile: an ordinary answer that tells the recorder to stop, nothing kept.
    if (!(await readSessionReplaySetting(tx, ctx.config)).enabled) return false;
    if (!replay) {
      const types = new Set(chunk.events.map((event) => event.type));
      if (
        !types.has(SESSION_REPLAY.metaEventType) ||
        !types.has(SESSION_REPLAY.fullSnapshotEventType)
      )
        throw invalidField('events', SESSION_REPLAY_MESSAGES.notARecording);
      const started = await insertReplay(tx, {
        id: replayId,
        userId: caller.userId,
        companyId: caller.companyId,
        userContext: {
          id: caller.userId,
          name: `${caller.firstName} ${caller.lastName}`,
          companyName: caller.companyName,
          roles: [...caller.roles],
          permissions: [...caller.permissions],
        },
        firstPath: chunk.path,
      });
      if (!started) throw notFound(SESSION_REPLAY_MESSAGES.notFound);
      replay = (await findReplay(tx, replayId))!;
    }
    if (replay.sizeBytes + sizeBytes > SESSION_REPLAY.recordingLimitBytes)
      throw payloadTooLarge(
        SESSION_REPLAY_MESSAGES.tooLarge(SESSION_REPLAY.recordingLimitBytes / 1024 / 1024),
      );
    const added = await insertChunk(tx, {
      replayId,
      sequence: chunk.sequence,
      events: chunk.events,
      sizeBytes,
    });
    if (added)
      await addToReplay(tx, replayId, {
        events: chunk.events.length,
        sizeBytes,
        lastEventAt: new Date(Math.max(...chunk.events.map((event) => event.timestamp))),
      });
    return true;
  });
  return { replayId, sequence: chunk.sequence, stored };
}

export async function replayPage(ctx: AppContext, caller: Caller, query: SessionReplayQuery) {
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    listReplays(tx, query.page, query.pageSize),
  );
  return { data: rows.map(summary), page: query.page, pageSize: query.pageSize, totalCount };
}

export async function recording(ctx: AppContext, caller: Caller, replayId: string) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const replay = await findReplay(tx, replayId);
    if (!replay) throw notFound(SESSION_REPLAY_MESSAGES.notFound);
    const chunks = await chunksOf(tx, replayId);
    return {
      replay: summary(replay),
      events: chunks.flatMap((chunk) => chunk.events as RecordedEvent[]),
    };
  });
}

export function setting(ctx: AppContext, caller: Caller): Promise<SessionReplaySetting['data']> {
  return ctx.db.tenant(caller.scope, (tx) => readSessionReplaySetting(tx, ctx.config));
}

export async function changeSetting(ctx: AppContext, caller: Caller, enabled: boolean) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    await saveSetting(tx, enabled, caller.userId);
    return readSessionReplaySetting(tx, ctx.config);
  });
}
