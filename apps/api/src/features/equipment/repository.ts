import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { DB, PowerUnits, Trailers } from '../../db/schema.generated';
import { startsWithPattern } from '../../shared/http/like';

// The SQL behind a carrier's own equipment lists and forms. Every query names the company.

export type TrailerRow = Selectable<Trailers>;
export type PowerUnitRow = Selectable<PowerUnits>;

export interface FleetCriteria {
  companyId: string;
  q?: string | undefined;
  make?: string | undefined;
  equipmentTypes?: number | undefined;
  active: boolean;
  offset: number;
  limit: number;
}

/** Number, plate or VIN containing the typed text, without regard to case. */
function containsPattern(q: string) {
  return `%${startsWithPattern(q.toLowerCase()).slice(0, -1)}%`;
}

/** The make as typed, without regard to case ("peterbilt" finds Peterbilt). */
function makeIs(eb: ExpressionBuilder<DB, 'trailers' | 'powerUnits'>, make: string | undefined) {
  const wanted = make?.trim().toLowerCase();
  return wanted ? eb(sql`lower(make)`, '=', wanted) : eb.lit(true);
}

export async function listTrailers(tx: Tx, criteria: FleetCriteria) {
  const q = criteria.q?.trim();
  const base = tx
    .selectFrom('trailers')
    .where('carrierCompanyId', '=', criteria.companyId)
    .where('isActive', '=', criteria.active)
    .where((eb) =>
      criteria.equipmentTypes
        ? eb(sql`equipment_type & ${criteria.equipmentTypes}`, '<>', 0)
        : eb.lit(true),
    )
    .where((eb) => makeIs(eb, criteria.make))
    .where((eb) =>
      q
        ? eb.or([
            eb(sql`lower(trailer_number)`, 'like', containsPattern(q)),
            eb(sql`lower(coalesce(license_plate, ''))`, 'like', containsPattern(q)),
            eb(sql`lower(coalesce(vin, ''))`, 'like', containsPattern(q)),
          ])
        : eb.lit(true),
    );
  const [rows, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy('trailerNumber')
      .orderBy('id')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export async function listPowerUnits(tx: Tx, criteria: FleetCriteria) {
  const q = criteria.q?.trim();
  const base = tx
    .selectFrom('powerUnits')
    .where('carrierCompanyId', '=', criteria.companyId)
    .where('isActive', '=', criteria.active)
    .where((eb) => makeIs(eb, criteria.make))
    .where((eb) =>
      q
        ? eb.or([
            eb(sql`lower(unit_number)`, 'like', containsPattern(q)),
            eb(sql`lower(coalesce(license_plate, ''))`, 'like', containsPattern(q)),
            eb(sql`lower(coalesce(vin, ''))`, 'like', containsPattern(q)),
          ])
        : eb.lit(true),
    );
  const [rows, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy('unitNumber')
      .orderBy('id')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export function findTrailer(tx: Tx, companyId: string, id: string, forUpdate = false) {
  const query = tx
    .selectFrom('trailers')
    .selectAll()
    .where('carrierCompanyId', '=', companyId)
    .where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function findPowerUnit(tx: Tx, companyId: string, id: string, forUpdate = false) {
  const query = tx
    .selectFrom('powerUnits')
    .selectAll()
    .where('carrierCompanyId', '=', companyId)
    .where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function trailerNumberTaken(tx: Tx, companyId: string, number: string, exceptId?: string) {
  return tx
    .selectFrom('trailers')
    .select('id')
    .where('carrierCompanyId', '=', companyId)
    .where('trailerNumber', '=', number)
    .where((eb) => (exceptId ? eb('id', '<>', exceptId) : eb.lit(true)))
    .executeTakeFirst();
}

export function unitNumberTaken(tx: Tx, companyId: string, number: string, exceptId?: string) {
  return tx
    .selectFrom('powerUnits')
    .select('id')
    .where('carrierCompanyId', '=', companyId)
    .where('unitNumber', '=', number)
    .where((eb) => (exceptId ? eb('id', '<>', exceptId) : eb.lit(true)))
    .executeTakeFirst();
}

export type TrailerValues = Pick<
  TrailerRow,
  | 'trailerNumber'
  | 'equipmentType'
  | 'lengthFeet'
  | 'licensePlate'
  | 'licenseState'
  | 'vin'
  | 'modelYear'
  | 'make'
>;
export type PowerUnitValues = Pick<
  PowerUnitRow,
  'unitNumber' | 'licensePlate' | 'licenseState' | 'vin' | 'modelYear' | 'make'
>;

export function insertTrailer(tx: Tx, companyId: string, values: TrailerValues) {
  return tx
    .insertInto('trailers')
    .values({ carrierCompanyId: companyId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Writes a trailer and moves its version on; with `version`, only when it is still the one the
 * editor read (undefined when it is not).
 */
export function updateTrailer(
  tx: Tx,
  id: string,
  values: Partial<Omit<TrailerRow, 'version'>>,
  version?: number,
) {
  let query = tx
    .updateTable('trailers')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (version !== undefined) query = query.where('version', '=', version);
  return query.returningAll().executeTakeFirst();
}

export function insertPowerUnit(tx: Tx, companyId: string, values: PowerUnitValues) {
  return tx
    .insertInto('powerUnits')
    .values({ carrierCompanyId: companyId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePowerUnit(tx: Tx, id: string, values: Partial<PowerUnitRow>) {
  return tx
    .updateTable('powerUnits')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A replaced photo is kept as a deleted document, like every other document. */
export function retireDocument(tx: Tx, documentId: string) {
  return tx
    .updateTable('documents')
    .set({ deletedAt: new Date() })
    .where('id', '=', documentId)
    .execute();
}
