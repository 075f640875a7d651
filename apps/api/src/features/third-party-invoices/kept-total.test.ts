import { ShipmentStatus } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makeTestWorld, type TestWorld } from '../../../test/world';
import type { Tx } from '../../db/database';
import { makeShipment } from '../../seed/factories';
import { makeThirdPartyInvoice } from '../../seed/invoice-factories';

// The list's total of auditable invoices is kept by the database (migration 0214, decision 265):
// after every kind of write it must equal the invoices counted in the table, for each party that
// reads the list, with and without a status.

let t: TestApp;
let world: TestWorld;
const ids: Record<string, string> = {};

const STATUSES = ['DRAFT', 'RECEIVED', 'SETTLED', 'PAID_IN_FULL'] as const;
type Party = 'carrierCompanyId' | 'factoringCompanyId' | 'operatorCompanyId';

let shipmentNumber = 7_710_000;
async function makeInvoice(
  tx: Tx,
  key: string,
  fields: {
    carrier: 'carrier' | 'otherCarrier';
    settings: boolean;
    factored?: boolean;
    status: string;
  },
) {
  const carrierId = world[fields.carrier].id;
  const made = await makeShipment(tx, {
    operatorCompanyId: world.operator.id,
    customerCompanyId: world.customer.id,
    carrierCompanyId: carrierId,
    status: ShipmentStatus.Delivered,
    shipment: { shipmentNumber: String((shipmentNumber += 1)) },
  });
  const { invoice } = await makeThirdPartyInvoice(tx, {
    made,
    carrierCompanyId: carrierId,
    factoringCompanyId: fields.factored ? world.factoring.id : null,
    withBillingSettings: fields.settings,
    invoice: { invoiceNumber: `TK${shipmentNumber}`, status: fields.status },
  });
  ids[key] = invoice.id;
}

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
  await t.db.system(async (tx) => {
    await makeInvoice(tx, 'A', { carrier: 'carrier', settings: true, status: 'DRAFT' });
    await makeInvoice(tx, 'B', {
      carrier: 'carrier',
      settings: true,
      factored: true,
      status: 'RECEIVED',
    });
    await makeInvoice(tx, 'C', { carrier: 'carrier', settings: false, status: 'DRAFT' });
    await makeInvoice(tx, 'D', { carrier: 'otherCarrier', settings: true, status: 'DRAFT' });
  });
});

afterAll(() => t.close());

/** The list's total for a user, from a page of cards and from a count alone (pageSize 0). */
async function totals(user: { id: string; companyId: string }, status?: string) {
  const answers = [];
  for (const pageSize of [50, 0]) {
    const query = new URLSearchParams({ pageSize: String(pageSize) });
    if (status) query.set('status', status);
    const response = await t.injectAs(user, {
      method: 'GET',
      url: `/api/v1/third_party_payer_invoices?${query.toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    answers.push(response.json<{ totalCount: number }>().totalCount);
  }
  return answers;
}

/** The auditable invoices of a party counted in the table. */
async function counted(party: Party, companyId: string, status?: string) {
  const row = await t.db.system((tx) => {
    let query = tx
      .selectFrom('thirdPartyInvoices')
      .where(party, '=', companyId)
      .where('billingSettingsId', 'is not', null);
    if (status) query = query.where('status', '=', status);
    return query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  });
  return Number(row.count);
}

async function expectTotalsAsCounted() {
  const readers: [{ id: string; companyId: string }, Party][] = [
    [world.users.carrierUser, 'carrierCompanyId'],
    [world.users.otherCarrierUser, 'carrierCompanyId'],
    [world.users.factoringUser, 'factoringCompanyId'],
    [world.users.operatorUser, 'operatorCompanyId'],
  ];
  for (const [user, party] of readers) {
    for (const status of [undefined, ...STATUSES]) {
      const expected = await counted(party, user.companyId, status);
      expect(await totals(user, status), `${party} ${status ?? 'any status'}`).toEqual([
        expected,
        expected,
      ]);
    }
  }
}

const update = (change: (tx: Tx) => Promise<unknown>) => t.db.system(change);

describe('the third-party invoice list’s kept total', () => {
  it('counts the auditable invoices each party sees, as the table does', async () => {
    expect(await totals(world.users.carrierUser)).toEqual([
      await counted('carrierCompanyId', world.carrier.id),
      await counted('carrierCompanyId', world.carrier.id),
    ]);
    expect(await counted('carrierCompanyId', world.carrier.id)).toBeGreaterThanOrEqual(2);
    await expectTotalsAsCounted();
  });

  it('follows a change of status, of billing settings and of factoring company', async () => {
    await update((tx) =>
      tx
        .updateTable('thirdPartyInvoices')
        .set({ status: 'RECEIVED' })
        .where('id', '=', ids.A!)
        .execute(),
    );
    await expectTotalsAsCounted();
    await update((tx) =>
      tx
        .updateTable('thirdPartyInvoices')
        .set({
          billingSettingsId: sql`(select billing_settings_id from third_party_invoices where id = ${ids.B!})`,
        })
        .where('id', '=', ids.C!)
        .execute(),
    );
    await expectTotalsAsCounted();
    await update(async (tx) => {
      await tx
        .updateTable('thirdPartyInvoices')
        .set({ factoringCompanyId: null })
        .where('id', '=', ids.B!)
        .execute();
      await tx
        .updateTable('thirdPartyInvoices')
        .set({ factoringCompanyId: world.factoring.id })
        .where('id', '=', ids.A!)
        .execute();
    });
    await expectTotalsAsCounted();
    await update((tx) =>
      tx
        .updateTable('thirdPartyInvoices')
        .set({ billingSettingsId: null })
        .where('id', '=', ids.D!)
        .execute(),
    );
    await expectTotalsAsCounted();
  });

  it('follows a statement that changes many invoices, a new invoice and a deleted one', async () => {
    await update((tx) =>
      tx
        .updateTable('thirdPartyInvoices')
        .set({ status: 'SETTLED' })
        .where('carrierCompanyId', '=', world.carrier.id)
        .execute(),
    );
    await expectTotalsAsCounted();
    await update((tx) =>
      makeInvoice(tx, 'E', { carrier: 'carrier', settings: true, factored: true, status: 'DRAFT' }),
    );
    await expectTotalsAsCounted();
    await update((tx) =>
      tx.deleteFrom('thirdPartyInvoices').where('id', 'in', [ids.E!, ids.B!]).execute(),
    );
    await expectTotalsAsCounted();
  });
});
