import { open } from 'node:fs/promises';
import { STORED_FILE_FORMATS, type StoredFileFormat } from '@portal/domain';
import { HttpProblem } from '../http/errors';
import { fileExtension } from './file-names';
import { InspectionPool, type InspectionPoolOptions } from './inspection-pool';

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

let sharedPool: InspectionPool | undefined;
let sharedOptions: InspectionPoolOptions = {};

/** The process's inspection workers, started on the first upload. */
export function inspectionPool(): InspectionPool {
  return (sharedPool ??= new InspectionPool(sharedOptions));
}

/** Sets the budgets of the process's inspection workers (from configuration, at start). */
export function configureFileInspection(options: InspectionPoolOptions) {
  sharedOptions = options;
  const previous = sharedPool;
  sharedPool = undefined;
  void previous?.close();
}

/**
 * Checks an upload by its content (file-checks.ts) in an inspection worker, never on the request
 * thread: a hostile file costs its worker time and memory up to a budget, not the server.
 */
export async function inspectFile(
  source: { bytes: Buffer } | { path: string; size: number },
  name: string,
  field = 'file',
  pool: InspectionPool = inspectionPool(),
): Promise<InspectedFile> {
  const size = 'bytes' in source ? source.bytes.length : source.size;
  if (size === 0) throw fileProblem(400, field, `The file "${name}" is empty`);
  // The whole file: a TIFF's directory may sit at its end, after the image data.
  const bytes = 'bytes' in source ? source.bytes : await readWhole(source.path, source.size);

  const outcome = await pool.check(bytes, name);
  if (!outcome.ok) {
    if (outcome.status === 503) {
      throw new HttpProblem(503, 'Service Unavailable', outcome.message, {
        [field]: [outcome.message],
      }).retryAfter(outcome.retryAfterSeconds);
    }
    throw fileProblem(outcome.status, field, outcome.message);
  }
  const rule = STORED_FILE_FORMATS[outcome.format];
  return {
    format: outcome.format,
    contentType: rule.contentType,
    extension: fileExtension(name) || rule.extensions[0]!,
    pageCount: outcome.pageCount,
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
