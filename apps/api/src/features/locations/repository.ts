import { sql, type Insertable, type Updateable } from 'kysely';
import type { Tx } from '../../db/database';
import type { DockHours, DockSchedules, Locations } from '../../db/schema.generated';
import { startsWithPattern } from '../../shared/http/like';

// The SQL behind locations and dock schedules. Every read is scoped to one company by the caller
// (the operator's staff pass none and see every company's), and row-level security stands behind.

const LOCATION_COLUMNS = [
  'l.id',
  'l.locationNumber',
  'l.name',
  'l.locationType',
  'l.isPrimaryLocation',
  'l.lumpersAvailable',
  'l.isAppointmentRequired',
  'l.overnightParking',
  'l.addressLine1',
  'l.addressLine2',
  'l.city',
  'l.province',
  'l.postalCode',
  'l.country',
  'l.phoneNumbers',
  'l.ediCodes',
  'l.email',
  'l.dockLength',
  'l.directions',
  'l.latitude',
  'l.longitude',
  'l.ianaTimezone',
  'l.companyId',
  'l.version',
  'c.name as companyName',
] as const;

/** Whose locations a read covers: one company, or every company (the operator). */
export type CompanyScope = string | null;

function locations(tx: Tx, companyId: CompanyScope) {
  const base = tx.selectFrom('locations as l').innerJoin('companies as c', 'c.id', 'l.companyId');
  return companyId === null ? base : base.where('l.companyId', '=', companyId);
}

export type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

export function findLocation(tx: Tx, companyId: CompanyScope, locationNumber: string) {
  return locations(tx, companyId)
    .select(LOCATION_COLUMNS)
    .where('l.locationNumber', '=', locationNumber)
    .executeTakeFirst();
}

export async function listLocations(
  tx: Tx,
  criteria: {
    companyId: CompanyScope;
    q?: string | undefined;
    ediOnly?: boolean;
    limit: number;
    offset: number;
  },
) {
  const text = criteria.q?.trim().toLowerCase() ?? '';
  const base = locations(tx, criteria.companyId)
    .$if(criteria.ediOnly === true, (query) =>
      query.where(sql<boolean>`cardinality(l.edi_codes) > 0`),
    )
    // A number as typed, or a name or city containing the words.
    .$if(text !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb('l.locationNumber', 'like', startsWithPattern(text)),
          eb(sql`lower(l.name)`, 'like', `%${startsWithPattern(text).slice(0, -1)}%`),
          eb(sql`lower(l.city)`, 'like', startsWithPattern(text)),
        ]),
      ),
    );
  const [rows, counted] = await Promise.all([
    base
      .select(LOCATION_COLUMNS)
      .orderBy('l.isPrimaryLocation', 'desc')
      .orderBy('l.name')
      .orderBy('l.locationNumber')
      .limit(criteria.limit)
      .offset(criteria.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export function findCompany(tx: Tx, companyId: string) {
  return tx
    .selectFrom('companies')
    .select(['id', 'name', 'kind'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export async function insertLocation(
  tx: Tx,
  values: Omit<Insertable<Locations>, 'locationNumber'>,
): Promise<string> {
  const row = await tx
    .insertInto('locations')
    .values(values)
    .returning('locationNumber')
    .executeTakeFirstOrThrow();
  return row.locationNumber;
}

export async function updateLocation(tx: Tx, id: string, values: Updateable<Locations>) {
  await tx
    .updateTable('locations')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('id', '=', id)
    .execute();
}

/** Only one primary location per company: a new primary one takes the flag from the others. */
export async function clearOtherPrimaryLocations(tx: Tx, companyId: string, keepId: string | null) {
  await tx
    .updateTable('locations')
    .set({ isPrimaryLocation: false })
    .where('companyId', '=', companyId)
    .where('isPrimaryLocation', '=', true)
    .$if(keepId !== null, (query) => query.where('id', '<>', keepId!))
    .execute();
}

// ---- Dock schedules ----

const SCHEDULE_COLUMNS = [
  'id',
  'locationId',
  'companyId',
  'name',
  'isAppointmentRequired',
  'equipmentModes',
  'shippingModes',
  'stopTypes',
  'tmsCompanyId',
  'version',
] as const;

export type DockScheduleRow = Awaited<ReturnType<typeof dockSchedules>>[number];

export function dockSchedules(tx: Tx, locationIds: readonly string[]) {
  if (locationIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('dockSchedules')
    .select(SCHEDULE_COLUMNS)
    .where('locationId', 'in', [...locationIds])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findDockSchedule(tx: Tx, locationId: string, scheduleId: string) {
  return tx
    .selectFrom('dockSchedules')
    .select(SCHEDULE_COLUMNS)
    .where('locationId', '=', locationId)
    .where('id', '=', scheduleId)
    .forUpdate()
    .executeTakeFirst();
}

export type DockHoursRow = Awaited<ReturnType<typeof dockHours>>[number];

export function dockHours(tx: Tx, scheduleIds: readonly string[]) {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('dockHours')
    .select([
      'dockScheduleId',
      'dayOfWeek',
      'isClosed',
      'isTwentyFourHour',
      sql<string>`to_char(start_time, 'HH24:MI')`.as('startTime'),
      sql<string>`to_char(end_time, 'HH24:MI')`.as('endTime'),
    ])
    .where('dockScheduleId', 'in', [...scheduleIds])
    .orderBy('dockScheduleId')
    .orderBy('dayOfWeek')
    .execute();
}

export async function insertDockSchedule(tx: Tx, values: Insertable<DockSchedules>) {
  const row = await tx
    .insertInto('dockSchedules')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDockSchedule(tx: Tx, id: string, values: Updateable<DockSchedules>) {
  await tx
    .updateTable('dockSchedules')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('id', '=', id)
    .execute();
}

export async function replaceDockHours(
  tx: Tx,
  scheduleId: string,
  hours: readonly Omit<Insertable<DockHours>, 'dockScheduleId'>[],
) {
  await tx.deleteFrom('dockHours').where('dockScheduleId', '=', scheduleId).execute();
  await tx
    .insertInto('dockHours')
    .values(hours.map((entry) => ({ ...entry, dockScheduleId: scheduleId })))
    .execute();
}
