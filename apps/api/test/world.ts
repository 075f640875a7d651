import { Permission, Role, ShipmentStatus } from '@portal/domain';
import type { Database } from '../src/db/database';
import { makeCompany, makeShipment, makeUser } from '../src/seed/factories';

export const TEST_PASSWORD = 'Correct-Horse-1';

/**
 * A small world for one test file: the operator, two carriers (one factored), a customer, a broker
 * and a factoring company, with a user of each kind. Ids differ in every file.
 */
export async function makeTestWorld(db: Database) {
  return db.system(async (tx) => {
    const operator = await makeCompany(tx, { kind: 'operator', name: 'Operator Freight' });
    const factoring = await makeCompany(tx, { kind: 'factoring', name: 'Capital Factoring' });
    const carrier = await makeCompany(tx, {
      kind: 'carrier',
      name: 'Prairie Haulers',
      factoringCompanyId: factoring.id,
      has3plNetwork: true,
    });
    const otherCarrier = await makeCompany(tx, { kind: 'carrier', name: 'Other Carrier Lines' });
    const customer = await makeCompany(tx, { kind: 'customer', name: 'Acme Shippers' });
    const broker = await makeCompany(tx, {
      kind: 'carrier',
      name: 'Bridge Brokerage',
      isBroker: true,
    });

    const carrierUser = await makeUser(tx, {
      companyId: carrier.id,
      password: TEST_PASSWORD,
      roles: [Role.Admin, Role.AP, Role.AR],
      permissions: [Permission.CarrierPortal, Permission.CarrierBillingSettings],
    });
    const driver = await makeUser(tx, {
      companyId: carrier.id,
      password: TEST_PASSWORD,
      roles: [Role.Driver],
      permissions: [Permission.DriverPortal],
      mobilePhone: '312-555-0100',
    });
    const otherCarrierUser = await makeUser(tx, {
      companyId: otherCarrier.id,
      password: TEST_PASSWORD,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });
    const brokerUser = await makeUser(tx, {
      companyId: broker.id,
      password: TEST_PASSWORD,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });
    const factoringUser = await makeUser(tx, {
      companyId: factoring.id,
      password: TEST_PASSWORD,
      roles: [Role.AR],
      permissions: [Permission.FactoringCompanyPortal],
    });
    const operatorUser = await makeUser(tx, {
      companyId: operator.id,
      password: TEST_PASSWORD,
      roles: [Role.Admin],
      permissions: [Permission.Admin],
    });
    return {
      operator,
      factoring,
      carrier,
      otherCarrier,
      customer,
      broker,
      users: { carrierUser, driver, otherCarrierUser, brokerUser, factoringUser, operatorUser },
    };
  });
}

export type TestWorld = Awaited<ReturnType<typeof makeTestWorld>>;

/** A second brokerage's administrator: another company's orders and locations, for tenancy tests. */
export function makeSecondBroker(db: Database) {
  return db.system(async (tx) => {
    const company = await makeCompany(tx, {
      kind: 'carrier',
      name: 'Second Brokerage',
      isBroker: true,
    });
    return makeUser(tx, {
      companyId: company.id,
      roles: [Role.Admin],
      permissions: [Permission.CarrierPortal],
    });
  });
}

/** A second operator's administrator: another operator's loads, for the operator's queue tests. */
export function makeSecondOperator(db: Database) {
  return db.system(async (tx) => {
    const company = await makeCompany(tx, { kind: 'operator', name: 'Second Operator' });
    const user = await makeUser(tx, {
      companyId: company.id,
      roles: [Role.Admin],
      permissions: [Permission.Admin],
    });
    return { company, user };
  });
}

/** A Ready to Book load of the operator's (the world's own by default), on no carrier yet. */
export async function makeReadyToBook(
  db: Database,
  world: TestWorld,
  operatorCompanyId = world.operator.id,
) {
  return db.system(
    async (tx) =>
      (
        await makeShipment(tx, {
          operatorCompanyId,
          customerCompanyId: world.customer.id,
          carrierCompanyId: null,
          status: ShipmentStatus.ReadyToBook,
        })
      ).shipment,
  );
}
