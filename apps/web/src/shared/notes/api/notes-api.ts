import type {
  CaseNotePage,
  MentionableUserList,
  Note,
  NoteAnswer,
  NoteList,
  ResultId,
} from '@portal/contract';
import {
  CASE_NOTES_PAGE,
  CASE_NOTES_PAGE_SIZE,
  EntityType,
  type NoteEntityType,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';

/** What the notes hang off. Cases and third-party invoices are listed by their own endpoints. */
export interface NotesEntity {
  type: NoteEntityType;
  /** The id (or number) of the shipment, case, invoice or order. */
  id: string;
}

/** A note as the panel shows it, whichever endpoint it came from. */
export interface NoteView {
  id: string;
  html: string;
  json: unknown;
  createdAt: string;
  allowPortalAccess: boolean;
  isReadonly: boolean;
  author: {
    firstName: string;
    lastName: string;
    picture: string | null;
    companyName: string | null;
  };
  canEdit: boolean;
  canDelete: boolean;
}

export const noteKeys = {
  all: ['notes'] as const,
  list: (entity: NotesEntity) => [...noteKeys.all, 'list', entity.type, entity.id] as const,
  mentionable: (entity: NotesEntity, query: string, internal: boolean) =>
    [...noteKeys.all, 'mentionable', entity.type, entity.id, query, internal] as const,
};

const fromNote = (note: Note): NoteView => ({
  id: note.id,
  html: note.noteHTML,
  json: note.noteJSON,
  createdAt: note.createDateTime,
  allowPortalAccess: note.allowPortalAccess,
  isReadonly: note.isReadonly,
  author: {
    firstName: note.creator.firstName,
    lastName: note.creator.lastName,
    picture: note.creator.profilePicture,
    companyName: note.creator.companyName,
  },
  canEdit: note.canEdit,
  canDelete: note.canDelete,
});

async function fetchNotes(entity: NotesEntity, signal: AbortSignal): Promise<NoteView[]> {
  const id = encodeURIComponent(entity.id);
  if (entity.type === EntityType.CASE) {
    // Case notes come in the server's case-note shape, first page of 50.
    const page = await apiRequest<CaseNotePage>(`/api/v2/cases/${id}/notes`, {
      query: { page: CASE_NOTES_PAGE, pageSize: CASE_NOTES_PAGE_SIZE },
      signal,
    });
    return page.data.map((note) => ({
      id: note.id,
      html: note.htmlContent,
      json: note.jsonContent,
      createdAt: note.timeStamp,
      allowPortalAccess: note.allowPortalAccess,
      isReadonly: note.isReadOnly,
      author: {
        firstName: note.owner.firstName,
        lastName: note.owner.lastName,
        picture: note.owner.logoUrl,
        companyName: null,
      },
      canEdit: note.canEdit,
      canDelete: note.canDelete,
    }));
  }
  const list =
    entity.type === EntityType.THIRD_PARTY
      ? await apiRequest<NoteList>(`/api/v2/invoices/${id}/notes`, { signal })
      : await apiRequest<NoteList>('/api/v2/notes', {
          query: { entityType: entity.type, entityId: entity.id },
          signal,
        });
  return list.items.map(fromNote);
}

export function notesOptions(entity: NotesEntity) {
  return queryOptions({
    queryKey: noteKeys.list(entity),
    queryFn: ({ signal }) => fetchNotes(entity, signal),
  });
}

export function useNotes(entity: NotesEntity) {
  return useQuery(notesOptions(entity));
}

/** What the editor hands over. */
export interface NoteText {
  noteContent: string;
  noteHTML: string;
  noteJSON: unknown;
}

export interface NewNote extends NoteText {
  notifyUsers: { id: string; email: string | null }[];
  allowPortalAccess: boolean;
  idempotencyKey: string;
}

export function useAddNote(entity: NotesEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    mutationFn: ({ idempotencyKey, ...note }: NewNote) =>
      apiRequest<NoteAnswer>('/api/v2/notes', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: {
          entityId: entity.id,
          entityType: entity.type,
          entityLink: window.location.pathname,
          ...note,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(entity) }),
  });
}

export function useUpdateNote(entity: NotesEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    mutationFn: ({ noteId, ...text }: NoteText & { noteId: string }) =>
      apiRequest<NoteAnswer>(`/api/v2/notes/${encodeURIComponent(noteId)}`, {
        method: 'PUT',
        body: text,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(entity) }),
  });
}

export function useDeleteNote(entity: NotesEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen tells the user in its own words.
    meta: { handlesError: true },
    mutationFn: (noteId: string) =>
      apiRequest<ResultId>(`/api/v2/notes/${encodeURIComponent(noteId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(entity) }),
  });
}

/** People of the companies on the entity whose first or last name starts with the query. */
export function useMentionableUsers(entity: NotesEntity, query: string | null, internal: boolean) {
  return useQuery({
    queryKey: noteKeys.mentionable(entity, query ?? '', internal),
    queryFn: ({ signal }) =>
      apiRequest<MentionableUserList>('/api/v2/notes/mentionable_users', {
        query: {
          entityType: entity.type,
          entityId: entity.id,
          query: query ?? '',
          internal: internal || undefined,
        },
        signal,
      }),
    enabled: query !== null,
    staleTime: 60_000,
  });
}
