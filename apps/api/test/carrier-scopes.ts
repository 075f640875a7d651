import { ShipmentStatus } from '@portal/domain';
import type { Database } from '../src/db/database';
import { makeShipment } from '../src/seed/factories';
import type { TestWorld } from './world';

// What the row-level-security tests read through: one Booked load for each of the world's two
// carriers, and a carrier's tenant scope with no user behind it.

export async function bookOneLoadPerCarrier(db: Database, world: TestWorld): Promise<void> {
  await db.system(async (tx) => {
    const base = { operatorCompanyId: world.operator.id, customerCompanyId: world.customer.id };
    for (const carrierCompanyId of [world.carrier.id, world.otherCarrier.id])
      await makeShipment(tx, { ...base, carrierCompanyId, status: ShipmentStatus.Booked });
  });
}

export const carrierScope = (companyId: string) => ({
  companyId,
  userId: null,
  kind: 'carrier' as const,
  carrierIds: [companyId],
  driverId: null,
});
