import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { FileDocumentStore, type DocumentStore } from '../shared/storage/document-store';
import { MAX_LANES, seedBulkShipments, type BulkParties } from './bulk-freight';
import { seedHistory } from './bulk-history';
import { writeCases } from './demo-cases';
import type { WorldContext } from './demo-context';
import { buildDemoFiles } from './demo-files';
import { planShipments, writeLineItemConfirmations, writeShipments } from './demo-freight';
import { writeOpenBrokerOrders } from './demo-orders';
import {
  planTrips,
  writeBrokerLtlRates,
  writeLanesAndPostings,
  writeMarket,
  writeRatesAndQuotes,
} from './demo-market';
import { writeApInvoices, writeThirdPartyInvoices } from './demo-money';
import { writeDocuments, writeNotes, writeUserSettings, type PendingFile } from './demo-paperwork';
import { buildParties, DEMO_PASSWORD } from './demo-parties';
import { HOUR, loadHubPlaces } from './demo-places';
import { acceptCurrentAccessTerms, cachedPasswordHash } from './factories';
import { SeededRandom } from './random';
import { RowSink } from './row-sink';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-parties';

export interface SeedLogger {
  info(object: object, message: string): void;
}

export interface SeedOptions {
  /** How many shipments the world has. */
  shipments: number;
  /** The same seed builds the same world. Default 42. */
  seed?: number;
  /** Document files go to `${dataDir}/documents`, unless a store is given. */
  dataDir: string;
  /** The configured document store (an S3-compatible bucket, for example). */
  store?: DocumentStore;
  logger?: SeedLogger;
  /**
   * Shipments up to this count are built one by one with their whole story; the rest are
   * generated in set-based SQL (default 5,000).
   */
  bulkThreshold?: number;
  /** The moment the world is built around (default: now, to the hour). */
  now?: Date;
  /** Tenders and cases the world should hold at least (benchmark worlds, issues 11 and 12). */
  history?: { tenders?: number | undefined; cases?: number | undefined };
}

export interface SeedPhase {
  name: string;
  ms: number;
}

export interface SeedResult {
  shipments: number;
  detailedShipments: number;
  bulkShipments: number;
  documents: number;
  rows: number;
  phases: SeedPhase[];
  /** The tenders and cases the history added in the same run, and how long it took (0 when none). */
  history: { tenders: number; cases: number; ms: number };
}

export const DEFAULT_SEED = 42;
export const DEFAULT_BULK_THRESHOLD = 5_000;

const silent: SeedLogger = { info: () => undefined };

