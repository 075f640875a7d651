import type { ApiKeyList, ApiKeyResponse, CreateApiKeyBody, CreatedApiKey } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeyListOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: async ({ signal }) =>
      (await apiRequest<ApiKeyList>('/api/v1/api_keys', { signal })).data,
  });

export const useApiKeys = () => useQuery(apiKeyListOptions());

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyBody) =>
      (await apiRequest<CreatedApiKey>('/api/v1/api_keys', { method: 'POST', body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest<ApiKeyResponse>(`/api/v1/api_keys/${encodeURIComponent(id)}`, {
          method: 'DELETE',
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
