import type {
  EquipmentPostingAnswer,
  EquipmentPostingBody,
  EquipmentPostingList,
  LoadBoardPage,
  SavedLaneAnswer,
  SavedLaneBody,
  SavedLaneList,
} from '@portal/contract';
import { LIST_PAGE_SIZE } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { loadBoardKeys } from './load-board-keys';

export function useSavedLanes() {
  return useQuery({
    queryKey: loadBoardKeys.lanes(),
    queryFn: ({ signal }) => apiRequest<SavedLaneList>('/api/v2/saved_lanes', { signal }),
  });
}

export function useSaveLane() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SavedLaneBody }) =>
      apiRequest<SavedLaneAnswer>(id ? `/api/v2/saved_lanes/${id}` : '/api/v2/saved_lanes', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: loadBoardKeys.lanes() }),
    meta: { handlesError: true },
  });
}

export function useDeleteLane() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/v2/saved_lanes/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: loadBoardKeys.lanes() }),
  });
}

export function usePostings() {
  return useQuery({
    queryKey: loadBoardKeys.postings(),
    queryFn: ({ signal }) =>
      apiRequest<EquipmentPostingList>('/api/v2/equipment_postings', { signal }),
  });
}

export function useCreatePosting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EquipmentPostingBody) =>
      apiRequest<EquipmentPostingAnswer>('/api/v2/equipment_postings', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: loadBoardKeys.postings() }),
    meta: { handlesError: true },
  });
}

export function useDeletePosting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/v2/equipment_postings/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: loadBoardKeys.postings() }),
  });
}

export function usePostingMatches(postingId: string, enabled: boolean) {
  return useQuery({
    queryKey: loadBoardKeys.postingMatches(postingId),
    queryFn: ({ signal }) =>
      apiRequest<LoadBoardPage>(`/api/v2/equipment_postings/${postingId}/matches`, {
        signal,
        query: { page: 1, pageSize: LIST_PAGE_SIZE },
      }),
    enabled,
  });
}
