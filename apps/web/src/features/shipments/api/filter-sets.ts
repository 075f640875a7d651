import type { FilterSetAnswer, FilterSetBody, FilterSetList } from '@portal/contract';
import type { ShipmentListName } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { shipmentKeys } from '../../../shared/shipments/shipment-keys';

const PATH = '/api/v2/shipments/filter_sets';
const filterSetKeys = {
  all: [...shipmentKeys.all, 'filter-sets'] as const,
  list: (listName: ShipmentListName) => [...filterSetKeys.all, listName] as const,
};

/** The user's saved views (viewName, filterFields) of one list. */
export function useFilterSets(listName: ShipmentListName) {
  return useQuery({
    queryKey: filterSetKeys.list(listName),
    queryFn: ({ signal }) => apiRequest<FilterSetList>(PATH, { signal, query: { listName } }),
  });
}

export function useSaveFilterSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FilterSetBody) =>
      apiRequest<FilterSetAnswer>(PATH, { method: 'POST', body }),
    meta: { handlesError: true },
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: filterSetKeys.list(body.listName) }),
  });
}

export function useDeleteFilterSet(listName: ShipmentListName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filterSetId: string) =>
      apiRequest<void>(`${PATH}/${encodeURIComponent(filterSetId)}`, { method: 'DELETE' }),
    meta: { handlesError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filterSetKeys.list(listName) }),
  });
}
