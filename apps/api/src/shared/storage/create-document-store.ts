import { join } from 'node:path';
import type { Config } from '../../config/env';
import { FileDocumentStore, type DocumentStore } from './document-store';
import { S3DocumentStore } from './s3-document-store';

/** The store the configuration names: files under DATA_DIR/documents, or an S3-compatible bucket. */
export function createDocumentStore(config: Config): DocumentStore {
  if (config.DOCUMENT_STORE === 's3') {
    return new S3DocumentStore({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? {
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    });
  }
  return new FileDocumentStore(join(config.dataDir, 'documents'));
}
