import { SESSION_REPLAY, SESSION_REPLAY_MESSAGES } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSessionReplaySetting } from '../../shared/monitoring/session-replay-setting';
import { removeExpiredRecordings } from './retention';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

// Epoch milliseconds, as rrweb stamps its events: beyond 32 bits.
const T = 1_764_000_000_000;

const meta = (timestamp: number) => ({
  type: 4,
  data: { href: 'http://localhost/dashboard', width: 1440, height: 900 },
  timestamp: T + timestamp,
});
const snapshot = (timestamp: number) => ({
  type: 2,
  data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { left: 0, top: 0 } },
  timestamp: T + timestamp,
});
// What rrweb records of a page styled by emotion: a style element whose rules are in `_cssText`, a
// canvas in `rr_dataURL`. The player needs those keys exactly as recorded.
const styledSnapshot = (timestamp: number) => ({
  type: 2,
  data: {
    node: {
      type: 0,
      id: 1,
      childNodes: [
        {
          type: 2,
          id: 2,
          tagName: 'style',
          attributes: { 'data-emotion': 'css', _cssText: '.css-1 { display: grid; }' },
          childNodes: [],
        },
        {
          type: 2,
          id: 3,
          tagName: 'canvas',
          attributes: { rr_dataURL: 'data:image/png;base64,AAAA', snake_case_key: 'kept' },
          childNodes: [],
        },
      ],
    },
    initialOffset: { left: 0, top: 0 },
  },
  timestamp: T + timestamp,
});
const input = (timestamp: number) => ({
  type: 3,
  data: { source: 5, text: '*****', isChecked: false, id: 42 },
  timestamp: T + timestamp,
});

const post = (
  as: { id: string; companyId: string },
  replayId: string,
  payload: Record<string, unknown>,
) =>
  t.injectAs(as, {
    method: 'POST',
    url: `/api/v1/session_replays/${replayId}/chunks`,
    payload,
  });
const chunks = (replayId: string) =>
  t.db.system((tx) =>
    tx
      .selectFrom('sessionReplayChunks')
      .select('sequence')
      .where('replayId', '=', replayId)
      .execute(),
  );
const setReplay = (enabled: boolean) =>
  t.injectAs(world.users.operatorUser, {
    method: 'PUT',
    url: '/api/v1/admin/session_replay_setting',
    payload: { enabled },
  });

