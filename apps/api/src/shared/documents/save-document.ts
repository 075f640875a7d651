import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Insertable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Documents } from '../../db/schema.generated';
import { newStorageKey, type DocumentStore } from '../storage/document-store';

export interface NewDocument extends Omit<
  Insertable<Documents>,
  'id' | 'storageKey' | 'sha256' | 'sizeBytes' | 'createdAt' | 'deletedAt'
> {
  bytes: Buffer;
}

/** A file already in the store, waiting for its row. */
export interface StoredDocumentFile {
  id: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Puts a document's bytes in the store under a fresh id. Used outside any transaction for uploads,
 * so a slow store never holds a database connection; the caller removes the file again
 * (discardStoredFile) when its row is not written.
 */
export async function storeDocumentFile(
  store: DocumentStore,
  companyId: string,
  contentType: string,
  source: { bytes: Buffer } | { open(): Readable; size: number; sha256: string },
): Promise<StoredDocumentFile> {
  const id = randomUUID();
  const storageKey = newStorageKey(companyId, id);
  if ('bytes' in source) {
    await store.put(storageKey, source.bytes, contentType);
    return {
      id,
      storageKey,
      sizeBytes: source.bytes.length,
      sha256: createHash('sha256').update(source.bytes).digest('hex'),
    };
  }
  await store.put(storageKey, source.open(), contentType, source.size);
  return { id, storageKey, sizeBytes: source.size, sha256: source.sha256 };
}

export async function discardStoredFile(store: DocumentStore, file: StoredDocumentFile) {
  await store.delete(file.storageKey);
}

/** Writes the row for a stored file in the caller's transaction. */
export function insertDocumentRow(
  tx: Tx,
  file: StoredDocumentFile,
  row: Omit<NewDocument, 'bytes'>,
) {
  return tx
    .insertInto('documents')
    .values({
      ...row,
      id: file.id,
      storageKey: file.storageKey,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stores a document's bytes and records its row in the caller's transaction. The file is written
 * first; when the row cannot be written the file is removed, so neither is left without the other.
 * (Used by features that generate documents, such as bills of lading and rate confirmations.)
 */
export async function saveDocument(tx: Tx, store: DocumentStore, document: NewDocument) {
  const { bytes, ...row } = document;
  const file = await storeDocumentFile(store, row.companyId, row.contentType, { bytes });
  try {
    return await insertDocumentRow(tx, file, row);
  } catch (error) {
    await discardStoredFile(store, file);
    throw error;
  }
}
