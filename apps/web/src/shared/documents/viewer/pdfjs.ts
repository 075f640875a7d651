import { pdfjs } from 'react-pdf';

// PDF.js runs its parsing and rendering in one module worker shared by the viewer and the
// thumbnails. The worker, the standard fonts and the image decoders are served by the app itself
// (see vite.config.ts), and eval stays off: the portal's Content-Security-Policy forbids it.

const BASE_OPTIONS = {
  isEvalSupported: false,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  wasmUrl: '/pdfjs/wasm/',
} as const;

type PdfOptions = typeof BASE_OPTIONS & { worker?: InstanceType<typeof pdfjs.PDFWorker> };

let options: PdfOptions | undefined;

/**
 * The options of every document PDF.js opens, the same object each time (the viewer's `Document`
 * compares it by identity). Their `worker` is made at first use and lent to each document: a
 * document's loading task destroys only a worker it made itself, so a thumbnail drawn and closed, or
 * the viewer closed, never takes the worker from under a document being opened. (Given the worker's
 * port alone, every task made and destroyed the one shared PDFWorker, and a document opened while
 * another was closing failed with "PDFWorker.create - the worker is being destroyed".)
 */
export function pdfOptions(): PdfOptions {
  if (options) return options;
  if (typeof Worker === 'undefined') return (options = BASE_OPTIONS);
  const port = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), {
    type: 'module',
  });
  options = { ...BASE_OPTIONS, worker: pdfjs.PDFWorker.create({ port }) };
  return options;
}

export { pdfjs };
