/// <reference lib="webworker" />
import UTIF from 'utif2';

// Decodes TIFF pages off the main thread: a page becomes a PNG the page shows as an image.
// A scan of many pages is decoded one page at a time, as it is looked at.

interface OpenMessage {
  id: number;
  kind: 'open';
  buffer: ArrayBuffer;
}
interface PageMessage {
  id: number;
  kind: 'page';
  index: number;
  /** Scale the page down so its longer side is at most this (thumbnails). */
  maxSize?: number;
}

let buffer: ArrayBuffer | undefined;
let pages: UTIF.IFD[] = [];

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function renderPage(index: number, maxSize?: number) {
  if (!buffer) throw new Error('No TIFF is open');
  const ifd = pages[index];
  if (!ifd) throw new Error(`The TIFF has no page ${index + 1}`);
  UTIF.decodeImage(buffer, ifd);
  const width = ifd.width;
  const height = ifd.height;
  if (!(width > 0 && height > 0)) throw new Error(`Page ${index + 1} cannot be decoded`);
  const rgba = UTIF.toRGBA8(ifd);
  const full = new OffscreenCanvas(width, height);
  const pixels = new Uint8ClampedArray(
    rgba.buffer as ArrayBuffer,
    rgba.byteOffset,
    width * height * 4,
  );
  full.getContext('2d')!.putImageData(new ImageData(pixels, width, height), 0, 0);
  let canvas = full;
  if (maxSize && Math.max(width, height) > maxSize) {
    const ratio = maxSize / Math.max(width, height);
    canvas = new OffscreenCanvas(Math.round(width * ratio), Math.round(height * ratio));
    const context = canvas.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(full, 0, 0, canvas.width, canvas.height);
  }
  // The decoded pixels are not kept: memory stays at one page however long the scan.
  delete (ifd as Partial<UTIF.IFD>).data;
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return { blob, width, height };
}

scope.onmessage = async (event: MessageEvent<OpenMessage | PageMessage>) => {
  const message = event.data;
  try {
    if (message.kind === 'open') {
      buffer = message.buffer;
      pages = UTIF.decode(buffer).filter((ifd) => ifd.t256 !== undefined);
      if (pages.length === 0) throw new Error('The TIFF has no pages');
      const sizes = pages.map((ifd) => ({
        width: Number((ifd.t256 as number[])[0]),
        height: Number((ifd.t257 as number[])[0]),
      }));
      scope.postMessage({ id: message.id, ok: true, pages: sizes });
    } else {
      const page = await renderPage(message.index, message.maxSize);
      scope.postMessage({ id: message.id, ok: true, ...page });
    }
  } catch (error) {
    scope.postMessage({
      id: message.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
