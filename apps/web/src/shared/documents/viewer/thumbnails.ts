import { pdfOptions, pdfjs } from './pdfjs';
import { TiffDecoder } from './tiff-decoder';

// Thumbnails of PDFs and TIFF scans are drawn one after another (a grid of tiles must not start
// dozens of renders at once), the PDF ones in PDF.js's shared worker, the TIFF ones in one worker.

const THUMBNAIL_PIXELS = 240;
let queue: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => null);
  return turn;
}

async function pdfThumbnail(blob: Blob): Promise<string> {
  const task = pdfjs.getDocument({
    ...pdfOptions(),
    data: new Uint8Array(await blob.arrayBuffer()),
  });
  const pdf = await task.promise;
  try {
    const page = await pdf.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({
      scale: THUMBNAIL_PIXELS / Math.max(unit.width, unit.height),
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const image = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!image) throw new Error('No thumbnail');
    return URL.createObjectURL(image);
  } finally {
    await task.destroy();
  }
}

let tiffDecoder: TiffDecoder | undefined;

async function tiffThumbnail(blob: Blob): Promise<string> {
  tiffDecoder ??= new TiffDecoder();
  await tiffDecoder.open(await blob.arrayBuffer());
  const page = await tiffDecoder.page(0, THUMBNAIL_PIXELS);
  return URL.createObjectURL(page.blob);
}

/** An image address for the first page of a PDF or TIFF. */
export function renderThumbnail(kind: 'pdf' | 'tiff', blob: Blob): Promise<string> {
  return inTurn(() => (kind === 'pdf' ? pdfThumbnail(blob) : tiffThumbnail(blob)));
}
