import type { Insertable, Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { EquipmentPostings } from '../../db/schema.generated';

export type PostingRow = Selectable<EquipmentPostings>;

/** The carrier's posted trucks that have not expired, soonest available first. */
export function activePostings(tx: Tx, carrierCompanyId: string, now: Date): Promise<PostingRow[]> {
  return tx
    .selectFrom('equipmentPostings')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where((eb) => eb.or([eb('availableTo', 'is', null), eb('availableTo', '>=', now)]))
    .orderBy('availableFrom')
    .orderBy('id')
    .execute();
}

export function findPosting(tx: Tx, carrierCompanyId: string, id: string) {
  return tx
    .selectFrom('equipmentPostings')
    .selectAll()
    .where('carrierCompanyId', '=', carrierCompanyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertPosting(tx: Tx, values: Insertable<EquipmentPostings>) {
  return tx.insertInto('equipmentPostings').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deletePosting(tx: Tx, id: string) {
  await tx.deleteFrom('equipmentPostings').where('id', '=', id).execute();
}
