import { open } from 'node:fs/promises';
import {
  STORED_FILE_FORMAT_LIST,
  STORED_FILE_FORMATS,
  storedFormatForExtension,
  type StoredFileFormat,
} from '@portal/domain';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import UTIF from 'utif2';
import { HttpProblem } from '../http/errors';
import { fileExtension } from './file-names';

/** What an upload turned out to be, by its content. */
export interface InspectedFile {
  format: StoredFileFormat;
  contentType: string;
  /** The extension the stored name ends with. */
  extension: string;
  /** Pages in a PDF or TIFF; 1 for a picture. */
  pageCount: number;
}

/** A file problem: 400 for empty or damaged files, 415 for the wrong kind. The field is named. */
export function fileProblem(status: 400 | 413 | 415, field: string, message: string) {
  const titles = { 400: 'Bad Request', 413: 'Payload Too Large', 415: 'Unsupported Media Type' };
  return new HttpProblem(status, titles[status], message, { [field]: [message] });
}

const FORMAT_BY_MIME: Record<string, StoredFileFormat> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/tiff': 'tiff',
};

/**
 * Checks an upload by its content: the magic number must be one of the stored formats and agree
 * with the name's extension, and the file must be whole (a PDF that opens with its pages and its
 * end marker, a TIFF whose every page decodes, an image with its end marker).
 */
export async function inspectFile(
  source: { bytes: Buffer } | { path: string; size: number },
  name: string,
  field = 'file',
): Promise<InspectedFile> {
  const size = 'bytes' in source ? source.bytes.length : source.size;
  if (size === 0) throw fileProblem(400, field, `The file "${name}" is empty`);
  const bytes = 'bytes' in source ? source.bytes : await readWhole(source.path, source.size);

  // The whole file: a TIFF's directory may sit at its end, after the image data.
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected ? FORMAT_BY_MIME[detected.mime] : undefined;
  if (!format) {
    throw fileProblem(
      415,
      field,
      `The file "${name}" is not a ${STORED_FILE_FORMAT_LIST} file${detected ? ` (its content is ${detected.mime})` : ''}`,
    );
  }
  const rule = STORED_FILE_FORMATS[format];
  const named = fileExtension(name);
  if (named && storedFormatForExtension(named) !== format) {
    throw fileProblem(
      415,
      field,
      `The file "${name}" is named .${named} but its content is a ${rule.label}`,
    );
  }
  const pageCount = await checkWhole(format, bytes, name, field);
  return {
    format,
    contentType: rule.contentType,
    extension: named || rule.extensions[0]!,
    pageCount,
  };
}

async function readWhole(path: string, size: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function checkWhole(
  format: StoredFileFormat,
  bytes: Buffer,
  name: string,
  field: string,
): Promise<number> {
  const damaged = (what: string) =>
    fileProblem(400, field, `The file "${name}" is a damaged ${what} and cannot be opened`);
  switch (format) {
    case 'pdf': {
      // A PDF ends with %%EOF (a few bytes of trailing white space or junk are common).
      if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF')) throw damaged('PDF');
      try {
        const document = await PDFDocument.load(bytes, {
          ignoreEncryption: true,
          updateMetadata: false,
          throwOnInvalidObject: true,
        });
        const pages = document.getPageCount();
        if (pages < 1) throw new Error('no pages');
        return pages;
      } catch {
        throw damaged('PDF');
      }
    }
    case 'tiff': {
      try {
        const pages = UTIF.decode(bytes);
        if (pages.length === 0) throw new Error('no pages');
        for (const page of pages) {
          const offsets = page.t273 as number[] | undefined;
          const counts = page.t279 as number[] | undefined;
          if (offsets && counts) {
            offsets.forEach((offset, index) => {
              if (offset + (counts[index] ?? 0) > bytes.length) throw new Error('strip past end');
            });
          }
          UTIF.decodeImage(bytes, page);
          if (!(page.width > 0 && page.height > 0 && page.data?.length > 0))
            throw new Error('page does not decode');
        }
        return pages.length;
      } catch {
        throw damaged('TIFF image');
      }
    }
    case 'png': {
      // The last chunk of a whole PNG is IEND.
      const tail = bytes.subarray(Math.max(0, bytes.length - 64));
      if (!tail.includes(Buffer.from('IEND', 'ascii'))) throw damaged('PNG image');
      return 1;
    }
    case 'jpeg': {
      // A whole JPEG ends with the End Of Image marker (FF D9), sometimes followed by padding.
      const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
      if (!tail.includes(Buffer.from([0xff, 0xd9]))) throw damaged('JPEG image');
      return 1;
    }
  }
}
