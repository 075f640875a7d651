import {
  CASE_RESOLUTION_TYPES,
  CASE_STATUSES,
  caseStatusGroup,
  type CaseStatus,
  type CaseResolutionType,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { makePaperworkWorld, type PaperworkWorld } from '../../../test/paperwork-world';

let t: TestApp;
let w: PaperworkWorld;

beforeAll(async () => {
  t = await startTestApp();
  w = await makePaperworkWorld(t.db);
});
afterAll(() => t.close());

type User = { id: string; companyId: string };
const get = (user: User, url: string) => t.injectAs(user, { method: 'GET', url });
const post = (user: User, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.injectAs(user, { method: 'POST', url, payload: payload as object, headers });
const countCases = async () =>
  Number(
    (
      await t.db.system((tx) =>
        tx
          .selectFrom('cases')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );
const lumper = (shipmentId: string, amountRequested: number = 180) => ({
  shipmentId,
  caseType: 'Lumper',
  amountRequested,
  description: 'Receiver required a lumper; the receipt is attached.',
});

describe('status_group column', () => {
  it('collapses every stored status and resolution as the domain does', async () => {
    const rows = await t.db.system(async (tx) => {
      const made: { status: string; resolutionType: string; statusGroup: string | null }[] = [];
      for (const status of CASE_STATUSES)
        for (const resolutionType of CASE_RESOLUTION_TYPES) {
          const row = await tx
            .insertInto('cases')
            .values({ caseType: 'Other', subject: 'collapse check', status, resolutionType })
            .returning(['status', 'resolutionType', 'statusGroup'])
            .executeTakeFirstOrThrow();
          made.push(row);
        }
      await tx.deleteFrom('cases').where('subject', '=', 'collapse check').execute();
      return made;
    });
    expect(rows).toHaveLength(CASE_STATUSES.length * CASE_RESOLUTION_TYPES.length);
    for (const row of rows)
      expect(row.statusGroup, `${row.status}/${row.resolutionType}`).toBe(
        caseStatusGroup({
          status: row.status as CaseStatus,
          resolutionType: row.resolutionType as CaseResolutionType,
        }),
      );
  });
});

describe('GET /api/v2/cases', () => {
  it("lists only the cases the caller's company is involved in, 0-based pages of 50", async () => {
    const response = await get(w.users.carrierUser, '/api/v2/cases');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 0, pageSize: 50 });
    const numbers = body.data.map((item: { caseNumber: string }) => item.caseNumber);
    expect(numbers).toContain(w.accessorial.caseNumber);
    expect(numbers).not.toContain(w.otherCase.caseNumber);
    expect(body.data.find((item: { id: string }) => item.id === w.accessorial.id)).toMatchObject({
      caseType: 'Detention',
      statusDescription: 'In Progress',
      amountRequested: 150,
      carrier: { id: w.carrier.id, name: 'Prairie Haulers' },
      customer: { id: w.customer.id, name: 'Acme Shippers' },
      shipment: { shipmentNumber: w.delivered.shipment.shipmentNumber },
    });
    const other = await get(w.users.otherCarrierUser, '/api/v2/cases');
    expect(other.json().data.map((item: { id: string }) => item.id)).toEqual([w.otherCase.id]);
  });

  it('filters by every group of the case filter and searches', async () => {
    const ids = async (query: string) =>
      (await get(w.users.carrierUser, `/api/v2/cases?${query}`))
        .json()
        .data.map((item: { id: string }) => item.id);
    expect(await ids('caseTypes=Detention,Lumper')).toContain(w.accessorial.id);
    expect(await ids('caseTypes=Lumper')).not.toContain(w.accessorial.id);
    expect(await ids('statusGroups=InProgress')).toContain(w.accessorial.id);
    expect(await ids('statusGroups=New&statusGroups=Resolved')).not.toContain(w.accessorial.id);
    expect(await ids('caseStatuses=InProgress')).toContain(w.accessorial.id);
    expect(await ids('caseSources=Email')).not.toContain(w.accessorial.id);
    expect(await ids(`shipmentId=${w.delivered.shipment.id}`)).toContain(w.accessorial.id);
    expect(await ids(`shipmentId=${w.delivered.shipment.shipmentNumber}`)).toContain(
      w.accessorial.id,
    );
    expect(await ids(`shipmentId=${w.other.shipment.id}`)).toEqual([]);
    expect(await ids(`shipmentId=${w.other.shipment.shipmentNumber}`)).toEqual([]);
    expect(await ids(`orderId=${w.delivered.order.id}`)).toContain(w.accessorial.id);
    expect(await ids(`involvedPartyIds=${w.customer.id}`)).toContain(w.accessorial.id);
    expect(await ids(`customerIds=${w.customer.id}`)).toContain(w.accessorial.id);
    expect(await ids(`carrierIds=${w.otherCarrier.id}`)).toEqual([]);
    expect(await ids(`assignees=${w.users.operatorUser.id}`)).toEqual([]);
    expect(await ids('unassignedOnly=true&activeOnly=true')).toContain(w.accessorial.id);
    expect(await ids('casePriority=Urgent')).not.toContain(w.accessorial.id);
    expect(await ids('followUpTimeRange=Today')).toEqual([]);
    expect(await ids('incidentFromDate=2001-01-01&incidentToDate=2001-01-31')).toEqual([]);
    expect(await ids(`search=${w.accessorial.caseNumber}`)).toEqual([w.accessorial.id]);
    expect(await ids(`search=${w.delivered.shipment.shipmentNumber}`)).toContain(w.accessorial.id);
    expect(await ids('search=dallas')).toContain(w.accessorial.id);
    expect(await ids('search=nothing%20like%20this')).toEqual([]);
    expect(await ids('sort=amountRequested:desc&pageSize=1&page=0')).toHaveLength(1);
  });

  it('refuses a filter value out of range with 400 naming the field', async () => {
    const fieldsOf = async (query: string) => {
      const response = await get(w.users.carrierUser, `/api/v2/cases?${query}`);
      expect(response.statusCode, query).toBe(400);
      return Object.keys(response.json().errors).join(',');
    };
    expect(await fieldsOf('pageSize=500')).toContain('pageSize');
    expect(await fieldsOf('page=-1')).toContain('page');
    expect(await fieldsOf('caseTypes=Teleport')).toContain('caseTypes');
    expect(await fieldsOf('statusGroups=Lost')).toContain('statusGroups');
    expect(await fieldsOf('casePriority=Whenever')).toContain('casePriority');
    expect(await fieldsOf('carrierIds=not-an-id')).toContain('carrierIds');
    expect(await fieldsOf('incidentFromDate=yesterday')).toContain('incidentFromDate');
    expect(await fieldsOf('sort=price')).toContain('sort');
    expect(await fieldsOf('incidentFromDate=2026-02-02&incidentToDate=2026-02-01')).toBe(
      'incidentToDate',
    );
    expect(await fieldsOf('followUpTimeRange=Range')).toBe('followUpFromDate');
    expect(await fieldsOf('colour=red')).toContain('colour');
  });

  it('gives a driver only the cases of its own loads; refuses brokers and anonymous callers', async () => {
    const driver = (await get(w.users.driver, '/api/v2/cases')).json();
    expect(driver.data.map((item: { id: string }) => item.id)).toContain(w.accessorial.id);
    for (const item of driver.data as { shipment: { id: string } }[])
      expect(item.shipment.id).toBe(w.delivered.shipment.id);
    expect((await get(w.users.factoringUser, '/api/v2/cases')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/cases' })).statusCode).toBe(401);
  });
});

describe('GET /api/v2/cases/count_stats and filter_options', () => {
  it('counts per user-facing status, under the same filters as the list', async () => {
    const all = (await get(w.users.carrierUser, '/api/v2/cases/count_stats')).json().data;
    expect(all.inProgress).toBeGreaterThanOrEqual(1);
    const none = (
      await get(w.users.carrierUser, `/api/v2/cases/count_stats?carrierIds=${w.otherCarrier.id}`)
    ).json().data;
    expect(none).toEqual({ new: 0, inProgress: 0, onHold: 0, resolved: 0 });
    const bad = await get(w.users.carrierUser, '/api/v2/cases/count_stats?caseTypes=Nope');
    expect(bad.statusCode).toBe(400);
  });

  it("offers the companies on the caller's cases and the operator's staff", async () => {
    const options = (await get(w.users.carrierUser, '/api/v2/cases/filter_options')).json().data;
    expect(options.customers).toEqual([{ id: w.customer.id, name: 'Acme Shippers' }]);
    expect(options.carriers).toEqual([{ id: w.carrier.id, name: 'Prairie Haulers' }]);
    expect(options.involvedParties.map((party: { id: string }) => party.id)).not.toContain(
      w.otherCarrier.id,
    );
    expect(options.assignees.map((person: { id: string }) => person.id)).toContain(
      w.people.staff.id,
    );
  });
});

describe('POST /api/v2/cases', () => {
  it('raises a request on the carrier’s shipment, with the parties and its history; a retry files once', async () => {
    const before = await countCases();
    const key = { 'idempotency-key': 'lumper-create-1' };
    const created = await post(
      w.users.carrierUser,
      '/api/v2/cases',
      lumper(w.delivered.shipment.shipmentNumber),
      key,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { data } = created.json();
    expect(data).toMatchObject({
      caseType: 'Lumper',
      status: 'New',
      shipmentId: w.delivered.shipment.id,
    });
    const again = await post(
      w.users.carrierUser,
      '/api/v2/cases',
      lumper(w.delivered.shipment.shipmentNumber),
      key,
    );
    expect(again.json().data.caseNumber).toBe(data.caseNumber);
    expect(await countCases()).toBe(before + 1);

    const detail = (await get(w.users.carrierUser, `/api/v2/cases/${data.caseNumber}`)).json().data;
    expect(detail).toMatchObject({
      statusDescription: 'New',
      amountRequested: 180,
      priority: 'Medium',
      caseSource: 'Portal',
      version: 1,
      actions: [],
      subject: `Lumper, shipment ${w.delivered.shipment.shipmentNumber}`,
    });
    expect(detail.involvedParties.map((party: { partyRole: string }) => party.partyRole)).toEqual([
      'Carrier',
      'Operator',
      'Shipper',
    ]);
    const onShipment = (
      await get(
        w.users.carrierUser,
        `/api/v2/shipments/${w.delivered.shipment.shipmentNumber}/cases?page=1&pageSize=1000`,
      )
    ).json();
    expect(onShipment.data.map((item: { caseNumber: string }) => item.caseNumber)).toContain(
      data.caseNumber,
    );
    const history = (
      await get(w.users.carrierUser, `/api/v2/cases/${data.caseNumber}/history`)
    ).json().data;
    expect(history).toEqual([
      expect.objectContaining({ action: 'Created', fromValue: null, toValue: 'New' }),
    ]);
    // The operator sees it too, with the staff's actions.
    const staffView = (await get(w.users.operatorUser, `/api/v2/cases/${data.caseNumber}`)).json()
      .data;
    expect(staffView.actions).toEqual(['Start', 'Hold', 'ResolvePaid', 'ResolveDeclined']);
  });

  it("answers 404 for another company's shipment or load board freight, and writes nothing", async () => {
    const before = await countCases();
    for (const shipment of [w.other.shipment, w.loadBoard.shipment]) {
      const response = await post(w.users.carrierUser, '/api/v2/cases', lumper(shipment.id));
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Shipment not found');
    }
    expect(await countCases()).toBe(before);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await countCases();
    const shipmentId = w.delivered.shipment.id;
    const cases: [unknown, string][] = [
      [lumper(shipmentId, -5), 'amountRequested'],
      [lumper(shipmentId, 0), 'amountRequested'],
      [lumper(shipmentId, 9_999_999), 'amountRequested'],
      [lumper(shipmentId, 10.005), 'amountRequested'],
      [{ ...lumper(shipmentId), caseType: 'Teleport' }, 'caseType'],
      [{ ...lumper(shipmentId), description: '' }, 'description'],
      [{ ...lumper(shipmentId), shipmentId: 'drop table' }, 'shipmentId'],
      [{ ...lumper(shipmentId), shipmentStopId: w.other.pickupStop.id }, 'shipmentStopId'],
      [{ ...lumper(shipmentId), attachTrackingEvidence: true }, 'shipmentStopId'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(w.users.carrierUser, '/api/v2/cases', payload);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect(await countCases()).toBe(before);
  });

  it('is for the carrier and its drivers: factoring companies and staff are refused, a broker finds no shipment', async () => {
    for (const user of [w.users.factoringUser, w.users.operatorUser]) {
      const response = await post(user, '/api/v2/cases', lumper(w.delivered.shipment.id));
      expect(response.statusCode).toBe(403);
    }
    const broker = await post(w.users.brokerUser, '/api/v2/cases', lumper(w.delivered.shipment.id));
    expect(broker.statusCode).toBe(404);
    const driver = await post(w.users.driver, '/api/v2/cases', lumper(w.delivered.shipment.id));
    expect(driver.statusCode).toBe(201);
  });
});

describe('detention drafted from stop times', () => {
  it('drafts detention past the free time at the customer rate, files it with the tracking events, once', async () => {
    const arrived = new Date('2026-11-20T14:00:00Z');
    const departed = new Date('2026-11-20T19:10:00Z');
    const stop = await t.db.system(async (tx) => {
      const row = await tx
        .selectFrom('shipmentStops')
        .select(['id'])
        .where('shipmentId', '=', w.delivered.shipment.id)
        .where('stopNumber', '=', 2)
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('shipmentStops')
        .set({ arrivedAt: arrived, departedAt: departed })
        .where('id', '=', row.id)
        .execute();
      await tx
        .insertInto('trackingActivities')
        .values([
          {
            shipmentId: w.delivered.shipment.id,
            shipmentStopId: row.id,
            activityType: 'Arrived',
            occurredAt: arrived,
            city: 'Dallas',
            state: 'TX',
          },
          {
            shipmentId: w.delivered.shipment.id,
            activityType: 'CheckCall',
            occurredAt: new Date('2026-11-20T17:00:00Z'),
            note: 'Still waiting for a door',
          },
        ])
        .execute();
      return row;
    });

    const drafts = await get(
      w.users.carrierUser,
      `/api/v2/cases/detention_drafts?shipmentId=${w.delivered.shipment.shipmentNumber}`,
    );
    expect(drafts.statusCode).toBe(200);
    const [draft] = drafts.json().data;
    expect(draft).toMatchObject({
      shipmentStopId: stop.id,
      stopNumber: 2,
      arrivedAt: arrived.toISOString(),
      departedAt: departed.toISOString(),
      dwellMinutes: 310,
      freeMinutes: 120,
      // 3 h 10 min past the free time, billed by the started quarter hour.
      billableHours: 3.25,
      ratePerHour: 75,
      amountRequested: 243.75,
      filedCaseNumber: null,
    });
    expect(draft.evidence.map((event: { activityType: string }) => event.activityType)).toEqual([
      'Arrived',
      'CheckCall',
    ]);

    const filed = await post(w.users.carrierUser, '/api/v2/cases', {
      shipmentId: w.delivered.shipment.id,
      caseType: 'Detention',
      amountRequested: draft.amountRequested,
      subject: draft.subject,
      description: draft.description,
      shipmentStopId: draft.shipmentStopId,
      attachTrackingEvidence: true,
    });
    expect(filed.statusCode).toBe(201);
    const caseNumber = filed.json().data.caseNumber;
    const documents = (
      await get(w.users.carrierUser, `/api/v2/documents?caseNumber=${caseNumber}`)
    ).json();
    const names = JSON.stringify(documents);
    expect(names).toContain(`detention-evidence-${caseNumber}.pdf`);

    const after = (
      await get(
        w.users.carrierUser,
        `/api/v2/cases/detention_drafts?shipmentId=${w.delivered.shipment.id}`,
      )
    ).json().data;
    expect(after[0].filedCaseNumber).toBe(caseNumber);
    const twice = await post(w.users.carrierUser, '/api/v2/cases', {
      shipmentId: w.delivered.shipment.id,
      caseType: 'Detention',
      amountRequested: draft.amountRequested,
      description: draft.description,
      shipmentStopId: draft.shipmentStopId,
    });
    expect(twice.statusCode).toBe(409);

    // A customer with a longer free time owes no detention for the same stop.
    await t.db.system((tx) =>
      tx
        .updateTable('companies')
        .set({ detentionFreeMinutes: 360 })
        .where('id', '=', w.customer.id)
        .execute(),
    );
    const none = (
      await get(
        w.users.carrierUser,
        `/api/v2/cases/detention_drafts?shipmentId=${w.delivered.shipment.id}`,
      )
    ).json().data;
    expect(none).toEqual([]);
    await t.db.system((tx) =>
      tx
        .updateTable('companies')
        .set({ detentionFreeMinutes: 120 })
        .where('id', '=', w.customer.id)
        .execute(),
    );
  });

  it("answers 404 for another company's shipment and 400 for a bad key", async () => {
    const other = await get(
      w.users.carrierUser,
      `/api/v2/cases/detention_drafts?shipmentId=${w.other.shipment.id}`,
    );
    expect(other.statusCode).toBe(404);
    const customer = await get(
      w.users.operatorUser,
      `/api/v2/cases/detention_drafts?shipmentId=${w.delivered.shipment.id}`,
    );
    expect(customer.statusCode).toBe(403);
    const bad = await get(w.users.carrierUser, '/api/v2/cases/detention_drafts?shipmentId=x;y');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['shipmentId']);
  });
});

describe("the operator's staff work a case", () => {
  const act = (key: string, payload: object, user: User = w.users.operatorUser) =>
    post(user, `/api/v2/cases/${key}/actions`, payload);
  const apInvoice = (id: string) =>
    t.db.system((tx) =>
      tx
        .selectFrom('apInvoices')
        .select(['invoiceAmountCents', 'version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );

  it('assigns, starts, holds, and resolves Paid: the amount lands on the carrier’s AP invoice', async () => {
    const created = (
      await post(w.users.carrierUser, '/api/v2/cases', lumper(w.delivered.shipment.id, 212.5))
    ).json().data;
    const key = created.caseNumber;

    const wrongPerson = await t.injectAs(w.users.operatorUser, {
      method: 'PUT',
      url: `/api/v2/cases/${key}/assignee`,
      payload: { assigneeUserId: w.users.carrierUser.id, version: 1 },
    });
    expect(wrongPerson.statusCode).toBe(400);
    expect(Object.keys(wrongPerson.json().errors)).toEqual(['assigneeUserId']);
    const assigned = await t.injectAs(w.users.operatorUser, {
      method: 'PUT',
      url: `/api/v2/cases/${key}/assignee`,
      payload: { assigneeUserId: w.people.staff.id, version: 1 },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({
      assignee: { id: w.people.staff.id, firstName: 'Luis', lastName: 'Dansby' },
      version: 2,
    });

    const stale = await act(key, { action: 'Start', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await act(key, { action: 'Start', version: 2 })).json().data).toMatchObject({
      status: 'InProgress',
      statusDescription: 'In Progress',
      version: 3,
    });
    const held = (await act(key, { action: 'Hold', version: 3 })).json().data;
    expect(held).toMatchObject({ statusDescription: 'On Hold', actions: expect.any(Array) });
    expect(held.actions).not.toContain('Hold');
    const holdAgain = await act(key, { action: 'Hold', version: 4 });
    expect(holdAgain.statusCode).toBe(409);
    expect(holdAgain.json().detail).toBe('The accessorial request is already on hold');

    const tooMuch = await act(key, { action: 'ResolvePaid', version: 4, amountApproved: 500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(Object.keys(tooMuch.json().errors)).toEqual(['amountApproved']);

    const invoiceBefore = await apInvoice(w.apInvoice.id);
    const paid = await act(key, { action: 'ResolvePaid', version: 4 });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({
      statusDescription: 'Resolved',
      carrierCaseResolutionType: 'Paid',
      amountApproved: 212.5,
      actions: [],
    });
    const invoiceAfter = await apInvoice(w.apInvoice.id);
    expect(invoiceAfter.invoiceAmountCents).toBe(invoiceBefore.invoiceAmountCents + 21_250);
    const charges = (
      await get(
        w.users.carrierUser,
        `/api/v2/shipments/${w.delivered.shipment.shipmentNumber}/carrier_charges`,
      )
    ).json().data.charges;
    expect(charges).toContainEqual(
      expect.objectContaining({ chargeTypeName: 'Lumper', total: 212.5, caseNumber: key }),
    );

    const again = await act(key, { action: 'ResolveDeclined', version: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('The accessorial request is already resolved');
    const history = (await get(w.users.carrierUser, `/api/v2/cases/${key}/history`)).json().data;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'ResolutionChanged',
      'StatusChanged',
      'StatusChanged',
      'StatusChanged',
      'AssigneeChanged',
      'Created',
    ]);
  });

  it('writes the AP invoice when the shipment has none, with the line haul and the charge', async () => {
    const created = (
      await post(w.users.carrierUser, '/api/v2/cases', {
        ...lumper(w.settledShipment.shipment.id, 300),
        caseType: 'TONU',
      })
    ).json().data;
    const paid = await act(created.caseNumber, {
      action: 'ResolvePaid',
      version: 1,
      amountApproved: 250,
    });
    expect(paid.statusCode).toBe(200);
    const invoices = await t.db.system((tx) =>
      tx
        .selectFrom('apInvoices')
        .select(['id', 'status', 'invoiceAmountCents', 'factoringCompanyId'])
        .where('shipmentId', '=', w.settledShipment.shipment.id)
        .execute(),
    );
    expect(invoices).toEqual([
      expect.objectContaining({ status: 0, invoiceAmountCents: 230_000 + 25_000 }),
    ]);
  });

  it('declines without a charge; carriers cannot work cases; another company’s case is 404', async () => {
    const created = (
      await post(w.users.carrierUser, '/api/v2/cases', lumper(w.delivered.shipment.id, 99))
    ).json().data;
    const carrierTries = await act(
      created.caseNumber,
      { action: 'Start', version: 1 },
      w.users.carrierUser,
    );
    expect(carrierTries.statusCode).toBe(403);
    const invoiceBefore = await apInvoice(w.apInvoice.id);
    const declined = await act(created.caseNumber, { action: 'ResolveDeclined', version: 1 });
    expect(declined.json().data).toMatchObject({
      carrierCaseResolutionType: 'Declined',
      amountApproved: 0,
    });
    expect((await apInvoice(w.apInvoice.id)).invoiceAmountCents).toBe(
      invoiceBefore.invoiceAmountCents,
    );
    const unknown = await act(created.caseNumber, { action: 'Teleport', version: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['action']);
    const missing = await act('1', { action: 'Start', version: 1 });
    expect(missing.statusCode).toBe(404);
  });
});
