import Type, { type Static } from 'typebox';
import { DataOf, Id, PageOf, PagingQuery } from './common';

// Session replay (decision 181): the browser records with rrweb and posts its events in chunks to
// the portal's own collector; the operator's administrators play a session back.

/** One rrweb event (eventWithTime): its type (0 to 6), its data, when it happened. */
export const RecordedEvent = Type.Object(
  {
    type: Type.Integer({ minimum: 0, maximum: 6 }),
    data: Type.Unknown(),
    timestamp: Type.Number({ minimum: 0 }),
    delay: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);
export type RecordedEvent = Static<typeof RecordedEvent>;

export const SessionReplayParams = Type.Object(
  { replayId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

/** POST /api/v1/session_replays/{replayId}/chunks: the next events of a recording, in order. */
export const SessionReplayChunkBody = Type.Object(
  {
    sequence: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    path: Type.String({ maxLength: 2000 }),
    events: Type.Array(RecordedEvent, { minItems: 1, maxItems: 20_000 }),
  },
  // Stored whole as jsonb: times are epoch milliseconds, beyond 32 bits (text still may not hold NUL).
  { additionalProperties: false, 'x-stored-as-json': true },
);
export type SessionReplayChunkBody = Static<typeof SessionReplayChunkBody>;

/** stored false (200): recording is off, nothing was kept, and the browser stops recording. */
export const SessionReplayChunkAnswer = DataOf(
  Type.Object({ replayId: Id, sequence: Type.Integer(), stored: Type.Boolean() }),
);
export type SessionReplayChunkAnswer = Static<typeof SessionReplayChunkAnswer>;

/** Who was recorded: the user context attached to every recording. */
export const ReplayUser = Type.Object({
  id: Id,
  name: Type.String(),
  companyName: Type.String(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
});

export const SessionReplaySummary = Type.Object({
  id: Id,
  user: ReplayUser,
  startedAt: Type.String({ format: 'date-time' }),
  lastEventAt: Type.String({ format: 'date-time' }),
  firstPath: Type.String(),
  eventCount: Type.Integer(),
  sizeBytes: Type.Integer(),
});
export type SessionReplaySummary = Static<typeof SessionReplaySummary>;

export const SessionReplayQuery = Type.Object(
  { ...PagingQuery(20, 100) },
  { additionalProperties: false },
);
export type SessionReplayQuery = Static<typeof SessionReplayQuery>;
export const SessionReplayPage = PageOf(SessionReplaySummary);
export type SessionReplayPage = Static<typeof SessionReplayPage>;

export const SessionReplayRecording = DataOf(
  Type.Object({ replay: SessionReplaySummary, events: Type.Array(RecordedEvent) }),
);
export type SessionReplayRecording = Static<typeof SessionReplayRecording>;

/** Whether sessions are recorded: the administrators' setting, else the configured default. */
export const SessionReplaySetting = DataOf(
  Type.Object({
    enabled: Type.Boolean(),
    /** 'setting': an administrator chose; 'configuration': SESSION_REPLAY / MONITORING_COLLECTOR_URL. */
    source: Type.Union([Type.Literal('setting'), Type.Literal('configuration')]),
  }),
);
export type SessionReplaySetting = Static<typeof SessionReplaySetting>;
export const SessionReplaySettingBody = Type.Object(
  { enabled: Type.Boolean() },
  { additionalProperties: false },
);
export type SessionReplaySettingBody = Static<typeof SessionReplaySettingBody>;
