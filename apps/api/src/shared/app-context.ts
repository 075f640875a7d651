import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import { createIdentityServices, type IdentityServices } from './auth/identity-services';
import { loadKeySet, type KeySet } from './auth/key-set';
import { tokenService, type TokenService } from './auth/tokens';
import { configureFileInspection } from './documents/file-inspection';
import { createMailer, type Mailer } from './email/mailer';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import type { DocumentStore } from './storage/document-store';

/** What every feature may use: built once at start (server.ts) or per test file. */
export interface AppContext {
  readonly config: Config;
  readonly db: Database;
  readonly keys: KeySet;
  readonly tokens: TokenService;
  /** Where document files live (DATA_DIR/documents by default). */
  readonly documents: DocumentStore;
  /** E-mail: SMTP when configured, otherwise the outbox table (and the log). */
  readonly mailer: Mailer;
  /** Sessions of the browser and the counters that slow down password guessing. */
  readonly identity: IdentityServices;
  readonly lifecycle: { shuttingDown: boolean };
  /** Background jobs (pg-boss in the same database); handlers run where `startWorking` was called. */
  readonly jobs: JobQueue;
  /** The process's logger (silent in tests), for work outside a request. */
  readonly logger: FastifyBaseLogger;
}

/** Builds the context from configuration and an open database (server start, each test file). */
export async function createAppContext(options: {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  documents: DocumentStore;
}): Promise<AppContext> {
  const { config, db, logger } = options;
  const keys = await loadKeySet(db, config.APP_SECRET);
  configureFileInspection({ timeoutMs: config.UPLOAD_CHECK_TIMEOUT_MS });
  return {
    config,
    db,
    keys,
    tokens: tokenService(keys, config.PUBLIC_URL),
    documents: options.documents,
    mailer: createMailer(db, {
      smtpUrl: config.SMTP_URL,
      from: config.SMTP_FROM,
      logBodies: config.APP_ENV === 'local',
      logger,
    }),
    identity: createIdentityServices(db, config),
    lifecycle: { shuttingDown: false },
    jobs: createJobQueue(db, logger),
    logger,
  };
}
