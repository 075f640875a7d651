import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { startS3Server } from '../../../test/s3-server';
import { createDocumentStore } from './create-document-store';
import { DocumentFileMissingError, FileDocumentStore, type DocumentStore } from './document-store';
import { S3DocumentStore } from './s3-document-store';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: Awaited<ReturnType<typeof startS3Server>>;
let fileRoot: string;
const stores: Record<string, DocumentStore> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  fileRoot = mkdtempSync(join(tmpdir(), 'portal-store-'));
  stores.file = new FileDocumentStore(fileRoot);
  stores.s3 = new S3DocumentStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    prefix: 'tenant-a/',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  (stores.s3 as S3DocumentStore).close();
  await s3.close();
  rmSync(fileRoot, { recursive: true, force: true });
});

describe.each(['file', 's3'])('%s document store', (name) => {
  const store = () => stores[name]!;

  it('keeps a buffer byte for byte', async () => {
    const bytes = randomBytes(70_000);
    await store().put('company-a/doc-1', bytes, 'application/pdf');
    expect(sha(await bytesOf(await store().get('company-a/doc-1')))).toBe(sha(bytes));
  });

  it('keeps a stream of known length byte for byte, without checksum framing', async () => {
    const bytes = randomBytes(300_000);
    const stream = Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]);
    await store().put('company-a/doc-2', stream, 'image/tiff', bytes.length);
    const back = await bytesOf(await store().get('company-a/doc-2'));
    expect(back.length).toBe(bytes.length);
    expect(sha(back)).toBe(sha(bytes));
  });

  it('replaces an object stored again under the same key', async () => {
    await store().put('company-a/doc-3', Buffer.from('first'), 'text/plain');
    await store().put('company-a/doc-3', Buffer.from('second'), 'text/plain');
    expect(await text(await store().get('company-a/doc-3'))).toBe('second');
  });

  it('answers DocumentFileMissingError for a missing key, and after delete', async () => {
    await expect(store().get('company-a/never-stored')).rejects.toBeInstanceOf(
      DocumentFileMissingError,
    );
    await store().put('company-a/doc-4', Buffer.from('bye'), 'text/plain');
    await store().delete('company-a/doc-4');
    await expect(store().get('company-a/doc-4')).rejects.toBeInstanceOf(DocumentFileMissingError);
    // Deleting what is not there is not an error.
    await store().delete('company-a/doc-4');
  });

  it.each(['../escape', 'company/../../etc', '/absolute', 'UPPER/case', 'a//b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /Invalid storage key/,
      );
    },
  );
});

describe('file document store', () => {
  it('leaves no partial file behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(stores.file!.put('company-b/broken', failing, 'application/pdf')).rejects.toThrow(
      'connection reset',
    );
    expect(readdirSync(join(fileRoot, 'company-b'))).toEqual([]);
  });
});

describe('createDocumentStore', () => {
  it('uses files under DATA_DIR/documents by default', () => {
    const config = loadConfig({ DATA_DIR: fileRoot, APP_SECRET: 'x'.repeat(32) });
    const store = createDocumentStore(config);
    expect(store).toBeInstanceOf(FileDocumentStore);
    expect((store as FileDocumentStore).root).toBe(join(fileRoot, 'documents'));
  });

  it('uses the bucket when DOCUMENT_STORE is s3, and stores through it', async () => {
    const config = loadConfig({ DATA_DIR: fileRoot, APP_SECRET: 'x'.repeat(32), ...s3.env });
    const store = createDocumentStore(config);
    expect(store).toBeInstanceOf(S3DocumentStore);
    await store.put('company-c/doc', Buffer.from('in the bucket'), 'text/plain');
    expect(await text(await store.get('company-c/doc'))).toBe('in the bucket');
    // The other store writes under its prefix, so the same key is a different object there.
    await expect(stores.s3!.get('company-c/doc')).rejects.toBeInstanceOf(DocumentFileMissingError);
    (store as S3DocumentStore).close();
  });

  it.each([
    [{ DOCUMENT_STORE: 's3' }, 'S3_BUCKET is required when DOCUMENT_STORE is s3'],
    [{ DOCUMENT_STORE: 'disk' }, 'DOCUMENT_STORE'],
    [{ DOCUMENT_MAX_BYTES: '12' }, 'DOCUMENT_MAX_BYTES'],
    [{ S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT'],
    [
      { DOCUMENT_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'only-the-id' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
  ])('refuses a bad setting %j', (env, message) => {
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(32), DATA_DIR: fileRoot, ...env })).toThrow(
      message,
    );
  });

  it('defaults the upload limit to 25 MB', () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), DATA_DIR: fileRoot }).DOCUMENT_MAX_BYTES).toBe(
      25 * 1024 * 1024,
    );
  });
});
