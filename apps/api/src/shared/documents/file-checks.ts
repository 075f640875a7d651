import { inflateRawSync, inflateSync } from 'node:zlib';
import {
  STORED_FILE_FORMAT_LIST,
  STORED_FILE_FORMATS,
  storedFormatForExtension,
  type StoredFileFormat,
} from '@portal/domain';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import UTIF from 'utif2';
import { fileExtension } from './file-names';

/**
 * The bounds every upload is checked within (decision 080). Each is checked from the file's own
 * headers before anything is decoded, so a hostile file is refused before it costs memory or time.
 */
export const FILE_CHECK_LIMITS = {
  /** Pages of a PDF or TIFF (TIFF page directories). */
  maxPages: 500,
  /** Pixels of one page or picture: a 600 dpi tabloid scan is about 67 million. */
  maxPixels: 100_000_000,
  /** Bytes one page or picture takes once decompressed. */
  maxDecodedBytes: 128 * 1024 * 1024,
  /** Bytes all the compressed streams of one PDF take once decompressed. */
  maxPdfDecodedBytes: 256 * 1024 * 1024,
  /** Directory entries read from one TIFF, all pages together. */
  maxTiffValues: 4_000_000,
} as const;

export type FileCheckResult =
  | { ok: true; format: StoredFileFormat; pageCount: number }
  | { ok: false; status: 400 | 413 | 415; message: string };

/** A refusal raised inside the checks; the worker answers it as a result, never as a crash. */
export class FileRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'FileRefusal';
  }
}

const FORMAT_BY_MIME: Record<string, StoredFileFormat> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/tiff': 'tiff',
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const millions = (count: number) => `${Math.round(count / 1_000_000)} million`;

/**
 * Checks an upload by its content: the magic number must be one of the stored formats and agree
 * with the name's extension, and the file must be whole (a PDF that opens with its pages and its
 * end marker, a TIFF whose every page decodes, a PNG whose image data inflates to its size, a JPEG
 * with its frame and end marker), all within FILE_CHECK_LIMITS. Runs in the inspection worker.
 */
export async function checkFileBytes(bytes: Uint8Array, name: string): Promise<FileCheckResult> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const detected = await fileTypeFromBuffer(buffer);
    const format = detected ? FORMAT_BY_MIME[detected.mime] : undefined;
    if (!format) {
      throw new FileRefusal(
        415,
        `The file "${name}" is not a ${STORED_FILE_FORMAT_LIST} file${detected ? ` (its content is ${detected.mime})` : ''}`,
      );
    }
    const rule = STORED_FILE_FORMATS[format];
    const named = fileExtension(name);
    if (named && storedFormatForExtension(named) !== format) {
      throw new FileRefusal(
        415,
        `The file "${name}" is named .${named} but its content is a ${rule.label}`,
      );
    }
    let pageCount: number;
    try {
      pageCount = await checkWhole(format, buffer, name);
    } catch (error) {
      if (error instanceof FileRefusal) throw error;
      // A decoder tripping over the content: the file is damaged, whatever the library says.
      throw damaged(name, rule.label);
    }
    return { ok: true, format, pageCount };
  } catch (error) {
    if (error instanceof FileRefusal)
      return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

function checkPixels(
  name: string,
  what: string,
  width: number,
  height: number,
  bytesPerRow: number,
) {
  if (!(width > 0 && height > 0)) throw damaged(name, what);
  if (width * height > FILE_CHECK_LIMITS.maxPixels) {
    throw new FileRefusal(
      413,
      `The file "${name}" has a page of ${width} x ${height} pixels; the limit is ${millions(FILE_CHECK_LIMITS.maxPixels)} pixels`,
    );
  }
  if (bytesPerRow * height > FILE_CHECK_LIMITS.maxDecodedBytes) {
    throw new FileRefusal(
      413,
      `The file "${name}" would take more than ${megabytes(FILE_CHECK_LIMITS.maxDecodedBytes)} to open`,
    );
  }
}

function damaged(name: string, what: string, why?: string) {
  return new FileRefusal(
    400,
    `The file "${name}" is a damaged ${what} and cannot be opened${why ? ` (${why})` : ''}`,
  );
}

function tooManyPages(name: string) {
  return new FileRefusal(
    413,
    `The file "${name}" has more than ${FILE_CHECK_LIMITS.maxPages} pages, the most one document may have`,
  );
}

async function checkWhole(format: StoredFileFormat, bytes: Buffer, name: string): Promise<number> {
  switch (format) {
    case 'pdf':
      return checkPdf(bytes, name);
    case 'tiff':
      return checkTiff(bytes, name);
    case 'png':
      return checkPng(bytes, name);
    case 'jpeg':
      return checkJpeg(bytes, name);
  }
}

// ---- PDF ----

async function checkPdf(bytes: Buffer, name: string): Promise<number> {
  // A PDF ends with %%EOF (a few bytes of trailing white space or junk are common).
  if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF'))
    throw damaged(name, 'PDF');
  // pdf-lib inflates object streams while it loads, without a bound: inflate them here first,
  // each within what is left of the budget, so a compression bomb is refused before it loads.
  checkPdfObjectStreams(bytes, name);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    throw damaged(name, 'PDF');
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    throw damaged(name, 'PDF');
  }
  if (pages < 1) throw damaged(name, 'PDF');
  if (pages > FILE_CHECK_LIMITS.maxPages) throw tooManyPages(name);
  return pages;
}

