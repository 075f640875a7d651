import type { ClientConfig } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';

export type ClientSettings = ClientConfig['data'];

/** The server's whitelisted configuration: environment, help desk link, monitoring collector. */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<ClientConfig>('/api/v1/client_config', { signal })).data,
    // Read once per page load: a replay setting an administrator changes applies from the next one.
    staleTime: Infinity,
  });

export function useClientConfig(): ClientSettings | undefined {
  return useQuery(clientConfigQueryOptions()).data;
}

/** The environments that show the "UAT Data" badge. */
export function showsUatBadge(appEnv: ClientSettings['appEnv']): boolean {
  return appEnv === 'local' || appEnv === 'test' || appEnv === 'uat';
}
