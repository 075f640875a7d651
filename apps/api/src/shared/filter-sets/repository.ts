import type { Tx } from '../../db/database';

// Saved views of a list, per user, in one table for every list: a feature's lists are stored under
// its own prefix ("shipments.booking", "orders"), so each feature reads and writes only its own.

export interface FilterSetStore {
  storedListName(listName: string): string;
  listFilterSets(
    tx: Tx,
    userId: string,
    listNames: readonly string[],
  ): ReturnType<typeof selectFilterSets>;
  findFilterSet(tx: Tx, userId: string, id: string): ReturnType<typeof selectFilterSet>;
  findFilterSetByName(
    tx: Tx,
    userId: string,
    listName: string,
    viewName: string,
  ): Promise<{ id: string } | undefined>;
  insertFilterSet(tx: Tx, row: NewFilterSet): ReturnType<typeof insertRow>;
  updateFilterSet(tx: Tx, id: string, row: FilterSetChange): ReturnType<typeof updateRow>;
  deleteFilterSet(tx: Tx, id: string): Promise<void>;
}

export interface NewFilterSet {
  userId: string;
  companyId: string;
  listName: string;
  viewName: string;
  filterFields: unknown;
}
export interface FilterSetChange {
  listName: string;
  viewName: string;
  filterFields: unknown;
}

function selectFilterSets(tx: Tx, userId: string, storedNames: readonly string[]) {
  return tx
    .selectFrom('savedFilterSets')
    .selectAll()
    .where('userId', '=', userId)
    .where('listName', 'in', storedNames)
    .orderBy('listName')
    .orderBy('viewName')
    .execute();
}

function selectFilterSet(tx: Tx, userId: string, id: string, prefix: string) {
  return tx
    .selectFrom('savedFilterSets')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('listName', '=', prefix), eb('listName', 'like', `${prefix}.%`)]))
    .executeTakeFirst();
}

function insertRow(tx: Tx, row: NewFilterSet) {
  return tx
    .insertInto('savedFilterSets')
    .values({ ...row, filterFields: JSON.stringify(row.filterFields) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function updateRow(tx: Tx, id: string, row: FilterSetChange) {
  return tx
    .updateTable('savedFilterSets')
    .set({ ...row, filterFields: JSON.stringify(row.filterFields) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The saved views of one feature's lists; a list named "" is stored as the prefix alone. */
export function filterSetStore(prefix: string): FilterSetStore {
  const storedListName = (listName: string) => (listName ? `${prefix}.${listName}` : prefix);
  return {
    storedListName,
    listFilterSets: (tx, userId, listNames) =>
      selectFilterSets(tx, userId, listNames.map(storedListName)),
    findFilterSet: (tx, userId, id) => selectFilterSet(tx, userId, id, prefix),
    findFilterSetByName: (tx, userId, listName, viewName) =>
      tx
        .selectFrom('savedFilterSets')
        .select('id')
        .where('userId', '=', userId)
        .where('listName', '=', storedListName(listName))
        .where('viewName', '=', viewName)
        .executeTakeFirst(),
    insertFilterSet: (tx, row) => insertRow(tx, { ...row, listName: storedListName(row.listName) }),
    updateFilterSet: (tx, id, row) =>
      updateRow(tx, id, { ...row, listName: storedListName(row.listName) }),
    deleteFilterSet: async (tx, id) => {
      await tx.deleteFrom('savedFilterSets').where('id', '=', id).execute();
    },
  };
}
