import closeWithGrace from 'close-with-grace';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp, LOG_REDACTIONS, LOG_SERIALIZERS } from './app';
import { createAppContext } from './shared/app-context';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase } from './db/database';
import { startEmbeddedVacuum } from './db/embedded-vacuum';
import { migrate } from './db/migrate';
import { startIdentityMaintenance } from './shared/auth/maintenance';
import { startRecordingRetention } from './features/session-replays/retention';
import { createDocumentStore } from './shared/storage/create-document-store';
import { ensureReferenceData } from './seed/reference-data';
import { seedIfEmpty, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-world';
import { warnOfDatabaseZoneRules } from './shared/database-zone-rules';
import { warnOfOlderZoneRules } from './shared/zone-rules';

// The advisory lock of the first start's one-off work (migrations hold 727274, the key set 727275).
const FIRST_START_LOCK = 727276;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = pino({
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACTIONS, censor: '[redacted]' },
    serializers: LOG_SERIALIZERS,
  });
  warnOfOlderZoneRules(logger);

  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  // Schema changes and first-start data go through the owner's connection when it has its own URL
  // (decision 185); requests and jobs never hold the owner's rights.
  const owner = config.MIGRATION_DATABASE_URL
    ? await openDatabase({ url: config.MIGRATION_DATABASE_URL, poolSize: 2 })
    : db;
  const documents = createDocumentStore(config);
  let seeded: boolean;
  try {
    const applied = await migrate(owner);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    // API nodes starting together on an empty database: one loads the reference data and the demo
    // world while the others wait, then find them there.
    seeded = await owner.exclusively(FIRST_START_LOCK, async () => {
      await ensureReferenceData(owner, logger);
      if (!config.SEED_ON_FIRST_START) return false;
      return seedIfEmpty(owner, {
        shipments: config.SEED_SHIPMENTS,
        dataDir: config.dataDir,
        logger,
        store: documents,
      });
    });
  } finally {
    if (owner !== db) await owner.close();
  }
  await warnOfDatabaseZoneRules(db, logger);
  const ctx = await createAppContext({ config, db, logger, documents });

  const app = await buildApp(ctx, { logger });
  ctx.mailer.start();
  // On the embedded default the job queue works inside this process; in production `npm run worker`.
  if (config.jobsInProcess) await ctx.jobs.startWorking();
  const maintenance = startIdentityMaintenance(db, logger);
  const recordingRetention = startRecordingRetention(db, logger);
  // PGlite has no autovacuum of its own (decision 254).
  const embeddedVacuum = db.engine === 'pglite' ? startEmbeddedVacuum(db, logger) : undefined;
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    else logger.info({ signal }, 'shutting down: finishing in-flight requests');
    ctx.lifecycle.shuttingDown = true;
    maintenance.stop();
    recordingRetention.stop();
    await app.close();
    await ctx.jobs.stop();
    await ctx.mailer.close();
    await embeddedVacuum?.stop();
    await db.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL;
  const lines = [
    '',
    `Carrier Portal is running at ${url}`,
    `  database: ${db.engine === 'pglite' ? `PGlite (embedded) in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API documentation: ${url}/api/docs`,
    `  sign-in: ${ctx.config.oidcBuiltIn ? `built-in OpenID provider at ${ctx.config.OIDC_ISSUER_URL}` : `OpenID issuer ${ctx.config.OIDC_ISSUER_URL}`}`,
    `  background jobs: ${config.jobsInProcess ? 'in this process' : 'in `npm run worker` processes'}`,
    `  e-mail: ${ctx.mailer.mode === 'smtp' ? 'SMTP (SMTP_URL)' : 'kept in the outbox (admins read it at /api/v1/admin/email_outbox)'}`,
    seeded ? '  demo world: created on this first start' : '  demo world: already present',
    `  demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(24)} ${account.description}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Carrier Portal failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
