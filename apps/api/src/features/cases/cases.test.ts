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

const get = (user: { id: string; companyId: string }, url: string) =>
  t.injectAs(user, { method: 'GET', url });

describe('GET /api/v2/cases/{id}', () => {
  it('answers the case by number or id to a company involved in it, with every involved party', async () => {
    for (const key of [w.accessorial.caseNumber, w.accessorial.id]) {
      const response = await get(w.users.carrierUser, `/api/v2/cases/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        id: w.accessorial.id,
        caseNumber: w.accessorial.caseNumber,
        caseType: 'Detention',
        caseSource: 'Portal',
        status: 'InProgress',
        statusDescription: 'In Progress',
        isVoided: false,
        carrierCaseResolutionType: 'None',
        priority: 'Normal',
        subject: 'Detention at Dallas',
        description: 'Driver waited four hours at the receiver.',
        amountRequested: 150,
        amountApproved: null,
        incidentDateTime: null,
        followUpDateTime: null,
        createDateTime: expect.any(String),
        updateDateTime: expect.any(String),
        assignee: null,
        createdBy: {
          id: w.users.carrierUser.id,
          firstName: w.users.carrierUser.firstName,
          lastName: w.users.carrierUser.lastName,
        },
        involvedParties: [
          { companyId: w.carrier.id, companyName: 'Prairie Haulers', partyRole: 'Carrier' },
          { companyId: w.operator.id, companyName: 'Operator Freight', partyRole: 'Operator' },
          { companyId: w.customer.id, companyName: 'Acme Shippers', partyRole: 'Shipper' },
        ],
        shipment: {
          id: w.delivered.shipment.id,
          shipmentNumber: w.delivered.shipment.shipmentNumber,
          origin: { city: 'Chicago', state: 'IL' },
          destination: { city: 'Dallas', state: 'TX' },
        },
        dropoffs: [
          { stopNumber: 2, stopId: w.delivered.deliveryStop.id, city: 'Dallas', state: 'TX' },
        ],
        version: 1,
        actions: [],
      });
    }
  });

  it('answers the driver on the load and the operator', async () => {
    expect(
      (await get(w.users.driver, `/api/v2/cases/${w.accessorial.caseNumber}`)).statusCode,
    ).toBe(200);
    expect(
      (await get(w.users.operatorUser, `/api/v2/cases/${w.accessorial.caseNumber}`)).statusCode,
    ).toBe(200);
  });

  it('answers 404 to a company not involved, exactly like a missing case', async () => {
    const notInvolved = await get(
      w.users.otherCarrierUser,
      `/api/v2/cases/${w.accessorial.caseNumber}`,
    );
    expect(notInvolved.statusCode).toBe(404);
    expect(notInvolved.json().detail).toBe('Case not found');
    const missing = await get(w.users.carrierUser, '/api/v2/cases/1');
    expect(missing.json()).toMatchObject({ status: 404, detail: 'Case not found' });
    expect((await get(w.users.carrierUser, `/api/v2/cases/${w.otherCase.id}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps the route guard: no portal permission is 403, no token is 401, a bad key is 400', async () => {
    const factoring = await get(w.users.factoringUser, `/api/v2/cases/${w.accessorial.caseNumber}`);
    expect(factoring.statusCode).toBe(403);
    expect(factoring.json().detail).toBe('You are not Authorized for this content');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/cases/${w.accessorial.caseNumber}` }))
        .statusCode,
    ).toBe(401);
    const bad = await get(w.users.carrierUser, '/api/v2/cases/drop%20table');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['id']);
  });
});

describe('GET /api/v2/cases/{id}/history', () => {
  it('lists what happened, newest first, with who did it', async () => {
    const response = await get(
      w.users.carrierUser,
      `/api/v2/cases/${w.accessorial.caseNumber}/history`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: expect.any(Number),
        occurredAt: expect.any(String),
        action: 'StatusChanged',
        fromValue: 'New',
        toValue: 'InProgress',
        user: {
          firstName: w.users.operatorUser.firstName,
          lastName: w.users.operatorUser.lastName,
        },
      },
      expect.objectContaining({ action: 'Created', fromValue: null, toValue: 'New' }),
    ]);
    expect(
      (await get(w.users.otherCarrierUser, `/api/v2/cases/${w.accessorial.id}/history`)).statusCode,
    ).toBe(404);
  });
});

describe('row-level security on involved parties', () => {
  const scopeOf = (companyId: string, userId: string) => ({
    companyId,
    userId,
    kind: 'carrier' as const,
    carrierIds: [companyId],
    driverId: null,
  });
  const partiesSeenBy = (companyId: string, userId: string, caseId: string) =>
    t.db.tenant(scopeOf(companyId, userId), (tx) =>
      tx
        .selectFrom('caseInvolvedParties')
        .select('companyId')
        .where('caseId', '=', caseId)
        .execute(),
    );

  it('lets a party see every party of its case, and a stranger none', async () => {
    expect(
      await partiesSeenBy(w.carrier.id, w.users.carrierUser.id, w.accessorial.id),
    ).toHaveLength(3);
    expect(
      await partiesSeenBy(w.otherCarrier.id, w.users.otherCarrierUser.id, w.accessorial.id),
    ).toEqual([]);
  });
});
