import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NOTE_MESSAGES } from '@portal/domain';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { browserTimeZone, formatInZone } from '../../format/zoned-time';
import type { NotesEntity, NoteText, NoteView } from '../api/notes-api';
import { noteContentSx } from '../editor/editor-theme';
import { NoteEditor } from './note-editor';

/** Internal notes (no portal access) sit on a tint of their own. */
export const INTERNAL_NOTE_BACKGROUND = 'rgba(255, 179, 0, 0.12)';

interface NoteItemProps {
  entity: NotesEntity;
  note: NoteView;
  onUpdate(noteId: string, text: NoteText): Promise<boolean>;
  onDelete(noteId: string): Promise<boolean>;
}

export function NoteItem({ entity, note, onUpdate, onDelete }: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Sanitised on the server when saved; sanitised again here before it becomes markup.
  const html = useMemo(() => DOMPurify.sanitize(note.html, { ADD_ATTR: ['target'] }), [note.html]);
  const name = `${note.author.firstName} ${note.author.lastName}`;
  const internal = !note.allowPortalAccess;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={`${internal ? 'Internal note' : 'Note'} by ${name}`}
      sx={{ p: 1.5, bgcolor: internal ? INTERNAL_NOTE_BACKGROUND : 'background.paper' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Avatar src={note.author.picture ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
          {note.author.firstName[0]}
          {note.author.lastName[0]}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="span">
              {name}
            </Typography>
            {note.author.companyName && (
              <Typography variant="caption" color="text.secondary">
                {note.author.companyName}
              </Typography>
            )}
            <Typography
              variant="caption"
              color="text.secondary"
              component="time"
              dateTime={note.createdAt}
            >
              {formatInZone(note.createdAt, browserTimeZone())}
            </Typography>
            {internal && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={NOTE_MESSAGES.internalNote}
              />
            )}
            {note.isReadonly && (
              <Tooltip title="Read-only">
                <LockOutlinedIcon fontSize="small" color="action" aria-label="Read-only" />
              </Tooltip>
            )}
            <Box sx={{ flex: 1 }} />
            {!editing && note.canEdit && !note.isReadonly && (
              <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            )}
            {!editing && note.canDelete && !note.isReadonly && (
              <IconButton
                size="small"
                aria-label="Delete comment"
                onClick={() => setConfirming(true)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
          {editing ? (
            <Box sx={{ mt: 1 }}>
              <NoteEditor
                entity={entity}
                submitLabel="Update"
                initialJson={note.json}
                initialHtml={note.html}
                internal={internal}
                onCancel={() => setEditing(false)}
                onSubmit={async ({ noteContent, noteHTML, noteJSON }) => {
                  const saved = await onUpdate(note.id, { noteContent, noteHTML, noteJSON });
                  if (saved) setEditing(false);
                  return saved;
                }}
              />
            </Box>
          ) : (
            <Box
              data-testid="note-content"
              // A note's body is never copied into a session recording (decision 181).
              data-replay-mask
              sx={{ ...noteContentSx, mt: 0.5 }}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          )}
        </Box>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>Delete this comment?</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              void onDelete(note.id);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
