import { describe, expect, it } from 'vitest';
import { userMenuEntries, visibleNavigation, type NavigationSubject } from './navigation';

const labels = (subject: NavigationSubject) =>
  visibleNavigation(subject).map((group) => [
    group.label ?? '',
    group.items.map((item) => item.label),
  ]);

describe('side navigation', () => {
  it('shows a carrier with a 3PL network everything', () => {
    expect(
      labels({
        roles: ['Admin'],
        permissions: ['CarrierPortal'],
        isBroker: false,
        has3PLNetwork: true,
      }),
    ).toEqual([
      ['', ['Dashboard']],
      ['Load Board', ['Load Board', 'Live Equipment', 'Saved Lanes', 'Top Picks']],
      ['Manage Freight', ['Shipments', 'Tenders', 'Rate Requests']],
      [
        'Financials',
        ['Accounting', 'Payment Remittance', 'Third Party Payer Invoices', 'Accessorial Requests'],
      ],
      ['Account', ['Videos', 'Contacts', 'Support', 'Logout']],
    ]);
  });

  it('hides the load board group and accessorial requests from brokers, and 3PL invoices without a network', () => {
    expect(
      labels({ roles: [], permissions: ['CarrierPortal'], isBroker: true, has3PLNetwork: false }),
    ).toEqual([
      ['', ['Dashboard']],
      ['Manage Freight', ['Shipments', 'Tenders', 'Rate Requests']],
      ['Financials', ['Accounting', 'Payment Remittance']],
      ['Account', ['Videos', 'Contacts', 'Support', 'Logout']],
    ]);
  });

  it('gives a driver shipments and accessorial requests, a factoring user the money', () => {
    expect(
      labels({
        roles: ['Driver'],
        permissions: ['DriverPortal'],
        isBroker: false,
        has3PLNetwork: true,
      }),
    ).toEqual([
      // The dashboard would only send a driver on to the shipments.
      ['Manage Freight', ['Shipments']],
      ['Financials', ['Accessorial Requests']],
      ['Account', ['Support', 'Logout']],
    ]);
    expect(
      labels({
        roles: ['AR'],
        permissions: ['FactoringCompanyPortal'],
        isBroker: false,
        has3PLNetwork: false,
      }),
    ).toEqual([
      ['Financials', ['Accounting', 'Payment Remittance']],
      ['Account', ['Support', 'Logout']],
    ]);
  });

  it("gives the operator's staff their Operations page, never a dashboard that refuses them", () => {
    expect(
      labels({ roles: ['Admin'], permissions: ['Admin'], isBroker: false, has3PLNetwork: false }),
    ).toEqual([
      ['Financials', ['Accounting', 'Payment Remittance', 'Accessorial Requests']],
      ['Operations', ['Queues', 'Tendering', 'Rate Offers']],
      ['Account', ['Support', 'Logout']],
    ]);
  });

  it('shows Third Party Payer Invoices only to users its route admits', () => {
    const financials = (subject: NavigationSubject) =>
      visibleNavigation(subject)
        .find((group) => group.label === 'Financials')
        ?.items.map((item) => item.label) ?? [];
    const billing = { isBroker: false, has3PLNetwork: true, roles: ['BillTo'] };
    expect(financials({ ...billing, permissions: ['CarrierPortal'] })).toContain(
      'Third Party Payer Invoices',
    );
    // A dispatcher (no billing role) and a billing-settings user without a portal would be sent away.
    expect(financials({ ...billing, roles: [], permissions: ['CarrierPortal'] })).not.toContain(
      'Third Party Payer Invoices',
    );
    expect(financials({ ...billing, permissions: ['CarrierBillingSettings'] })).toEqual([]);
  });
});

describe('user menu', () => {
  it('offers profile, contacts or admin, API documentation to admins on wide screens, and logout', () => {
    const carrierAdmin = { roles: ['Admin'], permissions: ['CarrierPortal'] };
    expect(userMenuEntries(carrierAdmin, true)).toEqual([
      'My Profile',
      'Admin',
      'API Documentation',
      'Logout',
    ]);
    expect(userMenuEntries(carrierAdmin, false)).toEqual(['My Profile', 'Admin', 'Logout']);
    expect(userMenuEntries({ roles: [], permissions: ['CarrierPortal'] }, true)).toEqual([
      'My Profile',
      'Contacts',
      'Logout',
    ]);
    expect(userMenuEntries({ roles: ['Driver'], permissions: ['DriverPortal'] }, true)).toEqual([
      'My Profile',
      'Logout',
    ]);
    expect(userMenuEntries({ roles: ['Admin'], permissions: ['Admin'] }, true)).toEqual([
      'API Documentation',
      'Logout',
    ]);
  });
});
