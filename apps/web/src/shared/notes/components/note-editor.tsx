import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CodeHighlightNode, CodeNode } from '@lexical/code';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { ListItemNode, ListNode } from '@lexical/list';
import { ClearEditorPlugin } from '@lexical/react/LexicalClearEditorPlugin';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import type { MentionableUser } from '@portal/contract';
import {
  NOTE_LIST_MAX_INDENT_DEPTH,
  NOTE_MAX_HEIGHT_PX,
  TAB_KEY_DEBOUNCE_MS,
} from '@portal/domain';
import {
  $getRoot,
  $insertNodes,
  CLEAR_EDITOR_COMMAND,
  type EditorState,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { NotesEntity, NoteText } from '../api/notes-api';
import { noteContentSx, noteEditorTheme } from '../editor/editor-theme';
import { ListMaxIndentLevelPlugin } from '../editor/list-max-indent-plugin';
import { $isMentionNode, MentionNode } from '../editor/mention-node';
import { MentionsPlugin } from '../editor/mentions-plugin';
import { TabIndentPlugin } from '../editor/tab-indent-plugin';
import { ToolbarPlugin } from '../editor/toolbar-plugin';

export interface NoteSubmission extends NoteText {
  notifyUsers: { id: string; email: string | null }[];
}

export interface NoteEditorProps {
  entity: NotesEntity;
  /** "Send" for a new note, "Update" for an edit. */
  submitLabel: 'Send' | 'Update';
  /** Saves the note; answers whether it was saved (a new note's editor then clears). */
  onSubmit(note: NoteSubmission): Promise<boolean>;
  onCancel?: () => void;
  /** The editor state (or HTML) of the note being edited. */
  initialJson?: unknown;
  initialHtml?: string;
  /** Mention suggestions for an internal note: the operator's staff only. */
  internal?: boolean;
  placeholder?: string;
  /** Extra controls beside the buttons (the internal-note switch). */
  extra?: ReactNode;
}

/** The editable area's look: the saved note's look, scrolling past 450 px. */
const editableAreaSx = {
  ...noteContentSx,
  maxHeight: NOTE_MAX_HEIGHT_PX,
  overflowY: 'auto',
  minHeight: 88,
  p: 1.5,
} as const;

function initialState(json: unknown, html: string | undefined): InitialConfigType['editorState'] {
  if (json && typeof json === 'object' && 'root' in json) return JSON.stringify(json);
  if (html) {
    return (editor: LexicalEditor) => {
      const dom = new DOMParser().parseFromString(html, 'text/html');
      $getRoot().select();
      $insertNodes($generateNodesFromDOM(editor, dom));
    };
  }
  return undefined;
}

function mentionedUserIds(nodes: LexicalNode[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if ($isMentionNode(node)) found.add(node.getUserId());
    if ('getChildren' in node && typeof node.getChildren === 'function')
      mentionedUserIds((node as { getChildren(): LexicalNode[] }).getChildren(), found);
  }
  return found;
}

/**
 * A Lexical rich-text editor for notes: block types (paragraph, headings 1-6, lists, quote,
 * code), the spec's fonts, lists nested at most six deep, @ mentions; at most 450 px tall. Its
 * button stays disabled until there is non-blank text, and while saving.
 */
export function NoteEditor(props: NoteEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: 'note',
    theme: noteEditorTheme,
    nodes: [
      HeadingNode,
      QuoteNode,
      ListNode,
      ListItemNode,
      CodeNode,
      CodeHighlightNode,
      MentionNode,
    ],
    editorState: initialState(props.initialJson, props.initialHtml),
    onError: (error: Error) => {
      throw error;
    },
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorBody {...props} />
    </LexicalComposer>
  );
}

function EditorBody({
  entity,
  submitLabel,
  onSubmit,
  onCancel,
  internal = false,
  placeholder = 'Write a comment… Type @ to mention someone',
  extra,
}: NoteEditorProps) {
  const [editor] = useLexicalComposerContext();
  const [blank, setBlank] = useState(() =>
    editor.getEditorState().read(() => $getRoot().getTextContent().trim() === ''),
  );
  const [saving, setSaving] = useState(false);
  const emails = useRef(new Map<string, string | null>());

  const onChange = useCallback((state: EditorState) => {
    setBlank(state.read(() => $getRoot().getTextContent().trim() === ''));
  }, []);
  const onMention = useCallback((user: MentionableUser) => {
    emails.current.set(user.id, user.emailAddresses[0]?.value ?? null);
  }, []);

  const submit = async () => {
    if (blank || saving) return;
    const state = editor.getEditorState();
    const note = state.read(() => {
      const root = $getRoot();
      const ids = mentionedUserIds(root.getChildren());
      return {
        noteContent: root.getTextContent().trim(),
        noteHTML: $generateHtmlFromNodes(editor, null),
        noteJSON: state.toJSON(),
        notifyUsers: [...ids].map((id) => ({ id, email: emails.current.get(id) ?? null })),
      };
    });
    setSaving(true);
    try {
      const saved = await onSubmit(note);
      if (saved && submitLabel === 'Send') {
        editor.dispatchCommand(CLEAR_EDITOR_COMMAND, undefined);
        emails.current.clear();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <ToolbarPlugin disabled={saving} />
      <Box data-replay-mask sx={{ position: 'relative', '& > [contenteditable]': editableAreaSx }}>
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              aria-label={submitLabel === 'Send' ? 'New comment' : 'Edit comment'}
              aria-placeholder={placeholder}
              placeholder={
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    top: 12,
                    left: 12,
                    color: 'text.disabled',
                    pointerEvents: 'none',
                    fontSize: '0.9375rem',
                  }}
                >
                  {placeholder}
                </Box>
              }
              style={{ outline: 'none' }}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </Box>
      <HistoryPlugin />
      <ListPlugin />
      <ListMaxIndentLevelPlugin maxDepth={NOTE_LIST_MAX_INDENT_DEPTH} />
      <TabIndentPlugin debounceMs={TAB_KEY_DEBOUNCE_MS} />
      <ClearEditorPlugin />
      <OnChangePlugin onChange={onChange} ignoreSelectionChange />
      <MentionsPlugin entity={entity} internal={internal} onMention={onMention} />
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1, px: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: 1 }}>{extra}</Box>
        {onCancel && (
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button variant="contained" onClick={() => void submit()} disabled={blank || saving}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