async function writeFiles(store: DocumentStore, pending: readonly PendingFile[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const item = pending[next++]!;
      await store.put(item.key, item.file.bytes, item.file.contentType);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** Builds the demo world into an empty database (see docs/demo-world.md). */
export async function seedDemoWorld(db: Database, options: SeedOptions): Promise<SeedResult> {
  const logger = options.logger ?? silent;
  const seed = options.seed ?? DEFAULT_SEED;
  const total = Math.max(0, Math.floor(options.shipments));
  const detailed = Math.min(total, Math.max(0, options.bulkThreshold ?? DEFAULT_BULK_THRESHOLD));
  const bulk = total - detailed;
  const now = options.now ?? new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const phases: SeedPhase[] = [];
  const phase = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const ms = Math.round(performance.now() - started);
    phases.push({ name, ms });
    logger.info({ phase: name, ms }, `seed: ${name} done in ${(ms / 1000).toFixed(1)} s`);
    return result;
  };

  const sink = new RowSink();
  const random = new SeededRandom(seed);
  const { pending, bulkParties } = await phase('detailed world (in memory)', async () => {
    const places = await db.system((tx) => loadHubPlaces(tx));
    const ctx: WorldContext = {
      random,
      ids: random.fork('ids'),
      sink,
      now,
      passwordHash: await cachedPasswordHash(DEMO_PASSWORD),
      places,
      placeList: [...places.values()],
    };
    const parties = buildParties(ctx);
    const plans = planShipments(ctx, parties, detailed);
    planTrips(ctx, parties, plans);
    writeShipments(ctx, parties, plans);
    writeLineItemConfirmations(ctx, plans, parties.demoCarrier.id);
    const tenders = writeMarket(ctx, parties, plans);
    writeRatesAndQuotes(ctx, parties, plans);
    writeLanesAndPostings(ctx, parties);
    const cases = writeCases(ctx, parties, plans);
    const { invoices, payments } = writeApInvoices(ctx, parties, plans, cases);
    const thirdPartyInvoices = writeThirdPartyInvoices(ctx, parties, plans, cases);
    const files = await buildDemoFiles(random.fork('files'));
    const input = { parties, plans, cases, apInvoices: invoices, thirdPartyInvoices, files };
    const pending = await writeDocuments(ctx, input);
    writeNotes(ctx, input);
    writeUserSettings(ctx, { ...input, tenders, payments });
    writeOpenBrokerOrders(ctx, parties, 5_000_001 + plans.length);
    writeBrokerLtlRates(ctx, parties);
    const bulkParties: BulkParties = {
      operatorId: parties.operator.id,
      demoCarrierId: parties.demoCarrier.id,
      otherCarrierId: parties.otherCarrier.id,
      customers: parties.customers.map((customer) => ({
        id: customer.id,
        weight: customer.weight,
      })),
      carriers: parties.carriers
        .filter((carrier) => carrier.bookable || carrier === parties.demoCarrier)
        .map((carrier) => ({ id: carrier.id })),
      places: ctx.placeList,
    };
    return { pending, bulkParties };
  });

  await phase(`document files (${pending.length})`, () =>
    writeFiles(options.store ?? new FileDocumentStore(join(options.dataDir, 'documents')), pending),
  );
  const rows = sink.total();
  await phase(`detailed world rows (${rows})`, () => db.system((tx) => sink.write(tx)));
  // Every demo user with portal access has accepted the access terms in force.
  await phase('access terms accepted', () =>
    db.system((tx) => acceptCurrentAccessTerms(tx, undefined, now)),
  );

  if (bulk > 0) {
    await phase(`bulk shipments (${bulk})`, () =>
      seedBulkShipments(db, { count: bulk, seed, now, parties: bulkParties, logger }),
    );
  }
  let history: SeedResult['history'] = { tenders: 0, cases: 0, ms: 0 };
  if (options.history?.tenders || options.history?.cases) {
    const wanted = options.history;
    const added = await phase('tender and case history', async () => {
      // The history takes its tender and case numbers from the sequences: past the bulk load's first.
      await db.execScript(SEQUENCE_SCRIPT);
      return seedHistory(db, { ...wanted, seed, now });
    });
    history = { ...added, ms: phases.at(-1)!.ms };
  }
  await phase('sequences and statistics', async () => {
    await db.execScript(SEQUENCE_SCRIPT);
    // After a bulk load, as a database in use would be: vacuumed, so that the visibility map lets
    // counts and lists read their indexes alone instead of visiting every row's page.
    if (bulk > 0) await vacuumAnalyze(db);
    else await db.execScript('analyze');
  });
  return {
    shipments: total,
    detailedShipments: detailed,
    bulkShipments: bulk,
    documents: pending.length,
    rows,
    phases,
    history,
  };
}

/**
 * `vacuum analyze` of every table, the largest first, on as many connections at once as the bulk load
 * used (each vacuum is a script on a connection of its own on PostgreSQL).
 */
async function vacuumAnalyze(db: Database) {
  if (db.engine !== 'postgres') return db.execScript('vacuum analyze');
  const { rows } = await sql<{ name: string }>`
    select quote_ident(relname) as name from pg_class
     where relkind = 'r' and relnamespace = 'public'::regnamespace
     order by pg_relation_size(oid) desc`.execute(db.owner);
  const lanes = Math.max(1, Math.min(MAX_LANES, availableParallelism()));
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let index = next++; index < rows.length; index = next++)
        await db.execScript(`vacuum analyze ${rows[index]!.name}`);
    }),
  );
}

// Numbers were written explicitly; each sequence moves past the highest one in use.
const SEQUENCES: readonly (readonly [string, string, string])[] = [
  ['company_number_seq', 'companies', 'company_number'],
  ['order_number_seq', 'orders', 'order_number'],
  ['shipment_number_seq', 'shipments', 'shipment_number'],
  ['tender_number_seq', 'tenders', 'tender_number'],
  ['quote_number_seq', 'quotes', 'quote_number'],
  ['case_number_seq', 'cases', 'case_number'],
  ['ap_invoice_number_seq', 'ap_invoices', 'invoice_number'],
  ['third_party_invoice_number_seq', 'third_party_invoices', 'substr(invoice_number, 3)'],
];

export const SEQUENCE_SCRIPT = SEQUENCES.map(
  ([sequence, table, column]) =>
    `select setval('${sequence}', greatest(
       (select coalesce(max((${column})::bigint), 0) from ${table} where (${column}) ~ '^[0-9]{1,18}$'),
       (select last_value from ${sequence})));`,
).join('\n');

/** Seeds the demo world when the database has no companies yet; answers whether it did. */
export async function seedIfEmpty(
  db: Database,
  options: { shipments: number; dataDir: string; logger?: SeedLogger; store?: DocumentStore },
): Promise<boolean> {
  const existing = await db.system((tx) =>
    tx.selectFrom('companies').select('id').limit(1).executeTakeFirst(),
  );
  if (existing) return false;
  const logger = options.logger ?? silent;
  logger.info({ shipments: options.shipments }, 'seeding the demo world');
  const result = await seedDemoWorld(db, {
    shipments: options.shipments,
    dataDir: options.dataDir,
    logger,
    ...(options.store ? { store: options.store } : {}),
  });
  logger.info(
    {
      shipments: result.shipments,
      documents: result.documents,
      ms: result.phases.reduce((sum, item) => sum + item.ms, 0),
    },
    'demo world seeded',
  );
  return true;
}
