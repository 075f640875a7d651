import { DocumentType, EntityType, ShipmentStatus } from '@portal/domain';
import type { Database } from '../src/db/database';
import { makeShipment, type ShipmentOverrides } from '../src/seed/factories';
import { saveDocument } from '../src/shared/documents/save-document';
import type { DocumentStore } from '../src/shared/storage/document-store';
import type { TestWorld } from './world';

// Shipments for the shipment tests: the carrier's own in any status, another carrier's, and what
// they need (equipment, proof of delivery) made directly in the database.

let nextNumber = 9_100_000 + Math.floor(Math.random() * 800_000);
export const freshNumber = () => String(nextNumber++);

export async function shipmentFor(
  db: Database,
  world: TestWorld,
  overrides: Partial<ShipmentOverrides> & { carrier?: 'own' | 'other' | 'none' } = {},
) {
  const { carrier = 'own', ...rest } = overrides;
  return db.system((tx) =>
    makeShipment(tx, {
      operatorCompanyId: world.operator.id,
      customerCompanyId: world.customer.id,
      carrierCompanyId:
        carrier === 'own' ? world.carrier.id : carrier === 'other' ? world.otherCarrier.id : null,
      status: ShipmentStatus.Booked,
      ...rest,
      shipment: { shipmentNumber: freshNumber(), ...rest.shipment },
    }),
  );
}

export async function equipmentFor(db: Database, carrierCompanyId: string) {
  return db.system(async (tx) => {
    const suffix = Math.floor(Math.random() * 1e6);
    const trailer = await tx
      .insertInto('trailers')
      .values({
        carrierCompanyId,
        trailerNumber: `T${suffix}`,
        equipmentType: 1,
        lengthFeet: 53,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const flatbed = await tx
      .insertInto('trailers')
      .values({
        carrierCompanyId,
        trailerNumber: `F${suffix}`,
        equipmentType: 2,
        lengthFeet: 48,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const powerUnit = await tx
      .insertInto('powerUnits')
      .values({ carrierCompanyId, unitNumber: `P${suffix}`, make: 'Freightliner', modelYear: 2022 })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { trailer, flatbed, powerUnit };
  });
}

/** A proof of delivery on an order stop, as an upload would leave it. */
export async function proofOfDelivery(
  db: Database,
  store: DocumentStore,
  input: { companyId: string; shipmentId: string; orderId: string; orderStopId: string },
) {
  return db.system((tx) =>
    saveDocument(tx, store, {
      companyId: input.companyId,
      fileType: DocumentType.ProofOfDelivery,
      entityType: EntityType.ORDER_STOP,
      entityId: input.orderStopId,
      entityDescription: 'Delivery stop',
      name: 'POD.pdf',
      extension: 'pdf',
      contentType: 'application/pdf',
      shipmentId: input.shipmentId,
      orderId: input.orderId,
      orderStopId: input.orderStopId,
      bytes: Buffer.from('%PDF-1.4\n% proof of delivery\n'),
    }),
  );
}
