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
    const { calls } = stubServer(({ url, body }) =>
      url.includes('/session_replays/')
        ? json(200, { data: { ...(body as object), stored: false } })
        : undefined,
    );
    const recorder = fakeRecorder();
    startSessionReplay(recorder.load);
    await vi.waitFor(() => expect(recorder.state.emit).toBeDefined());
    recorder.state.emit!(event(4, 1));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs);
    await vi.waitFor(() => expect(recorder.state.stopped).toBe(true));
    recorder.state.emit!(event(3, 5));
    await vi.advanceTimersByTimeAsync(SESSION_REPLAY.flushIntervalMs * 3);
    expect(calls).toHaveLength(1);
  });
});
