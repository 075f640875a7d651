import type { Insertable } from 'kysely';
import type { Tx } from '../db/database';
import type { Companies, DB } from '../db/schema.generated';

export type TableName = keyof DB & string;
export type Row<T extends TableName> = Insertable<DB[T]>;

/**
 * Parents before children: the order rows are written in. Ids are made in TypeScript, so the
 * whole detailed world is built in memory first and then written table by table in large
 * multi-row inserts, which is many times faster than a statement per row.
 */
export const WRITE_ORDER: readonly TableName[] = [
  'companies',
  'users',
  'userEmails',
  'userPhones',
  'locations',
  'userLocations',
  'dockSchedules',
  'dockHours',
  'trailers',
  'powerUnits',
  'trips',
  'orders',
  'orderStops',
  'orderLineItems',
  'referenceNumbers',
  'orderRequirements',
  'orderAccessorials',
  'shipments',
  'shipmentStops',
  'stopLineItemConfirmations',
  'shipmentDrivers',
  'trackingActivities',
  'trackingProblems',
  'shipmentHistory',
  'tenderWaterfalls',
  'tenders',
  'tenderWaterfallSteps',
  'offers',
  'rates',
  'quotes',
  'rateRequests',
  'cases',
  'caseInvolvedParties',
  'caseHistory',
  'apInvoices',
  'apInvoiceCharges',
  'payments',
  'paymentApplications',
  'thirdPartyBillingSettings',
  'thirdPartyInvoices',
  'thirdPartyInvoiceCharges',
  'documents',
  'requiredDocuments',
  'notes',
  'noteMentions',
  'savedFilterSets',
  'gridSettings',
  'savedLanes',
  'equipmentPostings',
  'notificationPreferences',
  'notifications',
  'accessRequests',
];

// PostgreSQL allows 65,535 parameters per statement; stay well under it.
const MAX_PARAMETERS = 30_000;

export class RowSink {
  readonly #rows = new Map<TableName, object[]>();

  add<T extends TableName>(table: T, row: Row<T>): Row<T> {
    let rows = this.#rows.get(table);
    if (!rows) {
      rows = [];
      this.#rows.set(table, rows);
    }
    rows.push(row);
    return row;
  }

  count(table: TableName): number {
    return this.#rows.get(table)?.length ?? 0;
  }

  total(): number {
    let total = 0;
    for (const rows of this.#rows.values()) total += rows.length;
    return total;
  }

  async write(tx: Tx): Promise<void> {
    for (const table of this.#rows.keys()) {
      if (!WRITE_ORDER.includes(table)) throw new Error(`No write order for table ${table}`);
    }
    for (const table of WRITE_ORDER) {
      const rows = this.#rows.get(table);
      if (!rows?.length) continue;
      const columns = new Set<string>();
      for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.size));
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        // Each row was checked against its own table's type when it was added.
        await tx
          .insertInto(table as 'companies')
          .values(chunk as Insertable<Companies>[])
          .execute();
      }
    }
    this.#rows.clear();
  }
}
