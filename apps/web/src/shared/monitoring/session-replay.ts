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

const encoder = new TextEncoder();

/**
 * Events in order, cut into chunks whose JSON stays within SESSION_REPLAY.chunkTargetBytes (UTF-8).
 * A meta event starts a chunk and is never cut from the full snapshot after it: the collector wants
 * both in a recording's first chunk. Events from the first one over the collector's chunk limit on
 * are left out, and `tooLarge` says so.
 */
function inChunks(events: RecordedEvent[]): {
  chunks: RecordedEvent[][];
  tooLarge: boolean;
} {
  const chunks: RecordedEvent[][] = [];
  let current: RecordedEvent[] = [];
  let bytes = 0;
  let tooLarge = false;
  for (const event of events) {
    const size = encoder.encode(JSON.stringify(event)).byteLength + 1;
    if (size > SESSION_REPLAY.chunkLimitBytes - 1024) {
      tooLarge = true;
      break;
    }
    const afterMeta = current.at(-1)?.type === SESSION_REPLAY.metaEventType;
    const full = bytes + size > SESSION_REPLAY.chunkTargetBytes;
    if (current.length > 0 && !afterMeta && (event.type === SESSION_REPLAY.metaEventType || full)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(event);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return { chunks, tooLarge };
}

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
  let refused = false;
  let stopRecording: (() => void) | undefined;
  let sending: Promise<unknown> = Promise.resolve();

  const halt = () => {
    stopped = true;
    stopRecording?.();
    window.clearInterval(timer);
  };
  const send = (chunk: { sequence: number; path: string; events: RecordedEvent[] }) => {
    // In order: the collector starts a recording from its first chunk.
    sending = sending.then(async () => {
      // A chunk refused: the ones after it belong to a recording the collector did not keep.
      if (refused) return;
      try {
        const answer = await apiRequest<SessionReplayChunkAnswer>(
          `/api/v1/session_replays/${replayId}/chunks`,
          { method: 'POST', body: chunk },
        );
        if (!answer.data.stored) {
          refused = true;
          halt();
        }
      } catch (error) {
        refused = true;
        halt();
        console.warn('Session recording stopped', error);
      }
    });
  };
  const flush = () => {
    if (buffer.length === 0) return;
    const path = window.location.pathname;
    const { chunks, tooLarge } = inChunks(buffer);
    buffer = [];
    for (const events of chunks) send({ sequence: sequence++, path, events });
    if (tooLarge) {
      // An event the collector would refuse (a page too large to record): the recording ends there.
      halt();
      console.warn('Session recording stopped: a change of the page too large to record');
    }
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
