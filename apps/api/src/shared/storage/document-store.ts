import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where document files live: a folder by default, an S3-compatible store by configuration. */
export interface DocumentStore {
  /**
   * Stores the bytes under the key; the key is the store's own (see newStorageKey). A stream's
   * length, when known, lets an object store send it without buffering.
   */
  put(key: string, body: Readable | Buffer, contentType: string, size?: number): Promise<void>;
  /** The bytes, or DocumentFileMissingError. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
}

export class DocumentFileMissingError extends Error {
  override name = 'DocumentFileMissingError';
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/-]{0,200}$/;

/** Refuses keys that could step outside the store's own space. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`Invalid storage key: ${key}`);
}

/** Files under a root folder, written to a temporary name and renamed so a reader never sees half a file. */
export class FileDocumentStore implements DocumentStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  #path(key: string): string {
    assertStorageKey(key);
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.partial-${process.pid}-${Date.now()}`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(partial, { flags: 'wx' }),
      );
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.#path(key);
    try {
      await stat(path);
    } catch {
      throw new DocumentFileMissingError(`No file for ${key}`);
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

/** A fresh key: the owning company's folder, then a random name. */
export function newStorageKey(companyId: string, id: string): string {
  return `${companyId}/${id}`;
}
