import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { LOG_REDACTIONS } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/database';
import { registerTenderJobs } from './features/tenders/waterfall-jobs';
import { createAppContext } from './shared/app-context';
import { createDocumentStore } from './shared/storage/create-document-store';
import { warnOfOlderZoneRules } from './shared/zone-rules';

// `npm run worker`: a process that only runs background jobs (automatic tendering), against the same
// PostgreSQL as the API. Start any number of them; pg-boss hands each job to one worker at a time,
// and a job whose worker died is handed to another. The API runs migrations; a worker does not.

async function main() {
  let config;
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
  });
  warnOfOlderZoneRules(logger);
  if (!config.DATABASE_URL) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL: on the embedded database the API process runs the jobs itself.\n',
    );
    process.exit(78);
  }
  const db = await openDatabase({ url: config.DATABASE_URL, poolSize: 4 });
  const ctx = await createAppContext({
    config,
    db,
    logger,
    documents: createDocumentStore(config),
  });
  registerTenderJobs(ctx);
  await ctx.jobs.startWorking();
  logger.info('worker started: running background jobs');
  process.stdout.write('worker ready\n');

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'worker stopping after an error');
    else logger.info({ signal }, 'worker stopping: finishing jobs in progress');
    await ctx.jobs.stop();
    await ctx.mailer.close();
    await db.close();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
