import {
  EntityType,
  MENTION_MAX_LENGTH,
  MENTION_SUGGESTION_LIMIT,
  NOTE_LIMITS,
  type NoteEntityType,
} from '@portal/domain';
import type {
  AddNoteBody,
  CaseNote,
  CaseNotePage,
  MentionableUserList,
  MentionableUsersQuery,
  Note,
  NoteList,
  ResultId,
  UpdateNoteBody,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import {
  resolveCase,
  resolveEntity,
  type ResolvedEntity,
} from '../../shared/entities/entity-access';
import { forbidden, invalidField, notFound } from '../../shared/http/errors';
import { findRememberedAnswer, rememberAnswer } from '../../shared/http/idempotency';
import {
  findNote,
  mentionCandidates,
  mentionsOf,
  notesOf,
  notificationPreferences,
  NOTES_PER_ENTITY,
  peopleByIds,
  type NoteRow,
} from './repository';
import { sanitizeNoteHtml } from './sanitize';

export const NOTE_MENTION_KIND = 'NoteMention';

const pictureUrl = (documentId: string | null) =>
  documentId ? `/api/v1/documents/${documentId}` : null;

const seesInternal = (caller: Caller) => caller.scope.kind === 'operator';

// ---- Shaping answers ----

type Person = Awaited<ReturnType<typeof peopleByIds>>[number];

interface NoteContext {
  caller: Caller;
  people: Map<string, Person>;
  mentions: Awaited<ReturnType<typeof mentionsOf>>;
}

/**
 * Authors and mentioned people are read as the system role: a note the caller may see names
 * people of other companies (a customer's dispatcher, the operator's staff), whose rows the
 * caller's own scope does not reach. Only names, pictures, companies and e-mail are taken.
 * Never called inside a tenant transaction (PGlite has one connection).
 */
async function loadPeople(ctx: AppContext, userIds: readonly (string | null)[]) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  const people = await ctx.db.system((system) => peopleByIds(system, ids));
  return new Map(people.map((person) => [person.id, person]));
}

type Mentions = Awaited<ReturnType<typeof mentionsOf>>;

/** Loads the notes' mentions inside the caller's transaction; people are read afterwards. */
async function withMentions(tx: Tx, rows: NoteRow[]) {
  return {
    rows,
    mentions: await mentionsOf(
      tx,
      rows.map((row) => row.id),
    ),
  };
}

async function contextFor(
  ctx: AppContext,
  caller: Caller,
  found: { rows: readonly NoteRow[]; mentions: Mentions },
): Promise<NoteContext> {
  const people = await loadPeople(ctx, [
    ...found.rows.map((row) => row.createdBy),
    ...found.mentions.map((mention) => mention.userId),
  ]);
  return { caller, people, mentions: found.mentions };
}

const mayChange = (row: NoteRow, caller: Caller) =>
  !row.isReadonly && row.createdBy === caller.userId;

