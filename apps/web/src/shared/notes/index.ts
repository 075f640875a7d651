export { NotesPanel, type NotesPanelProps } from './components/notes-panel';
export { NoteEditor, type NoteEditorProps, type NoteSubmission } from './components/note-editor';
export {
  noteKeys,
  notesOptions,
  useAddNote,
  useDeleteNote,
  useMentionableUsers,
  useNotes,
  useUpdateNote,
  type NotesEntity,
  type NoteView,
} from './api/notes-api';
