import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { failureToast, NOTE_MESSAGES } from '@portal/domain';
import type { SnackbarKey } from 'notistack';
import { useSnackbar } from '../../notifications';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../session';
import {
  useAddNote,
  useDeleteNote,
  useNotes,
  useUpdateNote,
  type NotesEntity,
  type NoteText,
} from '../api/notes-api';
import { NoteEditor, type NoteSubmission } from './note-editor';
import { NoteItem } from './note-item';
import { NotesErrorBoundary } from './notes-error-boundary';

export interface NotesPanelProps {
  /** What the notes are on: `{ type: EntityType.CASE, id }` and so on (id or number). */
  entity: NotesEntity;
  /** Heading (default "Notes"; the third-party invoice detail says "Comments"). */
  title?: string;
  /** Shows the editor for a new note (default true). */
  canWrite?: boolean;
}

function problemLines(error: unknown): { message: string; details: readonly string[] } {
  return failureToast(error instanceof ApiError ? error.problem : undefined);
}

function Toast({ message, details }: { message: string; details: readonly string[] }) {
  if (details.length === 0) return <>{message}</>;
  return (
    <Box>
      <div>{message}</div>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </Box>
    </Box>
  );
}

/** The notes on an entity: a rich-text editor for a new one, then the notes, newest first. */
export function NotesPanel(props: NotesPanelProps) {
  return (
    <NotesErrorBoundary>
      <Panel {...props} />
    </NotesErrorBoundary>
  );
}

function Panel({ entity, title = 'Notes', canWrite = true }: NotesPanelProps) {
  // The operator's staff may mark a note internal (never shown to the portal's users), wherever
  // they write notes; the API holds the same rule.
  const allowInternalNotes = useCurrentUser().companyKind === 'operator';
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const notes = useNotes(entity);
  const add = useAddNote(entity);
  const update = useUpdateNote(entity);
  const remove = useDeleteNote(entity);
  const [internal, setInternal] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());

  // A failed load says why, once per failure.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!notes.error || reported.current === notes.error) return;
    reported.current = notes.error;
    const toast = problemLines(notes.error);
    enqueueSnackbar(<Toast {...toast} />, { variant: 'error' });
  }, [notes.error, enqueueSnackbar]);

  /** Shows the progress toast while the work runs, then the outcome. */
  async function withProgress(
    progress: string,
    work: () => Promise<unknown>,
    success: string | null,
    failure: string,
    showDetails: boolean,
  ): Promise<boolean> {
    const key: SnackbarKey = enqueueSnackbar(progress, { variant: 'info', persist: true });
    try {
      await work();
      closeSnackbar(key);
      if (success) enqueueSnackbar(success, { variant: 'success' });
      return true;
    } catch (error) {
      closeSnackbar(key);
      const details = showDetails && error instanceof ApiError ? problemLines(error).details : [];
      enqueueSnackbar(<Toast message={failure} details={details} />, { variant: 'error' });
      return false;
    }
  }

  const create = (note: NoteSubmission) =>
    withProgress(
      NOTE_MESSAGES.creating,
      async () => {
        await add.mutateAsync({
          ...note,
          allowPortalAccess: !internal,
          idempotencyKey: idempotencyKey.current,
        });
        idempotencyKey.current = crypto.randomUUID();
      },
      null,
      NOTE_MESSAGES.createFailed,
      true,
    );

  const change = (noteId: string, text: NoteText) =>
    withProgress(
      NOTE_MESSAGES.updating,
      () => update.mutateAsync({ noteId, ...text }),
      NOTE_MESSAGES.updated,
      NOTE_MESSAGES.updateFailed,
      true,
    );

  const erase = (noteId: string) =>
    withProgress(
      NOTE_MESSAGES.deleting,
      () => remove.mutateAsync(noteId),
      NOTE_MESSAGES.deleted,
      NOTE_MESSAGES.deleteFailed,
      false,
    );

  return (
    <Box component="section" aria-labelledby="notes-panel-title">
      <Typography id="notes-panel-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {canWrite && (
        <Box sx={{ mb: 2 }}>
          <NoteEditor
            entity={entity}
            submitLabel="Send"
            internal={internal}
            onSubmit={create}
            extra={
              allowInternalNotes ? (
                <FormControlLabel
                  control={
                    <Switch
                      size="small"
                      checked={internal}
                      onChange={(event) => setInternal(event.target.checked)}
                    />
                  }
                  label={NOTE_MESSAGES.internalNote}
                />
              ) : null
            }
          />
        </Box>
      )}
      {notes.isPending ? (
        <Stack spacing={1.5}>
          {[0, 1].map((index) => (
            <Skeleton key={index} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : notes.isError ? (
        <Typography color="error" role="alert">
          {NOTE_MESSAGES.panelCrashed}
        </Typography>
      ) : notes.data.length === 0 ? (
        <Typography color="text.secondary">No notes yet</Typography>
      ) : (
        <Stack spacing={1.5}>
          {notes.data.map((note) => (
            <NoteItem
              key={note.id}
              entity={entity}
              note={note}
              onUpdate={change}
              onDelete={erase}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
