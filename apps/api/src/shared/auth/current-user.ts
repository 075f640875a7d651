import type { CurrentUser } from '@portal/contract';
import type { Tx } from '../../db/database';

/** Reads the spec's Current user entity for one user, inside the caller's transaction. */
export async function findCurrentUser(tx: Tx, userId: string): Promise<CurrentUser | undefined> {
  const row = await tx
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.companyId')
    .select([
      'u.id',
      'u.companyId',
      'u.firstName',
      'u.lastName',
      'u.userName',
      'u.functionTitle',
      'u.roles',
      'u.permissions',
      'u.accessLevels',
      'u.isPortalEnabled',
      'u.linkedInProfileUrl',
      'u.profileDocumentId',
      'u.hasAcceptedTerms',
      'c.name as companyName',
      'c.companyNumber',
      'c.kind',
      'c.is3pl',
      'c.isBroker',
      'c.isOnHold',
      'c.isBookable',
      'c.has3plNetwork',
      'c.trackingIntegrationExpiresAt',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [emails, phones, locations] = await Promise.all([
    tx
      .selectFrom('userEmails')
      .select(['value', 'emailType', 'isPrimary'])
      .where('userId', '=', userId)
      .orderBy('isPrimary', 'desc')
      .execute(),
    tx
      .selectFrom('userPhones')
      .select(['phoneNumber', 'extension', 'phoneType', 'isPrimary'])
      .where('userId', '=', userId)
      .orderBy('isPrimary', 'desc')
      .execute(),
    tx
      .selectFrom('userLocations as ul')
      .innerJoin('locations as l', 'l.id', 'ul.locationId')
      .select(['l.id', 'l.name', 'l.city', 'l.province'])
      .where('ul.userId', '=', userId)
      .execute(),
  ]);
  const expiresAt = row.trackingIntegrationExpiresAt;
  return {
    id: row.id,
    contactId: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    companyNumber: row.companyNumber,
    companyKind: row.kind as CurrentUser['companyKind'],
    firstName: row.firstName,
    lastName: row.lastName,
    userName: row.userName,
    title: row.functionTitle,
    functionTitle: row.functionTitle,
    roles: row.roles,
    permissions: row.permissions,
    accessLevels: row.accessLevels,
    emailAddresses: emails.map((email) => ({
      value: email.value,
      type: email.emailType,
      isPrimary: email.isPrimary,
    })),
    phoneNumbers: phones.map((phone) => ({
      value: phone.phoneNumber,
      extension: phone.extension,
      type: phone.phoneType,
      isPrimary: phone.isPrimary,
    })),
    isPortalEnabled: row.isPortalEnabled,
    linkedInProfileUrl: row.linkedInProfileUrl,
    locations: locations.map((location) => ({
      id: location.id,
      name: location.name,
      city: location.city,
      state: location.province,
    })),
    is3PL: row.is3pl,
    isCarrier: row.kind === 'carrier',
    isBroker: row.isBroker,
    isOnHold: row.isOnHold,
    isBookable: row.isBookable,
    has3PLNetwork: row.has3plNetwork,
    fileId: row.profileDocumentId,
    hasAcceptedAccessTermsAndConditions: row.hasAcceptedTerms,
    trackingIntegration: {
      samsaraIsExpired: expiresAt !== null && expiresAt.getTime() < Date.now(),
    },
  };
}
