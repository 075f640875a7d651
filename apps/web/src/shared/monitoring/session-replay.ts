import type { RecordedEvent, SessionReplayChunkAnswer } from '@portal/contract';
import { SESSION_REPLAY } from '@portal/domain';
import { apiRequest } from '../api/client';

// Session replay (decision 181): rrweb records the page, every input masked and note and document
// bodies too, and the events go in chunks to the portal's own collector. rrweb loads on its own,
// after the shell, so the shell's bundle does not carry it.

type Recorder = (options: {
  emit: (event: RecordedEvent) => void;
  maskAllInputs: boolean;
  maskTextSelector: string;
  blockSelector: string;
  slimDOMOptions: 'all';
}) => (() => void) | undefined;

/** rrweb's recorder, loaded on first use (tests pass their own). */
const loadRecorder = async (): Promise<Recorder> => (await import('rrweb')).record as Recorder;

/**
 * Starts recording the session; answers the function that sends what is left and stops. The
 * recording stops by itself when the collector says replay is off or refuses a chunk.
 */
export function startSessionReplay(load: () => Promise<Recorder> = loadRecorder): () => void {
  if (Math.random() >= SESSION_REPLAY.sampleRate) return () => undefined;
  const replayId = crypto.randomUUID();
  let buffer: RecordedEvent[] = [];
  let sequence = 0;
  let stopped = false;
  let stopRecording: (() => void) | undefined;
  let sending: Promise<unknown> = Promise.resolve();

  const halt = () => {
    stopped = true;
    stopRecording?.();
    window.clearInterval(timer);
  };
  const flush = () => {
    if (buffer.length === 0) return;
    const chunk = { sequence: sequence++, path: window.location.pathname, events: buffer };
    buffer = [];
    // In order: the collector starts a recording from its first chunk.
    sending = sending.then(async () => {
      try {
        const answer = await apiRequest<SessionReplayChunkAnswer>(
          `/api/v1/session_replays/${replayId}/chunks`,
          { method: 'POST', body: chunk },
        );
        if (!answer.data.stored) halt();
      } catch (error) {
        halt();
        console.warn('Session recording stopped', error);
      }
    });
  };
  const timer = window.setInterval(flush, SESSION_REPLAY.flushIntervalMs);
  void load()
    .then((record) => {
      if (stopped) return;
      stopRecording = record({
        emit: (event) => {
          if (!stopped) buffer.push(event);
        },
        maskAllInputs: true,
        maskTextSelector: SESSION_REPLAY.maskTextSelector,
        blockSelector: SESSION_REPLAY.blockSelector,
        // Scripts, preloads and meta tags are no use to a replay (and a player must not run them).
        slimDOMOptions: 'all',
      });
    })
    .catch((error: unknown) => {
      halt();
      console.warn('The session recorder could not load', error);
    });
  return () => {
    flush();
    halt();
  };
}
