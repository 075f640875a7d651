import type { SessionInfo, SessionState } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client';

export type Session = SessionInfo['data'];

/** The browser's session (GET /auth/session), or null when signed out: one key for the app. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'] as const,
    queryFn: async ({ signal }): Promise<Session | null> =>
      (await apiRequest<SessionState>('/auth/session', { signal })).data,
    retry: false,
    staleTime: 60_000,
  });
