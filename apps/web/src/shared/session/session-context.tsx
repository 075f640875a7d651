import type { CurrentUser } from '@portal/contract';
import { createContext, useContext, type ReactNode } from 'react';
import type { Session } from './session-query';

const SessionContext = createContext<Session | null>(null);

/** Given by the authenticated app once the session has loaded; everything inside may rely on it. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSessionContext(hook: string): Session {
  const session = useContext(SessionContext);
  // A shared context used outside its provider is a developer error (spec section 8).
  if (!session) throw new Error(`${hook} must be used inside the authenticated app`);
  return session;
}

/** The spec's Current user, with the roles and permissions this session acts with. */
export function useCurrentUser(): CurrentUser {
  return useSessionContext('useCurrentUser').user;
}

/** Driver app mode: opened from a driver link; the top bar and navigation are hidden. */
export function useDriverAppMode(): boolean {
  return useSessionContext('useDriverAppMode').driverMode;
}

export function useSession(): Session {
  return useSessionContext('useSession');
}