const STREAM_KEYWORD = /stream\r?\n/g;

function checkPdfObjectStreams(bytes: Buffer, name: string) {
  const text = bytes.toString('latin1');
  let budget = FILE_CHECK_LIMITS.maxPdfDecodedBytes;
  STREAM_KEYWORD.lastIndex = 0;
  for (let match = STREAM_KEYWORD.exec(text); match; match = STREAM_KEYWORD.exec(text)) {
    if (text.slice(Math.max(0, match.index - 3), match.index) === 'end') continue;
    const start = match.index + match[0].length;
    const dictionaryStart = text.lastIndexOf('<<', match.index);
    const dictionary = text.slice(Math.max(dictionaryStart, match.index - 4096), match.index);
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    if (!/\/Filter\s*\[?\s*\/(FlateDecode|Fl)\b/.test(dictionary)) {
      // Other filters (LZW, ASCII85...) on object streams are vanishingly rare and pdf-lib decodes
      // them unbounded: an object stream must be plain or deflated.
      if (/\/Type\s*\/ObjStm/.test(dictionary) && /\/Filter/.test(dictionary))
        throw damaged(name, 'PDF', 'an object stream with an unsupported filter');
      continue;
    }
    try {
      const inflated = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: Math.max(1, budget),
        finishFlush: 2, // Z_SYNC_FLUSH: a stream cut short still inflates what it has.
      });
      budget -= inflated.length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new FileRefusal(
          413,
          `The file "${name}" would take more than ${megabytes(FILE_CHECK_LIMITS.maxPdfDecodedBytes)} to open`,
        );
      }
      // A damaged image stream is the viewer's concern; pdf-lib says whether the file loads.
    }
    STREAM_KEYWORD.lastIndex = end;
  }
}

// ---- TIFF ----

// The compressions the portal opens: none, CCITT (fax), LZW, JPEG, Deflate and PackBits. Camera
// raw and obsolete ones are refused rather than handed to decoders nobody here has vetted.
const TIFF_COMPRESSIONS: Record<number, string> = {
  1: 'none',
  2: 'CCITT RLE',
  3: 'CCITT G3',
  4: 'CCITT G4',
  5: 'LZW',
  7: 'JPEG',
  8: 'Deflate',
  32946: 'Deflate',
  32773: 'PackBits',
};
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
};

type TiffPage = Record<string, number[] | string[]> & { data?: Uint8Array };

/**
 * Reads the page directories itself, bounded (a directory seen twice is a loop, at most maxPages
 * of them, offsets inside the file, a budget of values), then checks each page's size before
 * utif2 decodes it. utif2's own reader follows sub-directories and loops without end.
 */
