import type { OrderFilterFields } from '@portal/contract';

/** One key per resource; a write invalidates the lists, the counts and the order it changed. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderFilterFields) => [...orderKeys.lists(), filters] as const,
  counts: () => [...orderKeys.all, 'status-counts'] as const,
  filterSets: () => [...orderKeys.all, 'filter-sets'] as const,
  detail: (orderNumber: string) => [...orderKeys.all, 'detail', orderNumber] as const,
  consolidatable: (orderNumber: string) =>
    [...orderKeys.all, 'consolidatable', orderNumber] as const,
  rates: (orderId: string) => [...orderKeys.all, 'rates', orderId] as const,
};
