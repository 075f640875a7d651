import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { createAppContext, type AppContext } from '../src/shared/app-context';
import { loadConfig } from '../src/config/env';
import type { Database } from '../src/db/database';
import { createDocumentStore } from '../src/shared/storage/create-document-store';
import { FileDocumentStore } from '../src/shared/storage/document-store';
import { S3DocumentStore } from '../src/shared/storage/s3-document-store';
import { mkdtempSync, rmSync } from 'node:fs';
import pino from 'pino';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engine, openTestDatabase, type TestDatabaseOptions } from './database-template';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  engine: typeof engine;
  /** A bearer token for the user, as a script would get it. */
  tokenFor(user: { id: string; companyId: string }): Promise<string>;
  /** Sends a request as the user (bearer token), in process. */
  injectAs(
    user: { id: string; companyId: string },
    options: InjectOptions,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://portal.test';

/** A real app on a fresh database for one test file: call in beforeAll, close in afterAll. */
export async function startTestApp(
  env: Record<string, string> = {},
  database: TestDatabaseOptions = {},
): Promise<TestApp> {
  const { db, dispose } = await openTestDatabase(database);
  const config = loadConfig({
    APP_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: TEST_PUBLIC_URL,
    SEED_ON_FIRST_START: 'false',
    LOG_LEVEL: 'silent',
    // Tests change users and sessions straight in the database and expect the very next request to
    // see it, before PostgreSQL's announcement arrives; the cache's own test turns it on.
    AUTH_CACHE_SECONDS: '0',
    // Tests stand behind a proxy on loopback: their X-Forwarded-For stands for the client's address.
    TRUSTED_PROXIES: '127.0.0.1',
    ...env,
  });
  const documentsDir = mkdtempSync(join(tmpdir(), 'portal-test-documents-'));
  const ctx = await createAppContext({
    config,
    db,
    logger: pino({ level: 'silent' }),
    documents:
      config.DOCUMENT_STORE === 's3'
        ? createDocumentStore(config)
        : new FileDocumentStore(documentsDir),
  });
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  const tokenFor = (user: { id: string; companyId: string }) =>
    ctx.tokens.issue({ userId: user.id, companyId: user.companyId });
  return {
    app,
    ctx,
    db,
    engine,
    tokenFor,
    async injectAs(user, options) {
      const token = await tokenFor(user);
      return app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${token}` },
      });
    },
    async close() {
      await app.close();
      await ctx.jobs.stop();
      await ctx.mailer.close();
      if (ctx.documents instanceof S3DocumentStore) ctx.documents.close();
      await dispose();
      rmSync(documentsDir, { recursive: true, force: true });
    },
  };
}