function checkTiff(bytes: Buffer, name: string): number {
  const little = bytes.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  if (bytes.length < 8) throw damaged(name, 'TIFF image');
  if (u16(2) !== 42) throw damaged(name, 'TIFF image', 'not a classic TIFF');

  // utif2 copies a typed array it is given, once per page; an ArrayBuffer it only views.
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : Uint8Array.prototype.slice.call(bytes).buffer;
  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  let values = 0;
  let offset = u32(4);
  while (offset !== 0) {
    if (seen.has(offset)) throw damaged(name, 'TIFF image', 'its page directories loop');
    seen.add(offset);
    if (pages.length >= FILE_CHECK_LIMITS.maxPages) throw tooManyPages(name);
    if (offset + 2 > bytes.length) throw damaged(name, 'TIFF image');
    const count = u16(offset);
    if (offset + 2 + count * 12 + 4 > bytes.length) throw damaged(name, 'TIFF image');
    const page: TiffPage = {};
    for (let index = 0; index < count; index++) {
      const entry = offset + 2 + index * 12;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const number = u32(entry + 4);
      const size = TYPE_SIZES[type];
      if (!size) continue;
      values += number;
      if (values > FILE_CHECK_LIMITS.maxTiffValues)
        throw damaged(name, 'TIFF image', 'too many directory values');
      const at = number * size <= 4 ? entry + 8 : u32(entry + 8);
      if (at + number * size > bytes.length) throw damaged(name, 'TIFF image');
      page[`t${tag}`] = readTiffValues(bytes, little, type, at, number);
    }
    pages.push(page);
    offset = u32(offset + 2 + count * 12);
  }
  if (pages.length === 0) throw damaged(name, 'TIFF image');

  for (const page of pages) {
    checkTiffPage(bytes, page, name);
    try {
      UTIF.decodeImage(whole as ArrayBuffer, page as unknown as UTIF.IFD);
    } catch {
      throw damaged(name, 'TIFF image');
    }
    if (!(page.data && page.data.length > 0)) throw damaged(name, 'TIFF image');
    // One page's pixels at a time: the memory budget holds one page, not the document.
    delete page.data;
  }
  return pages.length;
}

function readTiffValues(
  bytes: Buffer,
  little: boolean,
  type: number,
  at: number,
  count: number,
): number[] | string[] {
  if (type === 2) return [bytes.toString('latin1', at, at + count).replace(/\0+$/, '')];
  const out: number[] = [];
  for (let index = 0; index < count; index++) {
    switch (type) {
      case 3:
        out.push(little ? bytes.readUInt16LE(at + index * 2) : bytes.readUInt16BE(at + index * 2));
        break;
      case 8:
        out.push(little ? bytes.readInt16LE(at + index * 2) : bytes.readInt16BE(at + index * 2));
        break;
      case 4:
        out.push(little ? bytes.readUInt32LE(at + index * 4) : bytes.readUInt32BE(at + index * 4));
        break;
      case 9:
        out.push(little ? bytes.readInt32LE(at + index * 4) : bytes.readInt32BE(at + index * 4));
        break;
      case 5:
      case 10: {
        const read = (position: number) =>
          type === 5
            ? little
              ? bytes.readUInt32LE(position)
              : bytes.readUInt32BE(position)
            : little
              ? bytes.readInt32LE(position)
              : bytes.readInt32BE(position);
        out.push(read(at + index * 8), read(at + index * 8 + 4));
        break;
      }
      case 11:
        out.push(little ? bytes.readFloatLE(at + index * 4) : bytes.readFloatBE(at + index * 4));
        break;
      case 12:
        out.push(little ? bytes.readDoubleLE(at + index * 8) : bytes.readDoubleBE(at + index * 8));
        break;
      case 6:
        out.push(bytes.readInt8(at + index));
        break;
      default:
        out.push(bytes[at + index]!);
    }
  }
  return out;
}

function numbers(page: TiffPage, tag: number): number[] | undefined {
  const value = page[`t${tag}`];
  return value && typeof value[0] === 'number' ? (value as number[]) : undefined;
}

