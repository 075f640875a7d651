import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddNoteBody,
  CaseNotePage,
  CaseNotesQuery,
  EntityKeyParams,
  MentionableUserList,
  MentionableUsersQuery,
  NoteAnswer,
  NoteIdParams,
  NoteList,
  NotesQuery,
  Problem,
  ResultId,
  UpdateNoteBody,
} from '@portal/contract';
import { EntityType, NOTE_LIMITS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { idempotencyKeyOf } from '../../shared/http/idempotency';
import {
  addNote,
  deleteNote,
  listCaseNotes,
  listNotes,
  mentionableUsers,
  updateNote,
} from './service';

const tags = ['Notes'];
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
// Room for a note at its limits (text, HTML, editor state) and no more.
const NOTE_BODY_LIMIT =
  (NOTE_LIMITS.contentMaxLength + NOTE_LIMITS.htmlMaxLength + NOTE_LIMITS.jsonMaxLength) * 4;

export const noteRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/v2/notes',
    {
      schema: {
        tags,
        summary: 'Notes on an entity (shipment, case, invoice, order), newest first',
        querystring: NotesQuery,
        response: { 200: NoteList, ...problems },
      },
    },
    async (request) =>
      listNotes(ctx, request.caller, request.query.entityType, request.query.entityId),
  );

  app.post(
    '/api/v2/notes',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a note; mentioned users are notified (in the portal and by e-mail)',
        description:
          'The HTML is sanitised: a note keeps its formatting and never carries script. Send an Idempotency-Key header to make a retry safe.',
        body: AddNoteBody,
        response: { 201: NoteAnswer, ...problems, 409: Problem, 413: Problem },
      },
    },
    async (request, reply) => {
      const answer = await addNote(ctx, request.caller, request.body, idempotencyKeyOf(request));
      return reply.status(answer.status).send(answer.body);
    },
  );

  app.put(
    '/api/v2/notes/:noteId',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change one of your notes (not a read-only one)',
        params: NoteIdParams,
        body: UpdateNoteBody,
        response: { 200: NoteAnswer, ...problems, 413: Problem },
      },
    },
    async (request) => updateNote(ctx, request.caller, request.params.noteId, request.body),
  );

  app.delete(
    '/api/v2/notes/:noteId',
    {
      schema: {
        tags,
        summary: 'Delete one of your notes (not a read-only one)',
        params: NoteIdParams,
        response: { 200: ResultId, ...problems },
      },
    },
    async (request) => deleteNote(ctx, request.caller, request.params.noteId),
  );

  app.get(
    '/api/v2/notes/mentionable_users',
    {
      schema: {
        tags,
        summary:
          'Up to 5 people of the companies taking part in an entity, by the start of their first or last name',
        querystring: MentionableUsersQuery,
        response: { 200: MentionableUserList, ...problems },
      },
    },
    async (request) => mentionableUsers(ctx, request.caller, request.query),
  );

  for (const prefix of ['/api/v2/invoices', '/api/v1/third_party_payer_invoices']) {
    app.get(
      `${prefix}/:id/notes`,
      {
        schema: {
          tags,
          summary: "A third-party payer invoice's notes (by id or invoice number)",
          params: EntityKeyParams,
          response: { 200: NoteList, ...problems },
        },
      },
      async (request) => listNotes(ctx, request.caller, EntityType.THIRD_PARTY, request.params.id),
    );
  }

  app.get(
    '/api/v2/cases/:id/notes',
    {
      schema: {
        tags,
        summary: "A case's notes (by id or case number) in the case-note shape, newest first",
        params: EntityKeyParams,
        querystring: CaseNotesQuery,
        response: { 200: CaseNotePage, ...problems },
      },
    },
    async (request) => listCaseNotes(ctx, request.caller, request.params.id, request.query),
  );
};
