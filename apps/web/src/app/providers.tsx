import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { NOTIFICATION_DURATION_MS } from '@portal/domain';
import { handleUnauthorized, isUnauthorized } from '../shared/session';
import { theme } from './theme';

/** The app's query cache; a 401 from any call goes to the one handler (shared/session). */
export function createQueryClient(): QueryClient {
  // A call that expects a 401 as an answer of its own says so with meta.handlesUnauthorized.
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (isUnauthorized(error) && !meta?.handlesUnauthorized) handleUnauthorized(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={4} autoHideDuration={NOTIFICATION_DURATION_MS} preventDuplicate>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
