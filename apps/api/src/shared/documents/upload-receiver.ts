import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileProblem } from './file-inspection';

/** An upload held on local disk until it has been checked and handed to the document store. */
export interface ReceivedFile {
  path: string;
  size: number;
  sha256: string;
  /** A fresh stream of the bytes. */
  open(): Readable;
  /** Removes the temporary file; safe to call twice. */
  discard(): Promise<void>;
}

export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError';
}

const uploadsDir = join(tmpdir(), 'portal-uploads');

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function tooLarge(name: string, maxBytes: number, field = 'file') {
  return fileProblem(413, field, `The file "${name}" is larger than ${formatBytes(maxBytes)}`);
}

/**
 * Streams an upload to a temporary file, hashing it on the way and stopping as soon as it passes
 * the limit: a file too large is never read to its end nor kept.
 */
export async function receiveUpload(
  source: Readable,
  options: { maxBytes: number; name: string; field?: string },
): Promise<ReceivedFile> {
  await mkdir(uploadsDir, { recursive: true });
  const path = join(uploadsDir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(new UploadTooLargeError());
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const discard = () => rm(path, { force: true });
  try {
    await pipeline(source, meter, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await discard();
    if (error instanceof UploadTooLargeError) {
      source.resume();
      throw tooLarge(options.name, options.maxBytes, options.field);
    }
    throw error;
  }
  return {
    path,
    size,
    sha256: hash.digest('hex'),
    open: () => createReadStream(path),
    discard,
  };
}
