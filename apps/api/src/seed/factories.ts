import { randomUUID } from 'node:crypto';
import { ShipmentStatus } from '@portal/domain';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Tx } from '../db/database';
import type { Companies, Shipments, Users } from '../db/schema.generated';
import { hashPassword } from '../shared/auth/passwords';

// Factories with overrides, shared by the demo world and the tests so both build the same realistic
// objects. Each takes a transaction run as the system role (db.system) and answers the row it made.

export type CompanyRow = Selectable<Companies>;
export type UserRow = Selectable<Users>;
export type ShipmentRow = Selectable<Shipments>;

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export function makeCompany(
  tx: Tx,
  overrides: Partial<Insertable<Companies>> & Pick<Insertable<Companies>, 'kind'>,
) {
  return tx
    .insertInto('companies')
    .values({ name: `${overrides.kind} ${next()}`, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const passwordHashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; the same password is hashed once per process. */
export function cachedPasswordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

export interface UserOverrides extends Partial<Insertable<Users>> {
  companyId: string;
  /** Plain password; hashed with argon2id. */
  password?: string;
  mobilePhone?: string;
  /** Has accepted the access terms in force (default true, as every demo user has). */
  acceptedAccessTerms?: boolean;
}

/**
 * Records that users accepted the access terms in force (decision 180), at `acceptedAt` or now:
 * the given users, or every portal user when none are given.
 */
export async function acceptCurrentAccessTerms(
  tx: Tx,
  userIds?: readonly string[],
  acceptedAt?: Date,
) {
  await sql`
    insert into access_terms_acceptances (user_id, version, accepted_at)
    select u.id, t.version, coalesce(${acceptedAt ?? null}::timestamptz, now())
      from users u
     cross join (select version from access_terms where published_at <= now()
                  order by published_at desc limit 1) t
     where ${userIds ? sql`u.id = any(${[...userIds]}::uuid[])` : sql`u.is_portal_enabled`}
    on conflict do nothing`.execute(tx);
}

export async function makeUser(
  tx: Tx,
  { password, mobilePhone, acceptedAccessTerms = true, ...overrides }: UserOverrides,
) {
  const tag = next();
  const email = overrides.loginEmail ?? `user-${tag}@example.test`;
  const user = await tx
    .insertInto('users')
    .values({
      firstName: 'Pat',
      lastName: `Tester${tag}`,
      userName: email,
      loginEmail: email,
      isPortalEnabled: true,
      passwordHash: password ? await cachedPasswordHash(password) : null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (user.loginEmail) {
    await tx
      .insertInto('userEmails')
      .values({ userId: user.id, value: user.loginEmail, isPrimary: true })
      .execute();
  }
  if (acceptedAccessTerms) await acceptCurrentAccessTerms(tx, [user.id]);
  if (mobilePhone) {
    await tx
      .insertInto('userPhones')
      .values({ userId: user.id, phoneNumber: mobilePhone, phoneType: 'Mobile', isPrimary: true })
      .execute();
  }
  return user;
}

export interface PlaceOverrides {
  postalCode: string;
  name?: string;
  addressLine1?: string;
}

/** A stop place from the reference postal codes, so city, state, coordinates and zone are real. */
export async function placeFor(tx: Tx, { postalCode, name, addressLine1 }: PlaceOverrides) {
  const code = await tx
    .selectFrom('postalCodes')
    .selectAll()
    .where('postalCode', '=', postalCode)
    .executeTakeFirstOrThrow(
      () => new Error(`Postal code ${postalCode} is not in the reference data`),
    );
  return {
    locationName: name ?? `${code.city} Distribution Center`,
    addressLine1: addressLine1 ?? '100 Commerce Way',
    city: code.city,
    state: code.state,
    postalCode: code.postalCode,
    country: code.country,
    latitude: code.latitude,
    longitude: code.longitude,
    ianaTimezone: code.ianaTimezone ?? 'America/Chicago',
  };
}

export interface ShipmentOverrides {
  operatorCompanyId: string;
  customerCompanyId: string;
  carrierCompanyId?: string | null;
  status?: ShipmentStatus;
  originPostalCode?: string;
  destinationPostalCode?: string;
  pickupAt?: Date;
  transitHours?: number;
  referenceNumbers?: { label: string; value: string }[];
  shipment?: Partial<Insertable<Shipments>>;
  packageCount?: number;
  weightPounds?: number;
}

/** An order with a pickup, a delivery and one line item, and its shipment with both stops. */
export async function makeShipment(tx: Tx, overrides: ShipmentOverrides) {
  const origin = await placeFor(tx, { postalCode: overrides.originPostalCode ?? '60601' });
  const destination = await placeFor(tx, {
    postalCode: overrides.destinationPostalCode ?? '30303',
  });
  const pickupAt = overrides.pickupAt ?? new Date(Date.now() + 24 * 3600 * 1000);
  const deliveryAt = new Date(pickupAt.getTime() + (overrides.transitHours ?? 30) * 3600 * 1000);
  const status = overrides.status ?? ShipmentStatus.Booked;
  const weightPounds = overrides.weightPounds ?? 38000;
  const windowMs = 2 * 3600 * 1000;

  const order = await tx
    .insertInto('orders')
    .values({
      customerCompanyId: overrides.customerCompanyId,
      operatorCompanyId: overrides.operatorCompanyId,
      freightValueCents: 4_500_000,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [pickupStop, deliveryStop] = await tx
    .insertInto('orderStops')
    .values([
      {
        orderId: order.id,
        customerCompanyId: order.customerCompanyId,
        stopNumber: 1,
        stopType: 'Pickup',
        ...origin,
        earlyAt: pickupAt,
        lateAt: new Date(pickupAt.getTime() + windowMs),
      },
      {
        orderId: order.id,
        customerCompanyId: order.customerCompanyId,
        stopNumber: 2,
        stopType: 'Delivery',
        ...destination,
        earlyAt: deliveryAt,
        lateAt: new Date(deliveryAt.getTime() + windowMs),
      },
    ])
    .returningAll()
    .execute();
  await tx
    .insertInto('orderLineItems')
    .values({
      orderId: order.id,
      customerCompanyId: order.customerCompanyId,
      pickupStopId: pickupStop!.id,
      deliveryStopId: deliveryStop!.id,
      description: 'Palletized dry goods',
      freightClass: '70',
      packageCount: overrides.packageCount ?? 24,
      pieceCount: (overrides.packageCount ?? 24) * 40,
      weightPounds,
    })
    .execute();
  if (overrides.referenceNumbers?.length) {
    await tx
      .insertInto('referenceNumbers')
      .values(
        overrides.referenceNumbers.map((reference) => ({
          orderId: order.id,
          customerCompanyId: order.customerCompanyId,
          ...reference,
        })),
      )
      .execute();
  }

  const hasCarrier = status >= ShipmentStatus.Booked || overrides.carrierCompanyId;
  const shipment = await tx
    .insertInto('shipments')
    .values({
      orderId: order.id,
      operatorCompanyId: overrides.operatorCompanyId,
      customerCompanyId: overrides.customerCompanyId,
      carrierCompanyId: hasCarrier ? (overrides.carrierCompanyId ?? null) : null,
      status,
      totalWeightPounds: weightPounds,
      maxBuyCents: 250_000,
      carrierRateCents: hasCarrier ? 230_000 : null,
      customerRateCents: 275_000,
      originCity: origin.city,
      originState: origin.state,
      originPostalCode: origin.postalCode,
      originLatitude: origin.latitude,
      originLongitude: origin.longitude,
      destinationCity: destination.city,
      destinationState: destination.state,
      destinationPostalCode: destination.postalCode,
      destinationLatitude: destination.latitude,
      destinationLongitude: destination.longitude,
      pickupAt,
      deliveryAt,
      bookedAt:
        status >= ShipmentStatus.Booked ? new Date(pickupAt.getTime() - 48 * 3600 * 1000) : null,
      ...overrides.shipment,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('shipmentStops')
    .values([
      {
        shipmentId: shipment.id,
        orderStopId: pickupStop!.id,
        stopNumber: 1,
        stopType: 'Pickup',
        ...origin,
        earlyAt: pickupStop!.earlyAt,
        lateAt: pickupStop!.lateAt,
      },
      {
        shipmentId: shipment.id,
        orderStopId: deliveryStop!.id,
        stopNumber: 2,
        stopType: 'Delivery',
        ...destination,
        earlyAt: deliveryStop!.earlyAt,
        lateAt: deliveryStop!.lateAt,
      },
    ])
    .execute();
  return { order, shipment, pickupStop: pickupStop!, deliveryStop: deliveryStop! };
}

export const newId = () => randomUUID();
