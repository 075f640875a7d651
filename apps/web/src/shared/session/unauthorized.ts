import { isPublicPath } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { currentPath, rememberReturnPath } from './sign-in';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The one place a 401 is handled (spec section 4): clear the client's state, remember where the
 * user was, go to the root, which sends them to sign in and back here afterwards. Public pages
 * handle their own 401s (they expect them).
 */
export function handleUnauthorized(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'assign'> = window.location,
): boolean {
  if (isPublicPath(location.pathname)) return false;
  queryClient.clear();
  sessionStorage.clear();
  rememberReturnPath(currentPath(location));
  location.assign('/');
  return true;
}
