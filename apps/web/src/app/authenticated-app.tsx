import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AUTH_MESSAGES, LOGIN_NOTIFICATION_DURATION_MS, SIGN_IN_MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../shared/notifications';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AuthProgress } from '../features/auth/components/auth-card';
import { RouteGuard } from '../shared/access';
import {
  SessionProvider,
  driverTokenIn,
  handleUnauthorized,
  isUnauthorized,
  openDriverSession,
  sessionQueryOptions,
  withoutDriverToken,
} from '../shared/session';
import { AuthenticatedFrame } from './authenticated-frame';
import { createStyleCache } from './style-cache';
import { portalTheme } from './theme';

// Seen once per person and version: its code loads only for who must accept (shell budget).
const AccessTermsPage = lazy(async () => ({
  default: (await import('../features/access-terms/components/access-terms-page')).AccessTermsPage,
}));
const DriverLinkRefused = lazy(() => import('./driver-link-refused'));

const styleCache = createStyleCache();

/** MUI's theme, made before the frame first draws (the router calls this in a task of its own). */
export const prepareTheme = () => void portalTheme();

/**
 * The app behind sign-in. A driver link (?driverToken=) is exchanged for a driver session first;
 * then the session is loaded and every page passes the route guard. Without a session the
 * one 401 handler sends the user to sign in and back.
 */
export function AuthenticatedApp() {
  // MUI's theme and baseline styles start here: the screens before sign-in do without them
  // (decision 269). Their styles carry only the prefixes today's browsers need (decision 270).
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={portalTheme()}>
        <CssBaseline />
        <SignedInRoutes />
      </ThemeProvider>
    </CacheProvider>
  );
}

function SignedInRoutes() {
  const location = useLocation();
  const driverToken = driverTokenIn(location.search);
  if (driverToken) return <DriverLinkExchange driverToken={driverToken} />;
  return <SessionGate />;
}

function DriverLinkExchange({ driverToken }: { driverToken: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef<string | null>(null);
  const exchange = useMutation({
    mutationFn: openDriverSession,
    // A link that is not valid is answered here, not by sending the driver to sign in.
    meta: { handlesUnauthorized: true, handlesError: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: sessionQueryOptions().queryKey });
      navigate(withoutDriverToken(location), { replace: true });
    },
  });
  useEffect(() => {
    // Once per token, even when React runs effects twice.
    if (started.current === driverToken) return;
    started.current = driverToken;
    exchange.mutate(driverToken);
  }, [driverToken, exchange]);
  if (exchange.isError) {
    return (
      <Suspense fallback={<AuthProgress label={SIGN_IN_MESSAGES.signingIn} />}>
        <DriverLinkRefused />
      </Suspense>
    );
  }
  return <AuthProgress label={SIGN_IN_MESSAGES.signingIn} />;
}

function SessionGate() {
  const session = useQuery(sessionQueryOptions());
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const notice = session.data?.signInNotice === true;
  const signedOut = session.data === null;
  useEffect(() => {
    // No session and no sign-in in progress: off to the provider, and back here afterwards.
    if (signedOut) handleUnauthorized(queryClient);
  }, [signedOut, queryClient]);
  useEffect(() => {
    if (notice)
      enqueueSnackbar(AUTH_MESSAGES.loginSuccessful, {
        variant: 'success',
        autoHideDuration: LOGIN_NOTIFICATION_DURATION_MS,
      });
  }, [notice, enqueueSnackbar]);
  if (session.isError && !isUnauthorized(session.error)) throw session.error;
  if (!session.isSuccess || session.data === null)
    return <AuthProgress label={SIGN_IN_MESSAGES.signingIn} />;
  // Nothing but the access terms until the user accepts those in force (decision 180); a driver
  // link acts for no one who signs in.
  const mustAcceptTerms =
    !session.data.user.hasAcceptedAccessTermsAndConditions && !session.data.driverMode;
  return (
    <SessionProvider session={session.data}>
      {mustAcceptTerms ? (
        <Suspense fallback={<AuthProgress label={SIGN_IN_MESSAGES.signingIn} />}>
          <AccessTermsPage />
        </Suspense>
      ) : (
        <AuthenticatedFrame>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </AuthenticatedFrame>
      )}
    </SessionProvider>
  );
}
