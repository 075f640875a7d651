import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Notes } from '../../db/schema.generated';
import { startsWithPattern } from '../../shared/http/like';

export type NoteRow = Selectable<Notes>;

/** At most this many notes come back for one entity, newest first. */
export const NOTES_PER_ENTITY = 200;

const visibleNotes = (tx: Tx, seesInternal: boolean) => {
  let query = tx.selectFrom('notes').selectAll().where('deletedAt', 'is', null);
  if (!seesInternal) query = query.where('allowPortalAccess', '=', true);
  return query;
};

export async function notesOf(
  tx: Tx,
  entity: { entityType: number; id: string },
  options: { seesInternal: boolean; offset: number; limit: number },
) {
  const base = visibleNotes(tx, options.seesInternal)
    .where('entityType', '=', entity.entityType)
    .where('entityId', '=', entity.id);
  const [rows, count] = await Promise.all([
    base
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.total) };
}

export function findNote(tx: Tx, id: string, seesInternal: boolean) {
  return visibleNotes(tx, seesInternal).where('id', '=', id).executeTakeFirst();
}

export function mentionsOf(tx: Tx, noteIds: readonly string[]) {
  if (noteIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('noteMentions')
    .select(['noteId', 'userId', 'mention'])
    .where('noteId', 'in', [...noteIds])
    .orderBy('mention')
    .execute();
}

// ---- Read as the system role (see the service for why) ----

/** Authors and mentioned people: names, pictures, e-mail, company and its logo. */
export function peopleByIds(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select((eb) => [
      'users.id',
      'users.firstName',
      'users.lastName',
      'users.profileDocumentId',
      'users.isPortalEnabled',
      'users.loginEmail',
      'users.companyId',
      'companies.name as companyName',
      'companies.kind as companyKind',
      'companies.logoDocumentId',
      eb
        .selectFrom('userEmails')
        .select('userEmails.value')
        .whereRef('userEmails.userId', '=', 'users.id')
        .orderBy('userEmails.isPrimary', 'desc')
        .limit(1)
        .as('primaryEmail'),
    ])
    .where('users.id', 'in', [...userIds])
    .execute();
}

/** Portal users of the given companies whose first or last name starts with the text. */
export function mentionCandidates(
  tx: Tx,
  options: {
    companyIds: readonly string[];
    operatorOnly: boolean;
    text: string;
    excludeUserId: string;
    limit: number;
    onlyIds?: readonly string[];
  },
) {
  if (options.companyIds.length === 0 || options.onlyIds?.length === 0) return Promise.resolve([]);
  let query = tx
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select((eb) => [
      'users.id',
      'users.firstName',
      'users.lastName',
      'users.profileDocumentId',
      'companies.name as companyName',
      eb
        .selectFrom('userEmails')
        // citext[] has no parser in every driver: the addresses come back as text[].
        .select(sql<string[]>`coalesce(array_agg(user_emails.value::text), '{}')`.as('emails'))
        .whereRef('userEmails.userId', '=', 'users.id')
        .as('emails'),
    ])
    .where('users.companyId', 'in', [...options.companyIds])
    .where('users.isPortalEnabled', '=', true)
    .where('users.disabledAt', 'is', null)
    .where('users.id', '<>', options.excludeUserId);
  if (options.operatorOnly) query = query.where('companies.kind', '=', 'operator');
  if (options.onlyIds) query = query.where('users.id', 'in', [...options.onlyIds]);
  const text = options.text.trim().toLowerCase();
  if (text) {
    const pattern = startsWithPattern(text);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['users.firstName']), 'like', pattern),
        eb(eb.fn('lower', ['users.lastName']), 'like', pattern),
        eb(sql<string>`lower(users.first_name || ' ' || users.last_name)`, 'like', pattern),
      ]),
    );
  }
  return query
    .orderBy('users.firstName')
    .orderBy('users.lastName')
    .orderBy('users.id')
    .limit(options.limit)
    .execute();
}

export function notificationPreferences(tx: Tx, userIds: readonly string[], kind: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('notificationPreferences')
    .select(['userId', 'byEmail', 'inApp'])
    .where('userId', 'in', [...userIds])
    .where('notificationKind', '=', kind)
    .execute();
}
