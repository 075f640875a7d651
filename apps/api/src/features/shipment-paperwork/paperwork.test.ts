import { DocumentType, ShipmentStatus } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { equipmentFor, shipmentFor } from '../../../test/shipment-fixtures';
import { makeTestWorld, type TestWorld } from '../../../test/world';

let t: TestApp;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestApp();
  world = await makeTestWorld(t.db);
});
afterAll(() => t.close());

async function storedBytes(documentId: string): Promise<Buffer> {
  const row = await t.db.system((tx) =>
    tx.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of await t.ctx.documents.get(row.storageKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('bill of lading', () => {
  it('makes a real PDF from the shipment, stored as a Bill of Lading on the shipment', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.Dispatched,
      referenceNumbers: [{ label: 'PO', value: '4512345678' }],
      packageCount: 18,
    });
    const { trailer } = await equipmentFor(t.db, world.carrier.id);
    await t.db.system((tx) =>
      tx
        .updateTable('shipments')
        .set({ trailerId: trailer.id, shippingProNumber: 'PRO-7788' })
        .where('id', '=', made.shipment.id)
        .execute(),
    );
    const response = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/bills_of_lading`,
      headers: { 'idempotency-key': 'bol-1' },
      payload: {
        pickupOrderStopId: made.pickupStop.id,
        deliveryOrderStopId: made.deliveryStop.id,
        orderId: made.order.id,
        shipmentId: made.shipment.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const document = response.json().data;
    expect(document).toMatchObject({
      type: DocumentType.BillOfLading,
      extension: 'pdf',
      name: `BOL_${made.shipment.shipmentNumber}-12.pdf`,
      fileURL: `/api/v1/documents/${document.id}`,
      entityType: 5,
      entityId: made.shipment.id,
    });
    const bytes = await storedBytes(document.id);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Straight Bill of Lading');
    expect(text).toContain(made.shipment.shipmentNumber);
    expect(text).toContain(made.order.orderNumber);
    expect(text).toContain('PO: 4512345678');
    expect(text).toContain('Prairie Haulers');
    expect(text).toContain(trailer.trailerNumber);
    expect(text).toContain('PRO PRO-7788');
    expect(text).toContain('Palletized dry goods');
    expect(text).toContain('Chicago, IL 60601');

    // The same key again answers the same document, and makes no second one.
    const again = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/bills_of_lading`,
      headers: { 'idempotency-key': 'bol-1' },
      payload: {
        pickupOrderStopId: made.pickupStop.id,
        deliveryOrderStopId: made.deliveryStop.id,
        orderId: made.order.id,
        shipmentId: made.shipment.id,
      },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(document.id);
    const count = await t.db.system((tx) =>
      tx
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('shipmentId', '=', made.shipment.id)
        .where('fileType', '=', DocumentType.BillOfLading)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.count)).toBe(1);

    // Made again (a new key): a second version with a name of its own.
    const remade = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/bills_of_lading`,
      headers: { 'idempotency-key': 'bol-2' },
      payload: {
        pickupOrderStopId: made.pickupStop.id,
        deliveryOrderStopId: made.deliveryStop.id,
        orderId: made.order.id,
        shipmentId: made.shipment.id,
      },
    });
    expect(remade.statusCode).toBe(201);
    expect(remade.json().data.name).toBe(`BOL_${made.shipment.shipmentNumber}-12_v2.pdf`);
    expect(remade.json().data.id).not.toBe(document.id);
  });

  it('refuses stops that are not the order’s pickup and delivery, naming the field', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const other = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const url = `/api/v2/shipments/${made.shipment.shipmentNumber}/bills_of_lading`;
    const base = {
      pickupOrderStopId: made.pickupStop.id,
      deliveryOrderStopId: made.deliveryStop.id,
      orderId: made.order.id,
      shipmentId: made.shipment.id,
    };
    const cases: [Record<string, string>, string][] = [
      [{ pickupOrderStopId: made.deliveryStop.id }, 'pickupOrderStopId'],
      [{ deliveryOrderStopId: other.deliveryStop.id }, 'deliveryOrderStopId'],
      [{ orderId: other.order.id }, 'orderId'],
      [{ shipmentId: other.shipment.id }, 'shipmentId'],
    ];
    for (const [change, field] of cases) {
      const response = await t.injectAs(world.users.carrierUser, {
        method: 'POST',
        url,
        payload: { ...base, ...change },
      });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const missing = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url,
      payload: { pickupOrderStopId: made.pickupStop.id },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('deliveryOrderStopId');
  });

  it('is not made before the shipment is booked', async () => {
    const made = await shipmentFor(t.db, world, {
      status: ShipmentStatus.ReadyToBook,
      carrier: 'none',
    });
    const response = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/shipments/${made.shipment.shipmentNumber}/bills_of_lading`,
      payload: {
        pickupOrderStopId: made.pickupStop.id,
        deliveryOrderStopId: made.deliveryStop.id,
        orderId: made.order.id,
        shipmentId: made.shipment.id,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain('once the shipment is booked');
  });
});

