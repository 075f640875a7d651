import { pdfjs } from 'react-pdf';

// PDF.js runs its parsing and rendering in one module worker shared by the viewer and the
// thumbnails. The worker, the standard fonts and the image decoders are served by the app itself
// (see vite.config.ts), and eval stays off: the portal's Content-Security-Policy forbids it.

let worker: Worker | undefined;

export function ensurePdfWorker(): void {
  if (worker || typeof Worker === 'undefined') return;
  worker = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), {
    type: 'module',
  });
  pdfjs.GlobalWorkerOptions.workerPort = worker;
}

export const PDF_OPTIONS = {
  isEvalSupported: false,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  wasmUrl: '/pdfjs/wasm/',
} as const;

export { pdfjs };
