// The inspection worker: checks uploads off the request thread, under the memory limits its
// parent gives it, and is ended by its parent when a check runs past its time budget.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { checkFileBytes } from './file-checks';

export interface InspectionRequest {
  id: number;
  bytes: Uint8Array;
  name: string;
}

export type InspectionAnswer =
  | { ready: true }
  | { id: number; result: Awaited<ReturnType<typeof checkFileBytes>> }
  | { id: number; error: string };

// A lower CPU priority for this thread only (on Linux the nice value is per thread): when a bomb
// keeps it busy, the request thread still gets the processor first.
try {
  setPriority(0, 10);
} catch {
  // Not permitted here (some containers): the time budget still bounds the work.
}

// Decoders of some formats print progress; the server's log is not theirs to write to.
console.log = () => undefined;
console.warn = () => undefined;

// Loading the decoders takes a while (longer under tsx): the time budget starts once they are loaded.
parentPort?.postMessage({ ready: true } satisfies InspectionAnswer);

parentPort?.on('message', (request: InspectionRequest) => {
  checkFileBytes(request.bytes, request.name).then(
    (result) => parentPort?.postMessage({ id: request.id, result } satisfies InspectionAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies InspectionAnswer),
  );
});