function checkTiffPage(bytes: Buffer, page: TiffPage, name: string) {
  const width = numbers(page, 256)?.[0] ?? 0;
  const height = numbers(page, 257)?.[0] ?? 0;
  const compression = numbers(page, 259)?.[0] ?? 1;
  const samples = numbers(page, 277)?.[0] ?? 1;
  const bits = numbers(page, 258)?.[0] ?? 1;
  if (!TIFF_COMPRESSIONS[compression]) {
    throw new FileRefusal(
      415,
      `The file "${name}" is a TIFF image in a compression the portal does not open (${compression}); save it as a PDF or an uncompressed, LZW, Deflate or fax TIFF`,
    );
  }
  if (!(samples >= 1 && samples <= 8 && bits >= 1 && bits <= 32)) throw damaged(name, 'TIFF image');
  const bytesPerRow = Math.ceil((width * samples * bits) / 8);
  checkPixels(name, 'TIFF image', width, height, bytesPerRow);

  const tiled = numbers(page, 322) !== undefined;
  const offsets = tiled ? numbers(page, 324) : numbers(page, 273);
  const counts = tiled ? numbers(page, 325) : numbers(page, 279);
  if (!offsets || offsets.length === 0) throw damaged(name, 'TIFF image');
  if (tiled) {
    const tileWidth = numbers(page, 322)?.[0] ?? 0;
    const tileHeight = numbers(page, 323)?.[0] ?? 0;
    if (!(tileWidth > 0 && tileHeight > 0)) throw damaged(name, 'TIFF image');
    checkPixels(
      name,
      'TIFF image',
      tileWidth,
      tileHeight,
      Math.ceil((tileWidth * samples * bits) / 8),
    );
    const tiles = Math.ceil(width / tileWidth) * Math.ceil(height / tileHeight);
    if (offsets.length < tiles || !counts || counts.length < tiles)
      throw damaged(name, 'TIFF image');
  }
  if (counts) {
    offsets.forEach((offset, index) => {
      if (offset + (counts[index] ?? 0) > bytes.length)
        throw damaged(name, 'TIFF image', 'image data past its end');
    });
  } else if (compression !== 1) throw damaged(name, 'TIFF image');

  // utif2 inflates Deflate strips with no bound, and its JPEG decoder sizes its buffers by the
  // strip's own JPEG header: both are checked here against the page's size.
  const stripBytes = tiled
    ? Math.ceil(((numbers(page, 322)?.[0] ?? 0) * samples * bits) / 8) *
      (numbers(page, 323)?.[0] ?? 0)
    : bytesPerRow * Math.min(numbers(page, 278)?.[0] ?? height, height);
  offsets.forEach((offset, index) => {
    const count = counts?.[index] ?? 0;
    if (compression === 8 || compression === 32946) {
      if (count < 6) throw damaged(name, 'TIFF image');
      try {
        inflateRawSync(bytes.subarray(offset + 2, offset + count - 4), {
          maxOutputLength: stripBytes + 1024,
          finishFlush: 2,
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw damaged(name, 'TIFF image', 'more image data than its size');
        throw damaged(name, 'TIFF image');
      }
    }
    if (compression === 7) {
      const frame = jpegFrame(bytes.subarray(offset, offset + count));
      if (frame)
        checkPixels(name, 'TIFF image', frame.width, frame.height, frame.width * frame.components);
    }
  });
}

// ---- PNG ----

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Walks the chunks, checks the header's size, then inflates the image data within that size. */
function checkPng(bytes: Buffer, name: string): number {
  let at = 8;
  let header: { width: number; height: number; bits: number; channels: number } | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = at + 8;
    if (body + length + 4 > bytes.length) break;
    if (type === 'IHDR') {
      if (length !== 13) throw damaged(name, 'PNG image');
      const colorType = bytes[body + 9]!;
      header = {
        width: bytes.readUInt32BE(body),
        height: bytes.readUInt32BE(body + 4),
        bits: bytes[body + 8]!,
        channels: PNG_CHANNELS[colorType] ?? 0,
      };
      if (!header.channels) throw damaged(name, 'PNG image');
    } else if (type === 'IDAT') {
      data.push(bytes.subarray(body, body + length));
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    at = body + length + 4;
  }
  if (!header || !ended || data.length === 0) throw damaged(name, 'PNG image');
  const bytesPerRow = 1 + Math.ceil((header.width * header.channels * header.bits) / 8);
  checkPixels(name, 'PNG image', header.width, header.height, bytesPerRow);
  // Interlaced images add a filter byte per row of each of the seven passes.
  const expected = bytesPerRow * header.height + 7 * header.height + 64;
  try {
    inflateSync(Buffer.concat(data), { maxOutputLength: expected });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw damaged(name, 'PNG image', 'more image data than its size');
    throw damaged(name, 'PNG image');
  }
  return 1;
}

// ---- JPEG ----

interface JpegFrame {
  width: number;
  height: number;
  components: number;
}

/** The frame header (SOFn) of a JPEG stream, read by walking its marker segments. */
function jpegFrame(bytes: Uint8Array): JpegFrame | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return undefined;
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 10 > bytes.length) return undefined;
      return {
        height: (bytes[at + 5]! << 8) | bytes[at + 6]!,
        width: (bytes[at + 7]! << 8) | bytes[at + 8]!,
        components: bytes[at + 9]!,
      };
    }
    if (marker === 0xda) return undefined; // scan data before any frame header
    at += 2 + length;
  }
  return undefined;
}

function checkJpeg(bytes: Buffer, name: string): number {
  // A whole JPEG ends with the End Of Image marker (FF D9), sometimes followed by padding.
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  if (!tail.includes(Buffer.from([0xff, 0xd9]))) throw damaged(name, 'JPEG image');
  const frame = jpegFrame(bytes);
  if (!frame || frame.components < 1 || frame.components > 4) throw damaged(name, 'JPEG image');
  checkPixels(name, 'JPEG image', frame.width, frame.height, frame.width * frame.components);
  return 1;
}
