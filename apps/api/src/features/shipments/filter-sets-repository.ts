import type { Tx } from '../../db/database';

// Saved views of the shipment lists, per user. Stored as list "shipments.booking" or
// "shipments.tracking" beside other lists' filter sets.

export const storedListName = (listName: string) => `shipments.${listName}`;

export function listFilterSets(tx: Tx, userId: string, listNames: readonly string[]) {
  return tx
    .selectFrom('savedFilterSets')
    .selectAll()
    .where('userId', '=', userId)
    .where('listName', 'in', listNames.map(storedListName))
    .orderBy('listName')
    .orderBy('viewName')
    .execute();
}

export function findFilterSet(tx: Tx, userId: string, id: string) {
  return tx
    .selectFrom('savedFilterSets')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where('listName', 'like', 'shipments.%')
    .executeTakeFirst();
}

export function findFilterSetByName(tx: Tx, userId: string, listName: string, viewName: string) {
  return tx
    .selectFrom('savedFilterSets')
    .select('id')
    .where('userId', '=', userId)
    .where('listName', '=', storedListName(listName))
    .where('viewName', '=', viewName)
    .executeTakeFirst();
}

export function insertFilterSet(
  tx: Tx,
  row: {
    userId: string;
    companyId: string;
    listName: string;
    viewName: string;
    filterFields: unknown;
  },
) {
  return tx
    .insertInto('savedFilterSets')
    .values({
      userId: row.userId,
      companyId: row.companyId,
      listName: storedListName(row.listName),
      viewName: row.viewName,
      filterFields: JSON.stringify(row.filterFields),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateFilterSet(
  tx: Tx,
  id: string,
  row: { listName: string; viewName: string; filterFields: unknown },
) {
  return tx
    .updateTable('savedFilterSets')
    .set({
      listName: storedListName(row.listName),
      viewName: row.viewName,
      filterFields: JSON.stringify(row.filterFields),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFilterSet(tx: Tx, id: string) {
  await tx.deleteFrom('savedFilterSets').where('id', '=', id).execute();
}
