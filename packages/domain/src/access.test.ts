import { describe, expect, it } from 'vitest';
import {
  NOT_AUTHORIZED_MESSAGE,
  PERMISSIONS,
  Permission,
  ROLES,
  Role,
  canSeeExpiredTrackingTokenDialog,
  hasAccess,
  isDriverOnlyUser,
  normalizeRoleName,
  parsePermission,
  parseRole,
} from './access';

describe('roles and permissions', () => {
  it('names the five permissions and six roles of the spec', () => {
    expect(PERMISSIONS).toEqual([
      'CarrierPortal',
      'DriverPortal',
      'FactoringCompanyPortal',
      'CarrierBillingSettings',
      'Admin',
    ]);
    expect(ROLES).toEqual(['Admin', 'Driver', 'BillTo', 'BillingInquiry', 'AP', 'AR']);
  });

  it('normalises role names by removing spaces and hyphens', () => {
    expect(normalizeRoleName('Bill-to')).toBe('BillTo');
    expect(normalizeRoleName('Billing Inquiry')).toBe('BillingInquiry');
    expect(normalizeRoleName(' Bill - To ')).toBe('BillTo');
    expect(normalizeRoleName('AP')).toBe('AP');
    expect(normalizeRoleName('Admin')).toBe('Admin');
  });

  it('parses free-form role and permission names', () => {
    expect(parseRole('Bill-to')).toBe(Role.BillTo);
    expect(parseRole('billing inquiry')).toBe(Role.BillingInquiry);
    expect(parseRole('ap')).toBe(Role.AP);
    expect(parseRole('Dispatcher')).toBeUndefined();
    expect(parsePermission('carrierportal')).toBe(Permission.CarrierPortal);
    expect(parsePermission('Portal')).toBeUndefined();
  });

  it('words the refusal as the spec does', () => {
    expect(NOT_AUTHORIZED_MESSAGE).toBe('You are not Authorized for this content');
  });
});

describe('hasAccess', () => {
  const carrier = { roles: ['AP'], permissions: ['CarrierPortal'] };
  const thirdPartyNeed = {
    roles: [Role.Admin, Role.BillTo, Role.BillingInquiry, Role.AP, Role.AR],
    permissions: [Permission.CarrierPortal, Permission.FactoringCompanyPortal, Permission.Admin],
  };

  it('needs any one required role and any one required permission', () => {
    expect(hasAccess(carrier, thirdPartyNeed)).toBe(true);
    expect(
      hasAccess({ roles: ['Bill-to'], permissions: ['FactoringCompanyPortal'] }, thirdPartyNeed),
    ).toBe(true);
    expect(hasAccess({ roles: ['Driver'], permissions: ['CarrierPortal'] }, thirdPartyNeed)).toBe(
      false,
    );
    expect(hasAccess({ roles: ['AP'], permissions: ['DriverPortal'] }, thirdPartyNeed)).toBe(false);
  });

  it('checks only what the requirement names', () => {
    const need = { permissions: [Permission.CarrierPortal, Permission.DriverPortal] };
    expect(hasAccess({ roles: [], permissions: ['DriverPortal'] }, need)).toBe(true);
    expect(hasAccess({ roles: ['Admin'], permissions: [] }, need)).toBe(false);
    expect(hasAccess({ roles: ['Admin'], permissions: [] }, { roles: [Role.Admin] })).toBe(true);
    expect(hasAccess({ roles: [], permissions: [] }, {})).toBe(true);
  });

  it('refuses anyone signed out, and an empty list grants nothing', () => {
    expect(hasAccess(undefined, {})).toBe(false);
    expect(hasAccess(null, { permissions: [Permission.CarrierPortal] })).toBe(false);
    expect(hasAccess(carrier, { roles: [] })).toBe(false);
  });
});

describe('driver users', () => {
  it('is a driver user only when Driver is the only role', () => {
    expect(isDriverOnlyUser(['Driver'])).toBe(true);
    expect(isDriverOnlyUser(['Driver', 'Admin'])).toBe(false);
    expect(isDriverOnlyUser(['AP'])).toBe(false);
    expect(isDriverOnlyUser([])).toBe(false);
  });

  it('shows the expired tracking-token dialog to admins only', () => {
    expect(canSeeExpiredTrackingTokenDialog(['Admin'])).toBe(true);
    expect(canSeeExpiredTrackingTokenDialog(['Admin', 'Driver'])).toBe(true);
    expect(canSeeExpiredTrackingTokenDialog(['Driver'])).toBe(false);
    expect(canSeeExpiredTrackingTokenDialog(['AP'])).toBe(false);
  });
});