describe('session replay', () => {
  it('is off by default: the app is told so and the collector stores nothing', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/client_config' });
    expect(config.json().data.sessionReplay).toBe(false);
    const replayId = randomUUID();
    const refused = await post(world.users.carrierUser, replayId, {
      sequence: 0,
      path: '/dashboard',
      events: [meta(1000), snapshot(1001)],
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toEqual({ replayId, sequence: 0, stored: false });
    expect(await chunks(replayId)).toEqual([]);
  });

  it('is turned on by an operator administrator only', async () => {
    const carrier = await t.injectAs(world.users.carrierUser, {
      method: 'PUT',
      url: '/api/v1/admin/session_replay_setting',
      payload: { enabled: true },
    });
    expect(carrier.statusCode).toBe(403);
    const on = await setReplay(true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ enabled: true, source: 'setting' });
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/client_config' });
    expect(config.json().data.sessionReplay).toBe(true);
  });

  it('stores a recording in order with the user context, and a retried chunk once', async () => {
    const replayId = randomUUID();
    const first = await post(world.users.carrierUser, replayId, {
      sequence: 0,
      path: '/dashboard',
      events: [meta(1000), styledSnapshot(1001)],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({ replayId, sequence: 0, stored: true });
    const next = { sequence: 1, path: '/dashboard', events: [input(2000), input(2500)] };
    expect((await post(world.users.carrierUser, replayId, next)).statusCode).toBe(201);
    expect((await post(world.users.carrierUser, replayId, next)).statusCode).toBe(201);

    const list = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: '/api/v1/admin/session_replays',
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((row: { id: string }) => row.id === replayId);
    const carrier = world.users.carrierUser;
    expect(listed).toMatchObject({
      firstPath: '/dashboard',
      eventCount: 4,
      user: {
        id: carrier.id,
        name: `${carrier.firstName} ${carrier.lastName}`,
        roles: carrier.roles,
        permissions: carrier.permissions,
      },
    });
    const played = await t.injectAs(world.users.operatorUser, {
      method: 'GET',
      url: `/api/v1/admin/session_replays/${replayId}`,
    });
    expect(played.statusCode).toBe(200);
    // Every event comes back as recorded, rrweb's own keys (`_cssText`, `rr_dataURL`) untouched.
    expect(played.json().data.events).toEqual([
      meta(1000),
      styledSnapshot(1001),
      input(2000),
      input(2500),
    ]);
    // Only the operator's administrators play sessions back.
    for (const url of [
      '/api/v1/admin/session_replays',
      `/api/v1/admin/session_replays/${replayId}`,
    ]) {
      const refused = await t.injectAs(carrier, { method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('refuses what is not a recording, and stores nothing', async () => {
    const replayId = randomUUID();
    const noSnapshot = await post(world.users.carrierUser, replayId, {
      sequence: 0,
      path: '/dashboard',
      events: [meta(1000), input(1200)],
    });
    expect(noSnapshot.statusCode).toBe(400);
    expect(noSnapshot.json().errors).toEqual({ events: [SESSION_REPLAY_MESSAGES.notARecording] });
    for (const payload of [
      { sequence: 0, path: '/', events: 'rrweb' },
      { sequence: 0, path: '/', events: [] },
      { sequence: 0, path: '/', events: [{ type: 9, data: {}, timestamp: 1 }] },
      { sequence: 0, path: '/', events: [{ kind: 'click' }] },
      { path: '/', events: [meta(1), snapshot(2)] },
    ]) {
      const refused = await post(world.users.carrierUser, replayId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // A later chunk of a recording that never started.
    const orphan = await post(world.users.carrierUser, replayId, {
      sequence: 3,
      path: '/',
      events: [input(1)],
    });
    expect(orphan.statusCode).toBe(404);
    expect(await chunks(replayId)).toEqual([]);
  });

  it('refuses a chunk or a recording that is too large, and stores nothing', async () => {
    const replayId = randomUUID();
    const huge = 'x'.repeat(SESSION_REPLAY.chunkLimitBytes);
    const tooBig = await post(world.users.carrierUser, replayId, {
      sequence: 0,
      path: '/dashboard',
      events: [meta(1), { ...snapshot(2), data: { text: huge } }],
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await chunks(replayId)).toEqual([]);

    expect(
      (
        await post(world.users.carrierUser, replayId, {
          sequence: 0,
          path: '/dashboard',
          events: [meta(1), snapshot(2)],
        })
      ).statusCode,
    ).toBe(201);
    await t.db.system((tx) =>
      tx
        .updateTable('sessionReplays')
        .set({ sizeBytes: SESSION_REPLAY.recordingLimitBytes - 10 })
        .where('id', '=', replayId)
        .execute(),
    );
    const over = await post(world.users.carrierUser, replayId, {
      sequence: 1,
      path: '/dashboard',
      events: [input(3)],
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().detail).toBe(SESSION_REPLAY_MESSAGES.tooLarge(50));
    expect(await chunks(replayId)).toEqual([{ sequence: 0 }]);
  });

  it(`deletes a recording ${SESSION_REPLAY.retentionDays} days after its last event, chunks and all`, async () => {
    // The last event by the server's clock (a chunk's arrival), whatever the browser's clock says.
    const record = async (daysAgo: number) => {
      const replayId = randomUUID();
      const events = [meta(1), snapshot(2)];
      const stored = await post(world.users.carrierUser, replayId, {
        sequence: 0,
        path: '/',
        events,
      });
      expect(stored.statusCode).toBe(201);
      await t.db.system((tx) =>
        tx
          .updateTable('sessionReplays')
          .set({ lastEventAt: new Date(Date.now() - daysAgo * 24 * 60 * 60_000) })
          .where('id', '=', replayId)
          .execute(),
      );
      return replayId;
    };
    const expired = await record(SESSION_REPLAY.retentionDays + 1);
    const kept = await record(SESSION_REPLAY.retentionDays - 1);

    expect(await removeExpiredRecordings(t.db)).toBeGreaterThanOrEqual(1);
    const play = (replayId: string) =>
      t.injectAs(world.users.operatorUser, {
        method: 'GET',
        url: `/api/v1/admin/session_replays/${replayId}`,
      });
    expect((await play(expired)).statusCode).toBe(404);
    expect(await chunks(expired)).toEqual([]);
    expect((await play(kept)).statusCode).toBe(200);
    expect(await chunks(kept)).toHaveLength(1);
  });

  it("answers someone else's recording like a missing one", async () => {
    const replayId = randomUUID();
    const start = { sequence: 0, path: '/dashboard', events: [meta(1), snapshot(2)] };
    expect((await post(world.users.carrierUser, replayId, start)).statusCode).toBe(201);
    const intruder = await post(world.users.otherCarrierUser, replayId, start);
    expect(intruder.statusCode).toBe(404);
    expect(intruder.json().detail).toBe(SESSION_REPLAY_MESSAGES.notFound);
    const later = await post(world.users.otherCarrierUser, replayId, {
      sequence: 1,
      path: '/',
      events: [input(5)],
    });
    expect(later.statusCode).toBe(404);
    expect(await chunks(replayId)).toEqual([{ sequence: 0 }]);
  });

  it('stops storing once an administrator turns it off', async () => {
    expect((await setReplay(false)).json().data).toEqual({ enabled: false, source: 'setting' });
    const replayId = randomUUID();
    const refused = await post(world.users.carrierUser, replayId, {
      sequence: 0,
      path: '/dashboard',
      events: [meta(1), snapshot(2)],
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.stored).toBe(false);
    expect(await chunks(replayId)).toEqual([]);
  });
});

describe('session replay before an administrator sets it', () => {
  it('is on when MONITORING_COLLECTOR_URL is set, or SESSION_REPLAY=on; SESSION_REPLAY=off wins', async () => {
    await t.db.system((tx) => tx.deleteFrom('sessionReplaySetting').execute());
    const collector = 'https://collector.example/ingest';
    for (const [config, enabled] of [
      [{}, false],
      [{ MONITORING_COLLECTOR_URL: collector }, true],
      [{ SESSION_REPLAY: 'on' }, true],
      [{ SESSION_REPLAY: 'off' }, false],
      [{ MONITORING_COLLECTOR_URL: collector, SESSION_REPLAY: 'off' }, false],
    ] as const) {
      const setting = await t.db.system((tx) => readSessionReplaySetting(tx, config));
      expect(setting, JSON.stringify(config)).toEqual({ enabled, source: 'configuration' });
    }
  });
});
