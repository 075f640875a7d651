import { Worker } from 'node:worker_threads';
import type { FileCheckResult } from './file-checks';
import type { InspectionAnswer, InspectionRequest } from './inspection-worker';

/** What a check came to: the checks' own answer, or a refusal for running past a budget. */
export type InspectionOutcome =
  | FileCheckResult
  | { ok: false; status: 413; message: string }
  | { ok: false; status: 503; message: string; retryAfterSeconds: number };

export interface InspectionPoolOptions {
  /** Workers checking at once. */
  size?: number;
  /** Time one file may take, from the moment a worker starts on it. */
  timeoutMs?: number;
  /** JavaScript heap of one worker. */
  memoryMb?: number;
  /** Files waiting for a worker before new ones are turned away (503). */
  maxWaiting?: number;
}

export const INSPECTION_DEFAULTS = {
  size: 2,
  timeoutMs: 20_000,
  memoryMb: 256,
  maxWaiting: 32,
} as const;

interface Job {
  bytes: Uint8Array;
  name: string;
  resolve: (outcome: InspectionOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its decoders. */
  ready: boolean;
  job?: Job & { id: number; timer?: NodeJS.Timeout };
}

// A worker that has not loaded its decoders in this time is broken, not busy.
const BOOT_TIMEOUT_MS = 30_000;

// Under tsx or vitest this module is TypeScript and so is the worker (loaded through tsx's
// loader); in the bundle the worker is dist/inspection-worker.js beside dist/server.js.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(
  fromSource ? './inspection-worker.ts' : './inspection-worker.js',
  import.meta.url,
);

const seconds = (ms: number) => {
  const value = Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? '' : 's'}`;
};

function startWorker(memoryMb: number): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: memoryMb,
    maxYoungGenerationSizeMb: Math.min(32, memoryMb),
    stackSizeMb: 4,
  };
  if (!fromSource) return new Worker(workerUrl, { resourceLimits });
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/**
 * Checks uploads in worker threads, never on the request thread: each file within a time budget
 * (the worker is ended when it runs over) and a heap limit (the worker dies, not the server), a
 * few at a time, with a bounded queue.
 */
export class InspectionPool {
  private readonly options: Required<InspectionPoolOptions>;
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: InspectionPoolOptions = {}) {
    this.options = { ...INSPECTION_DEFAULTS, ...options };
  }

  check(bytes: Uint8Array, name: string): Promise<InspectionOutcome> {
    if (this.closed) return Promise.reject(new Error('The inspection pool is closed'));
    if (this.waiting.length >= this.options.maxWaiting) {
      return Promise.resolve({
        ok: false,
        status: 503,
        message: `The server is checking too many files at once; send "${name}" again in a moment`,
        retryAfterSeconds: 5,
      });
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ bytes, name, resolve, reject });
      this.dispatch();
    });
  }

  async close() {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    this.slots.length = 0;
  }

  private dispatch() {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.job);
      if (!slot) {
        if (this.slots.length >= this.options.size) return;
        slot = this.spawn();
      }
      this.assign(slot, this.waiting.shift()!);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(this.options.memoryMb), ready: false };
    const boot = setTimeout(() => {
      const job = slot.job;
      this.retire(slot);
      void slot.worker.terminate();
      job?.reject(new Error('The file inspection worker did not start'));
    }, BOOT_TIMEOUT_MS);
    slot.worker.on('message', (answer: InspectionAnswer) => {
      if ('ready' in answer) {
        clearTimeout(boot);
        slot.ready = true;
        if (slot.job) this.startClock(slot);
        else slot.worker.unref();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      this.finish(slot);
      if ('result' in answer) job.resolve(answer.result);
      else job.reject(new Error(`File inspection failed: ${answer.error}`));
    });
    slot.worker.on('error', (error: Error & { code?: string }) => {
      clearTimeout(boot);
      const job = slot.job;
      this.retire(slot);
      if (!job) return;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        job.resolve({
          ok: false,
          status: 413,
          message: `The file "${job.name}" needs more than ${this.options.memoryMb} MB of memory to check`,
        });
      } else job.reject(error);
    });
    slot.worker.on('exit', () => {
      clearTimeout(boot);
      const job = slot.job;
      this.retire(slot);
      job?.reject(new Error('The file inspection worker stopped'));
    });
    this.slots.push(slot);
    return slot;
  }

  private assign(slot: Slot, job: Job) {
    const id = this.nextId++;
    slot.job = { ...job, id };
    slot.worker.ref();
    if (slot.ready) this.startClock(slot);
    // A copy of its own goes to the worker: the caller still stores the original.
    const bytes = new Uint8Array(job.bytes);
    slot.worker.postMessage({ id, bytes, name: job.name } satisfies InspectionRequest, [
      bytes.buffer,
    ]);
  }

  /** The file's time budget runs from when its worker is ready to check it. */
  private startClock(slot: Slot) {
    const job = slot.job;
    if (!job) return;
    job.timer = setTimeout(() => {
      this.retire(slot);
      void slot.worker.terminate();
      job.resolve({
        ok: false,
        status: 413,
        message: `The file "${job.name}" could not be checked within ${seconds(this.options.timeoutMs)}, the time one file may take`,
      });
    }, this.options.timeoutMs);
  }

  /** The slot is free again; an idle worker does not keep the process alive. */
  private finish(slot: Slot) {
    if (slot.job) clearTimeout(slot.job.timer);
    delete slot.job;
    slot.worker.unref();
    this.dispatch();
  }

  /** The worker is gone (ended, crashed or out of memory): forget it and start another if needed. */
  private retire(slot: Slot) {
    if (slot.job) clearTimeout(slot.job.timer);
    delete slot.job;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (!this.closed) this.dispatch();
  }
}