function mentionsFor(row: NoteRow, context: NoteContext) {
  return context.mentions
    .filter((mention) => mention.noteId === row.id)
    .map((mention) => {
      const person = context.people.get(mention.userId);
      return {
        id: mention.userId,
        mention: mention.mention,
        email: person?.primaryEmail ?? person?.loginEmail ?? null,
        applicationAccess: person?.isPortalEnabled ?? false,
      };
    });
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

function toNote(row: NoteRow, context: NoteContext): Note {
  const author = row.createdBy ? context.people.get(row.createdBy) : undefined;
  return {
    id: row.id,
    noteContent: row.noteContent,
    noteHTML: row.noteHtml,
    noteJSON: parseJson(row.noteJson),
    createDateTime: new Date(row.createdAt).toISOString(),
    updateDateTime: new Date(row.updatedAt).toISOString(),
    allowPortalAccess: row.allowPortalAccess,
    isReadonly: row.isReadonly,
    entityId: row.entityId,
    entityType: row.entityType,
    entityDescription: row.entityDescription,
    creator: {
      id: author?.id ?? null,
      firstName: author?.firstName ?? 'Former',
      lastName: author?.lastName ?? 'user',
      profilePicture: pictureUrl(author?.profileDocumentId ?? null),
      companyName: author?.companyName ?? null,
    },
    mentions: mentionsFor(row, context),
    canEdit: mayChange(row, context.caller),
    canDelete: mayChange(row, context.caller),
  };
}

function toCaseNote(row: NoteRow, context: NoteContext): CaseNote {
  const author = row.createdBy ? context.people.get(row.createdBy) : undefined;
  return {
    id: row.id,
    content: row.noteContent,
    htmlContent: row.noteHtml,
    jsonContent: parseJson(row.noteJson),
    timeStamp: new Date(row.createdAt).toISOString(),
    owner: {
      firstName: author?.firstName ?? 'Former',
      lastName: author?.lastName ?? 'user',
      logoUrl: pictureUrl(author?.profileDocumentId ?? null),
    },
    creatorLogoURL: pictureUrl(author?.logoDocumentId ?? null),
    caseId: row.entityId,
    isReadOnly: row.isReadonly,
    allowPortalAccess: row.allowPortalAccess,
    mentions: mentionsFor(row, context),
    canEdit: mayChange(row, context.caller),
    canDelete: mayChange(row, context.caller),
  };
}

// ---- Reading ----

async function requireEntity(tx: Tx, caller: Caller, type: NoteEntityType, key: string) {
  const entity = await resolveEntity(tx, caller.scope, type, key);
  if (!entity) throw notFound(ENTITY_NAMES[type]);
  return entity;
}

const ENTITY_NAMES: Record<NoteEntityType, string> = {
  [EntityType.ORDER]: 'Order',
  [EntityType.SHIPMENT]: 'Shipment',
  [EntityType.CASE]: 'Case',
  [EntityType.AP_INVOICE]: 'Invoice',
  [EntityType.THIRD_PARTY]: 'Invoice',
};

export async function listNotes(
  ctx: AppContext,
  caller: Caller,
  entityType: NoteEntityType,
  key: string,
): Promise<NoteList> {
  const found = await ctx.db.tenant(caller.scope, async (tx) => {
    const entity = await requireEntity(tx, caller, entityType, key);
    const { rows, totalCount } = await notesOf(tx, entity, {
      seesInternal: seesInternal(caller),
      offset: 0,
      limit: NOTES_PER_ENTITY,
    });
    return { ...(await withMentions(tx, rows)), totalCount };
  });
  const context = await contextFor(ctx, caller, found);
  return { items: found.rows.map((row) => toNote(row, context)), totalCount: found.totalCount };
}

export async function listCaseNotes(
  ctx: AppContext,
  caller: Caller,
  caseKey: string,
  paging: { page: number; pageSize: number },
): Promise<CaseNotePage> {
  const found = await ctx.db.tenant(caller.scope, async (tx) => {
    const accessorial = await resolveCase(tx, caller.scope, caseKey);
    if (!accessorial) throw notFound('Case');
    const { rows, totalCount } = await notesOf(tx, accessorial, {
      seesInternal: seesInternal(caller),
      offset: (paging.page - 1) * paging.pageSize,
      limit: paging.pageSize,
    });
    return { ...(await withMentions(tx, rows)), totalCount };
  });
  const context = await contextFor(ctx, caller, found);
  return {
    data: found.rows.map((row) => toCaseNote(row, context)),
    page: paging.page,
    pageSize: paging.pageSize,
    totalCount: found.totalCount,
  };
}

// ---- Mentions ----

/**
 * Up to five people of the companies taking part in the entity, matched on the start of their
 * first or last name. Read as the system role: the caller's scope sees only its own company's
 * people, and suggestions are exactly the other parties. Only names, company and e-mail are taken.
 */
export async function mentionableUsers(
  ctx: AppContext,
  caller: Caller,
  query: MentionableUsersQuery,
): Promise<MentionableUserList> {
  const entity = await ctx.db.tenant(caller.scope, (tx) =>
    requireEntity(tx, caller, query.entityType, query.entityId),
  );
  if (!entity.callerIsParty) return { data: [] };
  const internal = Boolean(query.internal) && seesInternal(caller);
  const rows = await ctx.db.system((tx) =>
    mentionCandidates(tx, {
      companyIds: entity.partyCompanyIds,
      operatorOnly: internal,
      text: query.query,
      excludeUserId: caller.userId,
      limit: MENTION_SUGGESTION_LIMIT,
    }),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      profilePictureId: row.profileDocumentId,
      emailAddresses: (row.emails ?? []).map((value) => ({ value })),
      companyName: row.companyName,
    })),
  };
}

