import {
  decideRouteAccess,
  defaultLandingPath,
  hasAccess,
  resolvePortalPath,
  type AccessRequirement,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../session';
import { NotFoundPage } from '../ui/not-found-page';
import { NotAuthorized } from './not-authorized';

/**
 * The permission guard of spec section 2 for the whole authenticated app: the route table in
 * packages/domain decides, for the current path, between the page, the refusal message (or the
 * redirect the spec gives), "Route Not Found" inside a section, and the default landing.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const resolution = resolvePortalPath(pathname);
  if (resolution.kind === 'alias') return <Navigate to={`${resolution.to}${search}`} replace />;
  if (resolution.kind === 'landing') return <Navigate to={defaultLandingPath(user)} replace />;
  if (resolution.kind === 'not-found') return <NotFoundPage inShell />;
  const decision = decideRouteAccess(user, resolution.match.route);
  if (decision.allowed) return <>{children}</>;
  if (decision.refusal.kind === 'redirect' && decision.refusal.to !== pathname) {
    return <Navigate to={decision.refusal.to} replace />;
  }
  return <NotAuthorized />;
}

/** The same rule for a part of a page: the refusal message unless the user holds the access. */
export function RequireAccess({
  need,
  children,
}: {
  need: AccessRequirement;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  return hasAccess(user, need) ? <>{children}</> : <NotAuthorized />;
}
