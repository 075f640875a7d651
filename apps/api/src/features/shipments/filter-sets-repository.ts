import { filterSetStore } from '../../shared/filter-sets/repository';

// Saved views of the shipment lists, per user: lists "shipments.booking" and "shipments.tracking".

export const {
  storedListName,
  listFilterSets,
  findFilterSet,
  findFilterSetByName,
  insertFilterSet,
  updateFilterSet,
  deleteFilterSet,
} = filterSetStore('shipments');