/** The mention texts the editor wrote into its state, by user id. */
function mentionTextsIn(noteJson: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 50 || typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (
      record.type === 'mention' &&
      typeof record.userId === 'string' &&
      typeof record.text === 'string'
    )
      found.set(record.userId, record.text);
    if (Array.isArray(record.children))
      for (const child of record.children) visit(child, depth + 1);
    if (record.root) visit(record.root, depth + 1);
  };
  visit(noteJson, 0);
  return found;
}

// ---- Writing ----

interface CheckedText {
  noteContent: string;
  noteHtml: string;
  noteJson: string;
  json: unknown;
}

function checkText(body: UpdateNoteBody): CheckedText {
  const noteContent = body.noteContent.trim();
  if (!noteContent) throw invalidField('noteContent', 'noteContent must not be blank');
  const json = body.noteJSON;
  if (
    typeof json !== 'object' ||
    json === null ||
    Array.isArray(json) ||
    typeof (json as { root?: unknown }).root !== 'object'
  )
    throw invalidField('noteJSON', "noteJSON must be the editor's state (an object with a root)");
  const noteJson = JSON.stringify(json);
  if (noteJson.length > NOTE_LIMITS.jsonMaxLength)
    throw invalidField(
      'noteJSON',
      `noteJSON must not be longer than ${NOTE_LIMITS.jsonMaxLength} characters`,
    );
  const noteHtml = sanitizeNoteHtml(body.noteHTML);
  return { noteContent, noteHtml, noteJson, json };
}

const excerpt = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function notifyMentioned(
  ctx: AppContext,
  tx: Tx,
  caller: Caller,
  entity: ResolvedEntity,
  noteContent: string,
  people: readonly Person[],
  preferences: Awaited<ReturnType<typeof notificationPreferences>>,
) {
  const author = `${caller.firstName} ${caller.lastName}`;
  const link = entity.link;
  const url = `${ctx.config.PUBLIC_URL}${link}`;
  for (const person of people) {
    const preference = preferences.find((row) => row.userId === person.id);
    if (preference?.inApp ?? true) {
      await tx
        .insertInto('notifications')
        .values({
          userId: person.id,
          companyId: person.companyId,
          notificationKind: NOTE_MENTION_KIND,
          title: `${author} mentioned you`,
          body: `On ${entity.description}: ${excerpt(noteContent, 200)}`,
          link,
        })
        .execute();
    }
    const address = person.primaryEmail ?? person.loginEmail;
    if ((preference?.byEmail ?? true) && address) {
      const text = excerpt(noteContent, 2000);
      await tx
        .insertInto('emailOutbox')
        .values({
          companyId: person.companyId,
          toAddress: address,
          subject: `${author} mentioned you on ${entity.description}`,
          textBody: `${author} (${caller.companyName}) mentioned you on ${entity.description}:\n\n${text}\n\nOpen it in the Carrier Portal: ${url}\n`,
          htmlBody: `<p>${escapeHtml(author)} (${escapeHtml(caller.companyName)}) mentioned you on ${escapeHtml(entity.description)}:</p><blockquote>${escapeHtml(text).replace(/\n/g, '<br>')}</blockquote><p><a href="${escapeHtml(url)}">Open it in the Carrier Portal</a></p>`,
        })
        .execute();
    }
  }
}