describe('rate confirmation', () => {
  it('is generated, read, signed by the carrier with the stamp in the PDF, then read as signed', async () => {
    const made = await shipmentFor(t.db, world, { status: ShipmentStatus.Booked });
    const number = made.shipment.shipmentNumber;
    const url = `/api/v2/shipments/${number}/rate_confirmation_document`;

    const empty = await t.injectAs(world.users.carrierUser, { method: 'GET', url });
    expect(empty.json().data).toEqual({
      rateConfirmationDocument: null,
      confirmation: null,
      signed: null,
      isSigned: false,
      signedBy: null,
      signedAt: null,
    });

    const generated = await t.injectAs(world.users.carrierUser, { method: 'POST', url });
    expect(generated.statusCode).toBe(201);
    const confirmation = generated.json().data.confirmation;
    expect(confirmation).toMatchObject({
      type: DocumentType.CarrierConfirmation,
      extension: 'pdf',
    });
    expect(generated.json().data.rateConfirmationDocument.id).toBe(confirmation.id);
    expect(generated.json().data.isSigned).toBe(false);
    expect(confirmation.name).toBe(`CarrierConfirmation_${number}.pdf`);
    const unsigned = await pdfText(await storedBytes(confirmation.id));
    expect(unsigned).toContain('Carrier Rate Confirmation');
    expect(unsigned).toContain(`Load ${number}`);
    expect(unsigned).toContain('$2,300.00');
    expect(unsigned).toContain('Operator Freight');
    expect(unsigned).not.toContain('Electronically signed');

    // Nobody but the carrier signs; a stale document is refused.
    const byOperator = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `${url}/signature`,
      payload: { documentId: confirmation.id, signerName: 'Megan Clarke' },
    });
    expect(byOperator.statusCode).toBe(403);
    const byDriver = await t.injectAs(world.users.driver, {
      method: 'POST',
      url: `${url}/signature`,
      payload: { documentId: confirmation.id, signerName: 'Pat Driver' },
    });
    expect(byDriver.statusCode).toBe(403);

    const signed = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `${url}/signature`,
      payload: { documentId: confirmation.id, signerName: 'Dale Whitaker', signerTitle: 'Owner' },
    });
    expect(signed.statusCode).toBe(201);
    const state = signed.json().data;
    expect(state).toMatchObject({
      isSigned: true,
      signedBy: 'Dale Whitaker',
      confirmation: { id: confirmation.id },
      signed: { type: DocumentType.SignedRateConfirmation, extension: 'pdf' },
    });
    expect(state.rateConfirmationDocument.id).toBe(state.signed.id);
    const stamped = await pdfText(await storedBytes(state.signed.id));
    expect(stamped).toContain(`Load ${number}`);
    expect(stamped).toContain('Dale Whitaker');
    expect(stamped).toContain('Electronically signed by Dale Whitaker, Owner for Prairie Haulers');
    expect(stamped).toMatch(/Signed \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM) [A-Z]{3}/);

    const read = await t.injectAs(world.users.carrierUser, { method: 'GET', url });
    expect(read.json().data).toMatchObject({ isSigned: true, signedBy: 'Dale Whitaker' });

    const twice = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `${url}/signature`,
      payload: { documentId: confirmation.id, signerName: 'Dale Whitaker' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('already signed by Dale Whitaker');

    // A new confirmation (the rate changed) must be signed again; the old one cannot be.
    const regenerated = await t.injectAs(world.users.operatorUser, { method: 'POST', url });
    expect(regenerated.statusCode).toBe(201);
    expect(regenerated.json().data.isSigned).toBe(false);
    // The new copy is a version of its own, never a second file under the same name.
    expect(regenerated.json().data.confirmation.name).toBe(`CarrierConfirmation_${number}_v2.pdf`);
    const stale = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `${url}/signature`,
      payload: { documentId: confirmation.id, signerName: 'Dale Whitaker' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toContain('newer rate confirmation');

    const history = (
      await t.injectAs(world.users.carrierUser, {
        method: 'GET',
        url: `/api/v2/shipments/${number}/history`,
      })
    ).json().data as { action: string }[];
    expect(history.map((entry) => entry.action)).toEqual([
      'RateConfirmationCreated',
      'RateConfirmationSigned',
      'RateConfirmationCreated',
    ]);
  });

  it("answers 404 for another company's shipment, and refuses a load without a carrier", async () => {
    const others = await shipmentFor(t.db, world, { carrier: 'other' });
    const url = `/api/v2/shipments/${others.shipment.shipmentNumber}/rate_confirmation_document`;
    expect((await t.injectAs(world.users.carrierUser, { method: 'GET', url })).statusCode).toBe(
      404,
    );
    expect((await t.injectAs(world.users.carrierUser, { method: 'POST', url })).statusCode).toBe(
      404,
    );
    const signature = await t.injectAs(world.users.carrierUser, {
      method: 'POST',
      url: `${url}/signature`,
      payload: { documentId: others.shipment.id, signerName: 'Dale Whitaker' },
    });
    expect(signature.statusCode).toBe(404);

    const draft = await shipmentFor(t.db, world, { status: ShipmentStatus.Draft, carrier: 'none' });
    const refused = await t.injectAs(world.users.operatorUser, {
      method: 'POST',
      url: `/api/v2/shipments/${draft.shipment.shipmentNumber}/rate_confirmation_document`,
    });
    expect(refused.statusCode).toBe(409);
  });
});
