import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertStorageKey, DocumentFileMissingError, type DocumentStore } from './document-store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, R2, s3rver...); AWS when absent. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. "portal/"; lets one bucket serve several deployments. */
  prefix?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Documents in an S3-compatible object store. Keys are the same as the file store's. */
export class S3DocumentStore implements DocumentStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(options: S3StoreOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only where the service requires them: otherwise a streamed body is sent with
      // aws-chunked checksum framing that S3-compatible servers may store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.credentials) config.credentials = options.credentials;
    this.#client = new S3Client(config);
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ?? '';
  }

  #key(key: string): string {
    assertStorageKey(key);
    return `${this.#prefix}${key}`;
  }

  async put(key: string, body: Readable | Buffer, contentType: string, size?: number) {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#key(key),
        Body: body,
        ContentType: contentType,
        ...(Buffer.isBuffer(body)
          ? { ContentLength: body.length }
          : size !== undefined
            ? { ContentLength: size }
            : {}),
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }),
      );
      if (!(object.Body instanceof Readable))
        throw new DocumentFileMissingError(`No body for ${key}`);
      return object.Body;
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        throw new DocumentFileMissingError(`No file for ${key}`);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#key(key) }));
  }

  /** Closes the client's sockets (tests, shutdown). */
  close(): void {
    this.#client.destroy();
  }
}
