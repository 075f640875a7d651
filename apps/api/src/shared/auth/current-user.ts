import type { CurrentUser } from '@portal/contract';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Tx } from '../../db/database';
import { acceptedCurrentAccessTerms } from './access-terms';

/**
 * The Current user entity as stored: everything but what depends on the time it is read (whether the
 * tracking integration has expired), so that it can be kept for a few seconds (auth-cache.ts).
 */
export interface CurrentUserRecord extends Omit<CurrentUser, 'trackingIntegration'> {
  trackingIntegrationExpiresAt: Date | null;
}

/** The entity as answered now. */
export function presentCurrentUser(record: CurrentUserRecord, now = Date.now()): CurrentUser {
  const { trackingIntegrationExpiresAt: expiresAt, ...user } = record;
  return {
    ...user,
    trackingIntegration: {
      samsaraIsExpired: expiresAt !== null && expiresAt.getTime() < now,
    },
  };
}

/** Reads the spec's Current user entity for one user, inside the caller's transaction. */
export async function findCurrentUser(tx: Tx, userId: string): Promise<CurrentUser | undefined> {
  const record = await readCurrentUser(tx, userId);
  return record && presentCurrentUser(record);
}

/**
 * The stored Current user of one user: one statement, the e-mails, phones and locations as JSON
 * arrays beside the user (every page asks for it).
 */
export async function readCurrentUser(
  tx: Tx,
  userId: string,
): Promise<CurrentUserRecord | undefined> {
  const row = await tx
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.companyId')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('userEmails as e')
          .select(['e.value', 'e.emailType', 'e.isPrimary'])
          .whereRef('e.userId', '=', 'u.id')
          .orderBy('e.isPrimary', 'desc'),
      ).as('emails'),
      jsonArrayFrom(
        eb
          .selectFrom('userPhones as p')
          .select(['p.phoneNumber', 'p.extension', 'p.phoneType', 'p.isPrimary'])
          .whereRef('p.userId', '=', 'u.id')
          .orderBy('p.isPrimary', 'desc'),
      ).as('phones'),
      jsonArrayFrom(
        eb
          .selectFrom('userLocations as ul')
          .innerJoin('locations as l', 'l.id', 'ul.locationId')
          .select(['l.id', 'l.name', 'l.city', 'l.province'])
          .whereRef('ul.userId', '=', 'u.id'),
      ).as('locations'),
    ])
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
      acceptedCurrentAccessTerms('u.id').as('hasAcceptedTerms'),
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
  const { emails, phones, locations } = row;
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
    trackingIntegrationExpiresAt: row.trackingIntegrationExpiresAt,
  };
}
