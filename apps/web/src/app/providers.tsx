import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOTIFICATION_DURATION_MS } from '@portal/domain';
import { handleApiError, reportApiError, Toaster } from '../shared/notifications';
import { handleUnauthorized, isUnauthorized } from '../shared/session';

/** The app's query cache; a 401 from any call goes to the one handler (shared/session). */
export function createQueryClient(): QueryClient {
  // A call that expects a 401 as an answer of its own says so with meta.handlesUnauthorized.
  const unauthorized = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (!isUnauthorized(error)) return false;
    if (!meta?.handlesUnauthorized) handleUnauthorized(client);
    return true;
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (unauthorized(error, query.meta)) return;
        // Screens show a failed read where it belongs; meta.errorToast asks for the toast too.
        if (query.meta?.errorToast) handleApiError(error);
        else reportApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (unauthorized(error, mutation.meta)) return;
        // A write with its own onError tells the user itself (the spec's own wording).
        if (mutation.options.onError || mutation.meta?.handlesError) reportApiError(error);
        else handleApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !isUnauthorized(error) && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
  return client;
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <>
      <Toaster maxSnack={4} autoHideDuration={NOTIFICATION_DURATION_MS} preventDuplicate />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </>
  );
}
