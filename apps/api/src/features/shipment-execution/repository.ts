import { sql, type Insertable } from 'kysely';
import type { Tx } from '../../db/database';
import type { TrackingActivities } from '../../db/schema.generated';
import { startsWith } from '../../shared/http/like';

// The SQL behind running a shipment: drivers, equipment, stops, tracking and problems.

export function assignedDrivers(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('shipmentDrivers as assignment')
    .innerJoin('users as driver', 'driver.id', 'assignment.driverId')
    .select([
      'driver.id',
      'driver.firstName',
      'driver.lastName',
      'driver.loginEmail',
      'driver.profileDocumentId',
      'assignment.isPrimary',
      'assignment.assignedAt',
    ])
    .select((eb) => [
      eb
        .selectFrom('userPhones as phone')
        .select('phone.phoneNumber')
        .whereRef('phone.userId', '=', 'driver.id')
        .where('phone.phoneType', '=', 'Mobile')
        .orderBy('phone.isPrimary', 'desc')
        .limit(1)
        .as('mobilePhoneNumber'),
      eb
        .selectFrom('userEmails as email')
        .select('email.value')
        .whereRef('email.userId', '=', 'driver.id')
        .orderBy('email.isPrimary', 'desc')
        .limit(1)
        .as('primaryEmail'),
    ])
    .where('assignment.shipmentId', '=', shipmentId)
    .orderBy('assignment.isPrimary', 'desc')
    .orderBy('assignment.assignedAt')
    .execute();
}

/** A user who may drive for the carrier: DriverPortal permission or the Driver role, enabled. */
export function findCarrierDriver(tx: Tx, carrierCompanyId: string, driverId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'roles', 'permissions'])
    .where('id', '=', driverId)
    .where('companyId', '=', carrierCompanyId)
    .where('disabledAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`'DriverPortal'`, '=', eb.fn.any('permissions')),
        eb(sql`'Driver'`, '=', eb.fn.any('roles')),
      ]),
    )
    .executeTakeFirst();
}

export async function searchDrivers(
  tx: Tx,
  companyId: string,
  criteria: { q?: string | undefined; offset: number; limit: number },
) {
  // A company's drivers are few (its own index finds them); the name match filters those rows.
  const prefix = criteria.q?.trim().toLowerCase();
  const pattern = prefix ? `${prefix.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const base = tx
    .selectFrom('users')
    .where('companyId', '=', companyId)
    .where('disabledAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`'DriverPortal'`, '=', eb.fn.any('permissions')),
        eb(sql`'Driver'`, '=', eb.fn.any('roles')),
      ]),
    )
    .where((eb) =>
      pattern
        ? eb.or([
            sql<boolean>`lower(users.first_name) like ${pattern}`,
            sql<boolean>`lower(users.last_name) like ${pattern}`,
            sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern}`,
          ])
        : eb.lit(true),
    );
  const [rows, counted] = await Promise.all([
    base
      .select([
        'users.id',
        'users.firstName',
        'users.lastName',
        'users.loginEmail',
        'users.profileDocumentId',
      ])
      .select((eb) => [
        eb
          .selectFrom('userPhones as phone')
          .select('phone.phoneNumber')
          .whereRef('phone.userId', '=', 'users.id')
          .where('phone.phoneType', '=', 'Mobile')
          .orderBy('phone.isPrimary', 'desc')
          .limit(1)
          .as('mobilePhoneNumber'),
        eb
          .selectFrom('userEmails as email')
          .select('email.value')
          .whereRef('email.userId', '=', 'users.id')
          .orderBy('email.isPrimary', 'desc')
          .limit(1)
          .as('primaryEmail'),
      ])
      .orderBy('users.lastName')
      .orderBy('users.firstName')
      .orderBy('users.id')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export function findTrailer(
  tx: Tx,
  carrierCompanyId: string,
  key: { id: string } | { number: string },
) {
  return tx
    .selectFrom('trailers')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where(
      'id' in key ? (eb) => eb('id', '=', key.id) : (eb) => eb('trailerNumber', '=', key.number),
    )
    .executeTakeFirst();
}

export function findPowerUnit(
  tx: Tx,
  carrierCompanyId: string,
  key: { id: string } | { number: string },
) {
  return tx
    .selectFrom('powerUnits')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('id' in key ? (eb) => eb('id', '=', key.id) : (eb) => eb('unitNumber', '=', key.number))
    .executeTakeFirst();
}

export async function searchTrailers(
  tx: Tx,
  carrierIds: readonly string[],
  criteria: {
    q?: string | undefined;
    equipmentTypes?: number | undefined;
    offset: number;
    limit: number;
  },
) {
  const q = criteria.q?.trim();
  const base = tx
    .selectFrom('trailers')
    // An operator has no fleet of its own: nothing matches (and `in ()` is not SQL).
    .where((eb) => (carrierIds.length ? eb('carrierCompanyId', 'in', carrierIds) : eb.lit(false)))
    .where('isActive', '=', true)
    .where((eb) => (q ? startsWith('trailers.trailerNumber', q) : eb.lit(true)))
    .where((eb) =>
      criteria.equipmentTypes
        ? eb(sql`equipment_type & ${criteria.equipmentTypes}`, '<>', 0)
        : eb.lit(true),
    );
  const [rows, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy('trailerNumber')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export async function searchPowerUnits(
  tx: Tx,
  carrierIds: readonly string[],
  criteria: { q?: string | undefined; offset: number; limit: number },
) {
  const q = criteria.q?.trim();
  const base = tx
    .selectFrom('powerUnits')
    // An operator has no fleet of its own: nothing matches (and `in ()` is not SQL).
    .where((eb) => (carrierIds.length ? eb('carrierCompanyId', 'in', carrierIds) : eb.lit(false)))
    .where('isActive', '=', true)
    .where((eb) => (q ? startsWith('powerUnits.unitNumber', q) : eb.lit(true)));
  const [rows, counted] = await Promise.all([
    base.selectAll().orderBy('unitNumber').offset(criteria.offset).limit(criteria.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export function insertActivity(tx: Tx, activity: Insertable<TrackingActivities>) {
  return tx
    .insertInto('trackingActivities')
    .values(activity)
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function postalPlace(tx: Tx, code: string) {
  return tx.selectFrom('postalCodes').selectAll().where('postalCode', '=', code).executeTakeFirst();
}

/** The reference place nearest to a position (within about 50 miles). */
export async function nearestPlace(tx: Tx, latitude: number, longitude: number) {
  const { rows } = await sql<{ city: string; state: string; ianaTimezone: string | null }>`
    select city, state, iana_timezone from postal_codes
     where earth_box(ll_to_earth(${latitude}::float8, ${longitude}::float8), 80000) @> ll_to_earth(latitude, longitude)
     order by earth_distance(ll_to_earth(${latitude}::float8, ${longitude}::float8), ll_to_earth(latitude, longitude))
     limit 1`.execute(tx);
  return rows[0];
}

export function problemRows(tx: Tx, shipmentId: string) {
  return tx
    .selectFrom('trackingProblems as problem')
    .leftJoin('users as reporter', 'reporter.id', 'problem.reportedBy')
    .select([
      'problem.id',
      'problem.problemType',
      'problem.description',
      'problem.reportedAt',
      'problem.resolvedAt',
      'reporter.id as reporterId',
      'reporter.firstName as reporterFirstName',
      'reporter.lastName as reporterLastName',
    ])
    .where('problem.shipmentId', '=', shipmentId)
    .orderBy(sql`problem.resolved_at is not null`)
    .orderBy('problem.reportedAt', 'desc');
}