export async function addNote(
  ctx: AppContext,
  caller: Caller,
  body: AddNoteBody,
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: { data: Note } }> {
  const path = '/api/v2/notes';
  if (idempotencyKey) {
    const previous = await ctx.db.tenant(caller.scope, (tx) =>
      findRememberedAnswer(tx, caller, idempotencyKey, path, body),
    );
    if (previous) return previous as { status: number; body: { data: Note } };
  }
  const text = checkText(body);
  const allowPortalAccess = body.allowPortalAccess ?? true;
  if (!allowPortalAccess && !seesInternal(caller))
    throw invalidField('allowPortalAccess', "Only the operator's staff can write internal notes");

  const entity = await ctx.db.tenant(caller.scope, (tx) =>
    requireEntity(tx, caller, body.entityType, body.entityId),
  );
  if (!entity.callerIsParty)
    throw forbidden(
      `Only the companies on ${entity.description.toLowerCase()} can write notes on it`,
    );

  // Who is mentioned: each must be someone who may be mentioned here (and, on an internal note,
  // someone who may read it). Mention texts come from the editor's state.
  const requestedIds = [...new Set(body.notifyUsers.map((user) => user.id))];
  const internalOnly = !allowPortalAccess;
  const allowed = await ctx.db.system((tx) =>
    mentionCandidates(tx, {
      companyIds: entity.partyCompanyIds,
      operatorOnly: internalOnly,
      text: '',
      excludeUserId: '00000000-0000-0000-0000-000000000000',
      limit: requestedIds.length || 1,
      onlyIds: requestedIds,
    }),
  );
  body.notifyUsers.forEach((user, index) => {
    if (!allowed.some((row) => row.id === user.id)) {
      throw invalidField(
        `notifyUsers[${index}].id`,
        internalOnly
          ? `notifyUsers[${index}] cannot read internal notes`
          : `notifyUsers[${index}] cannot be mentioned on ${entity.description.toLowerCase()}`,
      );
    }
  });
  const texts = mentionTextsIn(text.json);
  const mentions = allowed.map((person) => ({
    userId: person.id,
    mention: texts.get(person.id) ?? `@${person.firstName} ${person.lastName}`,
  }));
  for (const mention of mentions) {
    if (mention.mention.length > MENTION_MAX_LENGTH)
      throw invalidField(
        'noteJSON',
        `A mention must not be longer than ${MENTION_MAX_LENGTH} characters`,
      );
  }
  const notifiedIds = mentions
    .map((mention) => mention.userId)
    .filter((id) => id !== caller.userId);
  const preferences = await ctx.db.system((tx) =>
    notificationPreferences(tx, notifiedIds, NOTE_MENTION_KIND),
  );
  const people = await loadPeople(ctx, [caller.userId, ...mentions.map((m) => m.userId)]);
  const notified = notifiedIds.map((id) => people.get(id)).filter((p): p is Person => Boolean(p));

  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await tx
      .insertInto('notes')
      .values({
        entityType: entity.entityType,
        entityId: entity.id,
        entityDescription: entity.description,
        entityLink: entity.link,
        companyId: caller.companyId,
        noteContent: text.noteContent,
        noteHtml: text.noteHtml,
        noteJson: text.noteJson,
        allowPortalAccess,
        createdBy: caller.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (mentions.length) {
      await tx
        .insertInto('noteMentions')
        .values(mentions.map((mention) => ({ noteId: row.id, ...mention })))
        .execute();
    }
    await notifyMentioned(ctx, tx, caller, entity, text.noteContent, notified, preferences);
    const context: NoteContext = { caller, people, mentions: await mentionsOf(tx, [row.id]) };
    const answer = { status: 201, body: { data: toNote(row, context) } };
    if (idempotencyKey) await rememberAnswer(tx, caller, idempotencyKey, path, answer, body);
    return answer;
  });
}

/** The note, if the caller sees it and its entity; only its author may change it, never a read-only one. */
async function noteToChange(tx: Tx, caller: Caller, noteId: string, verb: 'change' | 'delete') {
  const row = await findNote(tx, noteId, seesInternal(caller));
  if (!row) throw notFound('Note');
  const entity = await resolveEntity(
    tx,
    caller.scope,
    row.entityType as NoteEntityType,
    row.entityId,
  );
  if (!entity) throw notFound('Note');
  if (row.isReadonly)
    throw forbidden(
      `This note is read-only; it cannot be ${verb === 'change' ? 'changed' : 'deleted'}`,
    );
  if (row.createdBy !== caller.userId) throw forbidden(`Only the author of a note can ${verb} it`);
  return row;
}

export async function updateNote(
  ctx: AppContext,
  caller: Caller,
  noteId: string,
  body: UpdateNoteBody,
): Promise<{ data: Note }> {
  const text = checkText(body);
  const found = await ctx.db.tenant(caller.scope, async (tx) => {
    await noteToChange(tx, caller, noteId, 'change');
    const row = await tx
      .updateTable('notes')
      .set({
        noteContent: text.noteContent,
        noteHtml: text.noteHtml,
        noteJson: text.noteJson,
        updatedAt: new Date(),
      })
      .where('id', '=', noteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return withMentions(tx, [row]);
  });
  return { data: toNote(found.rows[0]!, await contextFor(ctx, caller, found)) };
}

export async function deleteNote(
  ctx: AppContext,
  caller: Caller,
  noteId: string,
): Promise<ResultId> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    await noteToChange(tx, caller, noteId, 'delete');
    await tx.updateTable('notes').set({ deletedAt: new Date() }).where('id', '=', noteId).execute();
    return { resultId: noteId };
  });
}
