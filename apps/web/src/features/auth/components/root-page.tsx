import { SIGN_IN_MESSAGES, defaultLandingPath } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import {
  forgetReturnPath,
  isUnauthorized,
  readReturnPath,
  sessionQueryOptions,
  startSignIn,
} from '../../../shared/session';
import { AuthProgress } from './auth-card';

/**
 * The root: with a session, the path the user was sent away from, or the default landing for
 * their kind (accounting for factoring users, dashboard for carriers, all shipments for drivers);
 * without one, the identity provider, coming back to that path.
 */
export function RootPage() {
  const session = useQuery(sessionQueryOptions());
  const returnPath = readReturnPath();
  const signedOut = session.data === null || (session.isError && isUnauthorized(session.error));
  useEffect(() => {
    if (session.data || signedOut) forgetReturnPath();
    if (signedOut) startSignIn(returnPath ? { returnTo: returnPath } : {});
  }, [session.data, signedOut, returnPath]);
  if (session.data) {
    return <Navigate to={returnPath ?? defaultLandingPath(session.data.user)} replace />;
  }
  if (session.isError && !signedOut) throw session.error;
  return <AuthProgress label={SIGN_IN_MESSAGES.signingIn} />;
}
