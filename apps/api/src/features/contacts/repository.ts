import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { startsWithPattern } from '../../shared/http/like';

// The SQL behind a company's contacts (its people). A deleted contact keeps its row, disabled,
// because notes, documents and history name them.

const CONTACT_COLUMNS = [
  'u.id',
  'u.companyId',
  'u.firstName',
  'u.lastName',
  'u.functionTitle',
  'u.linkedInProfileUrl',
  'u.roles',
  'u.permissions',
  'u.accessLevels',
  'u.isPortalEnabled',
  'u.profileDocumentId',
  'u.passwordHash',
  'u.loginEmail',
  'u.version',
  'c.name as companyName',
  'c.companyNumber',
  'c.kind as companyKind',
  'c.is3pl',
] as const;

function contacts(tx: Tx, companyId: string) {
  return tx
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.companyId')
    .where('u.companyId', '=', companyId)
    .where('u.disabledAt', 'is', null);
}

export type ContactRow = Awaited<ReturnType<typeof findContact>> & {};

export function findContact(tx: Tx, companyId: string, id: string) {
  return contacts(tx, companyId).select(CONTACT_COLUMNS).where('u.id', '=', id).executeTakeFirst();
}

export async function listContacts(
  tx: Tx,
  criteria: {
    companyId: string;
    roles: string[];
    fuzzyMatch?: string | undefined;
    offset: number;
    limit: number;
  },
) {
  const text = criteria.fuzzyMatch?.trim().toLowerCase() ?? '';
  const haystack = sql<string>`lower(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.login_email, '') || ' ' || coalesce(u.function_title, ''))`;
  const base = contacts(tx, criteria.companyId)
    .where((eb) =>
      criteria.roles.length > 0
        ? eb(sql`u.roles`, '&&', sql`${sql.val(criteria.roles)}::text[]`)
        : eb.lit(true),
    )
    // Fuzzy: the words as typed anywhere, or a close spelling of them (pg_trgm), "jordn reys" finds
    // Jordan Reyes.
    .where((eb) =>
      text
        ? eb.or([
            eb(haystack, 'like', `%${startsWithPattern(text).slice(0, -1)}%`),
            eb(sql`word_similarity(${text}, ${haystack})`, '>=', 0.45),
          ])
        : eb.lit(true),
    );
  const ordered = text ? base.orderBy(sql`word_similarity(${text}, ${haystack})`, 'desc') : base;
  const [rows, counted] = await Promise.all([
    ordered
      .select(CONTACT_COLUMNS)
      .orderBy('u.lastName')
      .orderBy('u.firstName')
      .orderBy('u.id')
      .offset(criteria.offset)
      .limit(criteria.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counted.count) };
}

export function emailsAndPhones(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve({ emails: [], phones: [], locations: [] });
  return Promise.all([
    tx
      .selectFrom('userEmails')
      .select(['userId', 'value', 'emailType', 'isPrimary'])
      .where('userId', 'in', [...userIds])
      .orderBy('isPrimary', 'desc')
      .orderBy('value')
      .execute(),
    tx
      .selectFrom('userPhones')
      .select(['userId', 'phoneNumber', 'extension', 'phoneType', 'isPrimary'])
      .where('userId', 'in', [...userIds])
      .orderBy('isPrimary', 'desc')
      .execute(),
    tx
      .selectFrom('userLocations as ul')
      .innerJoin('locations as l', 'l.id', 'ul.locationId')
      .select(['ul.userId', 'l.id', 'l.name', 'l.city', 'l.province'])
      .where('ul.userId', 'in', [...userIds])
      .orderBy('l.name')
      .execute(),
  ]).then(([emails, phones, locations]) => ({ emails, phones, locations }));
}

export function companyLocations(tx: Tx, companyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('locations')
    .select('id')
    .where('companyId', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function replaceLocations(tx: Tx, userId: string, locationIds: readonly string[]) {
  await tx.deleteFrom('userLocations').where('userId', '=', userId).execute();
  if (locationIds.length > 0)
    await tx
      .insertInto('userLocations')
      .values(locationIds.map((locationId) => ({ userId, locationId })))
      .execute();
}

export interface ContactValues {
  firstName: string;
  lastName: string;
  functionTitle: string | null;
  linkedInProfileUrl: string | null;
  roles: string[];
  permissions: string[];
  isPortalEnabled: boolean;
  loginEmail: string | null;
  userName: string | null;
}

export function insertContact(tx: Tx, companyId: string, values: ContactValues) {
  return tx
    .insertInto('users')
    .values({ companyId, ...values })
    .returning(['id', 'companyId', 'firstName', 'loginEmail'])
    .executeTakeFirstOrThrow();
}

/** Writes the contact when it is still at the version the editor read; undefined when it is not. */
export function updateContact(tx: Tx, id: string, version: number, values: ContactValues) {
  return tx
    .updateTable('users')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'companyId', 'firstName', 'loginEmail'])
    .executeTakeFirst();
}

/** Deleting keeps the row for history; the address is freed for someone else. */
export function disableContact(tx: Tx, id: string) {
  return tx
    .updateTable('users')
    .set({
      disabledAt: new Date(),
      isPortalEnabled: false,
      loginEmail: null,
      userName: null,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export function locationChoices(tx: Tx, companyId: string) {
  return tx
    .selectFrom('locations')
    .select(['id', 'name', 'city', 'province as state'])
    .where('companyId', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute();
}
