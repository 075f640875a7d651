import { describe, expect, it } from 'vitest';
import { userMenuEntries, visibleNavigation, type NavigationSubject } from './navigation';
import { decideRouteAccess, matchPortalRoute } from './routes';

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
      ['Account', ['Videos', 'Contacts', 'Locations', 'Support', 'Logout']],
    ]);
  });

  it('hides the load board group and accessorial requests from brokers, and 3PL invoices without a network', () => {
    expect(
      labels({ roles: [], permissions: ['CarrierPortal'], isBroker: true, has3PLNetwork: false }),
    ).toEqual([
      ['', ['Dashboard']],
      // Orders are the brokers' alone (decision 175).
      ['Manage Freight', ['Shipments', 'Tenders', 'Rate Requests', 'Orders']],
      ['Financials', ['Accounting', 'Payment Remittance']],
      ['Account', ['Videos', 'Contacts', 'Locations', 'Support', 'Logout']],
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
      // A factoring company has no 3PL network of its own; it works its carriers' invoices.
      ['Financials', ['Accounting', 'Payment Remittance', 'Third Party Payer Invoices']],
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

  it('asks a 3PL network of carriers, not of factoring users (decision 230)', () => {
    const financials = (subject: NavigationSubject) =>
      visibleNavigation(subject)
        .find((group) => group.label === 'Financials')
        ?.items.map((item) => item.label) ?? [];
    const carrierBilling = { roles: ['BillTo'], permissions: ['CarrierPortal'], isBroker: false };
    expect(financials({ ...carrierBilling, has3PLNetwork: true })).toContain(
      'Third Party Payer Invoices',
    );
    expect(financials({ ...carrierBilling, has3PLNetwork: false })).not.toContain(
      'Third Party Payer Invoices',
    );
    // A carrier that also holds the factoring portal is still a carrier: it needs the network.
    expect(
      financials({
        ...carrierBilling,
        permissions: ['CarrierPortal', 'FactoringCompanyPortal'],
        has3PLNetwork: false,
      }),
    ).not.toContain('Third Party Payer Invoices');
  });

  it('offers a factoring user Third Party Payer Invoices exactly when the route admits it', () => {
    const route = matchPortalRoute('/third-party-payer-invoices')!.route;
    const roleSets = [[], ['AR'], ['AP'], ['BillTo'], ['BillingInquiry'], ['Admin'], ['Driver']];
    const offered: string[] = [];
    for (const roles of roleSets) {
      for (const has3PLNetwork of [false, true]) {
        const subject = {
          roles,
          permissions: ['FactoringCompanyPortal'],
          isBroker: false,
          has3PLNetwork,
        };
        const entry = visibleNavigation(subject)
          .flatMap((group) => group.items)
          .some((item) => item.path === '/third-party-payer-invoices');
        expect(entry, `${roles.join(',')} network ${has3PLNetwork}`).toBe(
          decideRouteAccess(subject, route).allowed,
        );
        if (entry) offered.push(`${roles.join(',')}/${has3PLNetwork}`);
      }
    }
    // The comparison above must not hold only because neither side ever admits.
    expect(offered).toEqual([
      'AR/false',
      'AR/true',
      'AP/false',
      'AP/true',
      'BillTo/false',
      'BillTo/true',
      'BillingInquiry/false',
      'BillingInquiry/true',
      'Admin/false',
      'Admin/true',
    ]);
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
