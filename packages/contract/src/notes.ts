import Type, { type Static } from 'typebox';
import {
  CASE_NOTES_PAGE_SIZE,
  MENTION_MAX_LENGTH,
  NOTE_ENTITY_TYPES,
  NOTE_LIMITS,
} from '@portal/domain';
import { EntityKey, Id, PageOf, PagingQuery } from './common';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const NoteEntityTypeSchema = Type.Union(
  NOTE_ENTITY_TYPES.map((value) => Type.Literal(value)),
  { description: 'Entity type: 1 order, 5 shipment, 6 case, 9 AP invoice, 17 third-party invoice' },
);

export const NoteMention = Type.Object({
  id: Id,
  mention: Type.String(),
  email: Nullable(Type.String()),
  /** The mentioned user can sign in to the portal. */
  applicationAccess: Type.Boolean(),
});
export type NoteMention = Static<typeof NoteMention>;

export const NoteCreator = Type.Object({
  id: Nullable(Id),
  firstName: Type.String(),
  lastName: Type.String(),
  /** The profile picture's address, when there is one. */
  profilePicture: Nullable(Type.String()),
  companyName: Nullable(Type.String()),
});

/** The spec's Note. */
export const Note = Type.Object({
  id: Id,
  noteContent: Type.String(),
  noteHTML: Type.String(),
  noteJSON: Type.Unknown(),
  createDateTime: Type.String({ format: 'date-time' }),
  updateDateTime: Type.String({ format: 'date-time' }),
  /** False for internal notes: the operator's staff only. */
  allowPortalAccess: Type.Boolean(),
  isReadonly: Type.Boolean(),
  entityId: Type.String(),
  entityType: Type.Integer(),
  entityDescription: Nullable(Type.String()),
  creator: NoteCreator,
  mentions: Type.Array(NoteMention),
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
});
export type Note = Static<typeof Note>;

/** Notes by entity: the answer has items. */
export const NoteList = Type.Object({
  items: Type.Array(Note),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type NoteList = Static<typeof NoteList>;

export const NotesQuery = Type.Object(
  { entityType: NoteEntityTypeSchema, entityId: EntityKey },
  { additionalProperties: false },
);
export type NotesQuery = Static<typeof NotesQuery>;

const NoteText = {
  noteContent: Type.String({ maxLength: NOTE_LIMITS.contentMaxLength }),
  noteHTML: Type.String({ maxLength: NOTE_LIMITS.htmlMaxLength }),
  /** The editor's state (Lexical JSON). */
  noteJSON: Type.Unknown(),
};

export const AddNoteBody = Type.Object(
  {
    entityId: EntityKey,
    entityType: NoteEntityTypeSchema,
    /** Accepted for compatibility; the server describes and links the entity itself. */
    entityDescription: Type.Optional(Type.String({ maxLength: 200 })),
    entityLink: Type.Optional(Type.String({ maxLength: 500 })),
    ...NoteText,
    notifyUsers: Type.Array(
      Type.Object(
        { id: Id, email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))) },
        { additionalProperties: false },
      ),
      { maxItems: NOTE_LIMITS.notifyUsersMax, default: [] },
    ),
    /** False writes an internal note (operator staff only). Default true. */
    allowPortalAccess: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AddNoteBody = Static<typeof AddNoteBody>;

export const UpdateNoteBody = Type.Object(NoteText, { additionalProperties: false });
export type UpdateNoteBody = Static<typeof UpdateNoteBody>;

export const NoteIdParams = Type.Object({ noteId: Id }, { additionalProperties: false });

export const NoteAnswer = Type.Object({ data: Note });
export type NoteAnswer = Static<typeof NoteAnswer>;

/** A case note in the server's case-note shape. */
export const CaseNote = Type.Object({
  id: Id,
  content: Type.String(),
  htmlContent: Type.String(),
  jsonContent: Type.Unknown(),
  timeStamp: Type.String({ format: 'date-time' }),
  owner: Type.Object({
    firstName: Type.String(),
    lastName: Type.String(),
    logoUrl: Nullable(Type.String()),
  }),
  /** The logo of the author's company. */
  creatorLogoURL: Nullable(Type.String()),
  caseId: Id,
  isReadOnly: Type.Boolean(),
  allowPortalAccess: Type.Boolean(),
  mentions: Type.Array(NoteMention),
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
});
export type CaseNote = Static<typeof CaseNote>;

export const CaseNotePage = PageOf(CaseNote);
export type CaseNotePage = Static<typeof CaseNotePage>;

export const CaseNotesQuery = Type.Object(PagingQuery(CASE_NOTES_PAGE_SIZE, CASE_NOTES_PAGE_SIZE), {
  additionalProperties: false,
});

/** The spec's Mentionable user. */
export const MentionableUser = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  profilePictureId: Nullable(Id),
  emailAddresses: Type.Array(Type.Object({ value: Type.String() })),
  companyName: Type.String(),
});
export type MentionableUser = Static<typeof MentionableUser>;

export const MentionableUsersQuery = Type.Object(
  {
    entityType: NoteEntityTypeSchema,
    entityId: EntityKey,
    /** Matched on the first or the last name, from its start, without regard to case. */
    query: Type.String({ maxLength: MENTION_MAX_LENGTH, default: '' }),
    /** Suggestions for an internal note: the operator's staff only. */
    internal: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MentionableUsersQuery = Static<typeof MentionableUsersQuery>;

export const MentionableUserList = Type.Object({ data: Type.Array(MentionableUser) });
export type MentionableUserList = Static<typeof MentionableUserList>;
