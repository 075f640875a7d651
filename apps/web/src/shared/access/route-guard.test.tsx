import type { CurrentUser } from '@portal/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider, type Session } from '../session';
import { RouteGuard } from './route-guard';

function sessionOf(user: Partial<CurrentUser>): Session {
  return {
    user: {
      roles: [],
      permissions: [],
      isBroker: false,
      firstName: 'Pat',
      lastName: 'Tester',
      ...user,
    } as CurrentUser,
    driverMode: false,
    signInNotice: false,
    via: 'session',
    idleTimeoutSeconds: 3600,
    expiresAt: null,
  };
}

const driver = sessionOf({ roles: ['Driver'], permissions: ['DriverPortal'] });
const factoring = sessionOf({ roles: ['AR'], permissions: ['FactoringCompanyPortal'] });
const broker = sessionOf({ roles: ['Admin'], permissions: ['CarrierPortal'], isBroker: true });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, session: Session) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider session={session}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <RouteGuard>
                  <p>page content</p>
                </RouteGuard>
                <Where />
              </>
            }
          />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('RouteGuard', () => {
  it('shows the page to a user the route table lets in', () => {
    renderAt('/accounting/400001/preview', factoring);
    expect(screen.getByText('page content')).toBeTruthy();
  });

  it('refuses with the spec’s message', () => {
    renderAt('/accounting', driver);
    expect(screen.getByRole('alert').textContent).toBe('You are not Authorized for this content');
    expect(screen.queryByText('page content')).toBeNull();
  });

  it('applies the broker flag to the load board and accessorial requests', () => {
    renderAt('/reloads', broker);
    expect(screen.getByText('You are not Authorized for this content')).toBeTruthy();
  });

  it('sends a refused dashboard visitor to all shipments, and an unknown area to the landing', () => {
    renderAt('/dashboard/rates', driver);
    expect(screen.getByTestId('where').textContent).toBe('/all-shipments');
    cleanup();
    renderAt('/somewhere-else', factoring);
    expect(screen.getByTestId('where').textContent).toBe('/accounting');
  });

  it('shows Route Not Found for an unknown path inside a section', () => {
    renderAt('/tenders/1/2/3', broker);
    expect(screen.getByRole('heading', { name: 'Route Not Found' })).toBeTruthy();
  });

  it('is a developer error outside the authenticated app', () => {
    expect(() =>
      render(
        <MemoryRouter>
          <RouteGuard>
            <p>x</p>
          </RouteGuard>
        </MemoryRouter>,
      ),
    ).toThrow('useCurrentUser must be used inside the authenticated app');
  });
});
