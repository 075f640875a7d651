import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const packet = () =>
  new Uint8Array(
    readFileSync(
      join(import.meta.dirname, '../../../../../../e2e/fixtures/documents/delivery-packet.pdf'),
    ),
  );

// PDF.js 5 uses Promise.withResolvers, which Node has from 22 on (browsers have it).
const promises = Promise as unknown as { withResolvers?: () => unknown };
promises.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('pdfOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens a document while another one is closing (a thumbnail drawn as the viewer opens)', async () => {
    const { port1, port2 } = new MessageChannel();
    // PDF.js's worker module, untyped: its message handler, served on a port.
    const { WorkerMessageHandler } = (await import(
      'pdfjs-dist/build/pdf.worker.mjs' as string
    )) as {
      WorkerMessageHandler: { initializeFromPort(port: MessagePort): void };
    };
    WorkerMessageHandler.initializeFromPort(port2);
    // The app's module worker, played by one end of a channel whose other end runs PDF.js's worker.
    function FakeWorker() {
      return port1;
    }
    FakeWorker.prototype = Object.getPrototypeOf(port1) as object;
    vi.stubGlobal('Worker', FakeWorker);
    const { pdfOptions, pdfjs } = await import('./pdfjs');
    const first = pdfjs.getDocument({ ...pdfOptions(), data: packet() });
    expect((await first.promise).numPages).toBe(3);
    const closing = first.destroy();
    const second = pdfjs.getDocument({ ...pdfOptions(), data: packet() });
    await closing;
    expect((await second.promise).numPages).toBe(3);
    await second.destroy();
    port1.close();
    port2.close();
  });
});
