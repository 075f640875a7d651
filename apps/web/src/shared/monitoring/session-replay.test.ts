import type { RecordedEvent } from '@portal/contract';
import { SESSION_REPLAY } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubServer } from '../test/render';
import { startSessionReplay } from './session-replay';

type Emit = (event: RecordedEvent) => void;

/** A recorder that keeps what rrweb would be given, and emits when the test says. */
function fakeRecorder() {
  const state: { emit?: Emit; options?: Record<string, unknown>; stopped: boolean } = {
    stopped: false,
  };
  const load = async () => (options: { emit: Emit } & Record<string, unknown>) => {
    state.emit = options.emit;
    state.options = options;
    return () => {
      state.stopped = true;
    };
  };
  return { state, load };
}

const event = (type: number, timestamp: number): RecordedEvent => ({ type, data: {}, timestamp });
/** An event of about `bytes` of JSON (a big mutation or snapshot). */
const sized = (type: number, timestamp: number, bytes: number): RecordedEvent => ({
  type,
  data: { text: 'x'.repeat(bytes) },
  timestamp,
});
const bytesOf = (events: unknown) => new TextEncoder().encode(JSON.stringify(events)).byteLength;
/** The collector: keeps every chunk (201, stored) or none (200, not stored: replay is off). */
const collector = (stored: boolean) =>
  stubServer(({ url, body }) =>
    url.includes('/session_replays/')
      ? json(stored ? 201 : 200, { data: { ...(body as object), stored } })
      : undefined,
  );

/** A recorder started and handed to the page, ready to emit. */
async function startedRecorder() {
  const recorder = fakeRecorder();
  startSessionReplay(recorder.load);
  await vi.waitFor(() => expect(recorder.state.emit).toBeDefined());
  return recorder;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session replay recorder', () => {
  it('masks every input, note bodies and documents, and sends its events in order', async () => {
    const { calls } = stubServer(({ url, body }) =>
      url.includes('/session_replays/')
        ? json(201, { data: { ...(body as object), stored: true } })
        : undefined,
    );
    const recorder = fakeRecorder();
    const stop = startSessionReplay(recorder.load);
    await vi.waitFor(() => expect(recorder.state.emit).toBeDefined());
    expect(recorder.state.options).toMatchObject({
      maskAllInputs: true,
      maskTextSelector: '[data-replay-mask]',
      blockSelector: '[data-replay-block]',
    });
    recorder.state.emit!(event(4, 1));
    recorder.state.emit!(event(2, 2));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    recorder.state.emit!(event(3, 3));
    stop();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(recorder.state.stopped).toBe(true);
    const [first, second] = calls;
    expect(first!.url).toMatch(/^\/api\/v1\/session_replays\/[0-9a-f-]{36}\/chunks$/);
    expect(second!.url).toBe(first!.url);
    expect(first!.body).toMatchObject({ sequence: 0, events: [event(4, 1), event(2, 2)] });
    expect(second!.body).toMatchObject({ sequence: 1, events: [event(3, 3)] });
  });

  it('stops recording when the collector says replay is off', async () => {
    const { calls } = collector(false);
    const recorder = await startedRecorder();
    recorder.state.emit!(event(4, 1));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    await vi.waitFor(() => expect(recorder.state.stopped).toBe(true));
    recorder.state.emit!(event(3, 5));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs * 3);
    expect(calls).toHaveLength(1);
  });

  it('sends a busy few seconds in several chunks within the target, in order, the first with its meta and full snapshot', async () => {
    const { calls } = collector(true);
    const recorder = await startedRecorder();
    const emitted = [
      event(4, 1),
      sized(2, 2, 900_000),
      ...Array.from({ length: 12 }, (_, index) => sized(3, 3 + index, 250_000)),
      // The next page's own meta and snapshot, as rrweb takes them again.
      event(4, 20),
      sized(2, 21, 1_500_000),
      sized(3, 22, 10),
    ];
    emitted.forEach((recorded) => recorder.state.emit!(recorded));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(6));
    const bodies = calls.map((call) => call.body as { sequence: number; events: RecordedEvent[] });
    expect(bodies.map((body) => body.sequence)).toEqual(bodies.map((_, index) => index));
    expect(bodies.flatMap((body) => body.events)).toEqual(emitted);
    expect(bodies[0]!.events.map((recorded) => recorded.type)).toEqual([4, 2]);
    const nextPage = bodies.find((body) => body.events[0]!.timestamp === 20)!;
    expect(nextPage.events.map((recorded) => recorded.type)).toEqual([4, 2]);
    for (const body of bodies) {
      expect(bytesOf(body)).toBeLessThan(SESSION_REPLAY.chunkLimitBytes);
      if (body.events.length > 1 && body.events[0]!.type !== 4)
        expect(bytesOf(body.events)).toBeLessThanOrEqual(SESSION_REPLAY.chunkTargetBytes);
    }
  });

  it('sends what came before a change too large to record, then stops without sending it', async () => {
    const { calls } = collector(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const recorder = await startedRecorder();
    recorder.state.emit!(event(4, 1));
    recorder.state.emit!(event(2, 2));
    recorder.state.emit!(sized(3, 3, SESSION_REPLAY.chunkLimitBytes));
    recorder.state.emit!(event(3, 4));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ sequence: 0, events: [event(4, 1), event(2, 2)] });
    expect(recorder.state.stopped).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      'Session recording stopped: a change of the page too large to record',
    );
    recorder.state.emit!(event(3, 5));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs * 3);
    expect(calls).toHaveLength(1);
    warn.mockRestore();
  });

  it('sends none of the chunks after one the collector did not keep', async () => {
    const { calls } = collector(false);
    const recorder = await startedRecorder();
    recorder.state.emit!(event(4, 1));
    recorder.state.emit!(sized(2, 2, 800_000));
    for (let index = 0; index < 8; index++) recorder.state.emit!(sized(3, 3 + index, 400_000));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    await vi.waitFor(() => expect(recorder.state.stopped).toBe(true));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    expect(calls).toHaveLength(1);
  });
});
