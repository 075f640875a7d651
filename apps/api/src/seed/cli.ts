import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import {
  DEFAULT_BULK_THRESHOLD,
  DEFAULT_SEED,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoWorld,
  SEQUENCE_SCRIPT,
} from './demo-world';
import { MAX_LANES } from './bulk-freight';
import { seedHistory } from './bulk-history';
import { ensureReferenceData } from './reference-data';
import { resetDemoData } from './reset';
import { loadConfig } from '../config/env';
import { createDocumentStore } from '../shared/storage/create-document-store';

// npm run seed -- --shipments N [--seed S] [--reset] [--bulk-threshold N] [--tenders N] [--cases N]

const USAGE =
  'Usage: npm run seed -- --shipments N [--seed S] [--reset] [--bulk-threshold N] [--tenders N] [--cases N]\n' +
  '       npm run seed -- --tenders N --cases N   (an already seeded world: adds history up to N)';

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.replace(/_/g, '')))
    throw new Error(`--${name} must be a whole number (got "${text}")\n${USAGE}`);
  return Number(text.replace(/_/g, ''));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const print = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      shipments: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'bulk-threshold': { type: 'string' },
      tenders: { type: 'string' },
      cases: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    print(USAGE);
    return;
  }
  const shipments = positiveInteger('shipments', values.shipments, 2000);
  const seed = positiveInteger('seed', values.seed, DEFAULT_SEED);
  const bulkThreshold = positiveInteger(
    'bulk-threshold',
    values['bulk-threshold'],
    DEFAULT_BULK_THRESHOLD,
  );
  const history = {
    tenders:
      values.tenders === undefined ? undefined : positiveInteger('tenders', values.tenders, 0),
    cases: values.cases === undefined ? undefined : positiveInteger('cases', values.cases, 0),
    seed,
  };
  const historyOnly =
    values.shipments === undefined &&
    (history.tenders !== undefined || history.cases !== undefined);
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  // Seeding empties and fills tables and restarts sequences: the schema owner's work (decision 185).
  const url = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;
  const started = performance.now();
  const loadAverageStart = loadavg()[0]!;
  const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const stepStarted = performance.now();
    const result = await work();
    print(`  ${label.padEnd(40)} ${seconds(performance.now() - stepStarted)}`);
    return result;
  };

  print(`Seeding the demo world: ${shipments.toLocaleString('en-US')} shipments, seed ${seed}`);
  print(
    `  database: ${url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(dataDir, 'pglite')}`}`,
  );
  const db = await openDatabase({ url, dataDir: join(dataDir, 'pglite'), poolSize: MAX_LANES + 1 });
  try {
    await step('migrations', () => migrate(db));
    await step('reference data', () => ensureReferenceData(db, { info: () => undefined }));
    const existing = await db.system((tx) =>
      tx.selectFrom('companies').select('id').limit(1).executeTakeFirst(),
    );
    if (existing && historyOnly && !values.reset) {
      const added = await step('tender and case history', async () => {
        // New tenders and cases take their numbers from the sequences: past every number in use.
        await db.execScript(SEQUENCE_SCRIPT);
        return seedHistory(db, { ...history, now: new Date() });
      });
      print(
        `Done in ${seconds(performance.now() - started)}: ${added.tenders.toLocaleString('en-US')} tenders and ${added.cases.toLocaleString('en-US')} cases added.`,
      );
      return;
    }
    if (existing) {
      if (!values.reset) {
        process.stderr.write(
          'The database already has data. Run again with --reset to empty every business table (postal codes, ' +
            'migrations and signing keys stay) and remove the document files, then seed.\n',
        );
        process.exitCode = 2;
        return;
      }
      await step('reset', () => resetDemoData(db, dataDir));
    } else if (values.reset) {
      await step('reset (document files)', () => resetDemoData(db, dataDir));
    }
    // Document files go where the server will read them: the configured S3-compatible store, or
    // DATA_DIR/documents.
    const store =
      process.env.DOCUMENT_STORE === 's3' ? createDocumentStore(loadConfig()) : undefined;
    const result = await seedDemoWorld(db, {
      shipments,
      seed,
      dataDir,
      bulkThreshold,
      history,
      ...(store ? { store } : {}),
      logger: {
        info: (object, message) => {
          if ('phase' in object) return;
          print(`    ${message.replace(/^seed: /, '')}`);
        },
      },
    });
    for (const phase of result.phases) print(`  ${phase.name.padEnd(40)} ${seconds(phase.ms)}`);
    const elapsedMs = performance.now() - started;
    // Kept beside the world, so that `npm run bench` reports how long this world took to seed.
    await db.system((tx) =>
      tx
        .insertInto('seedRuns')
        .values({
          shipments,
          seconds: Math.round(elapsedMs / 100) / 10,
          historyTenders: result.history.tenders,
          historyCases: result.history.cases,
          historySeconds: Math.round(result.history.ms / 100) / 10,
          loadAverageStart,
          loadAverageEnd: loadavg()[0]!,
          engine: db.engine,
        })
        .execute(),
    );
    print(
      `Done in ${seconds(elapsedMs)} (load average ${loadAverageStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end): ${result.detailedShipments.toLocaleString('en-US')} detailed and ${result.bulkShipments.toLocaleString('en-US')} bulk shipments, ${result.documents} document files.`,
    );
    print(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      print(`  ${account.email.padEnd(22)} ${account.description}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
