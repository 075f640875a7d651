import type { EditorThemeClasses } from 'lexical';

/** Class names the editor writes; the same names style a saved note's HTML. */
export const noteEditorTheme: EditorThemeClasses = {
  paragraph: 'note-paragraph',
  quote: 'note-quote',
  heading: {
    h1: 'note-h1',
    h2: 'note-h2',
    h3: 'note-h3',
    h4: 'note-h4',
    h5: 'note-h5',
    h6: 'note-h6',
  },
  list: {
    ul: 'note-ul',
    ol: 'note-ol',
    listitem: 'note-li',
    nested: { listitem: 'note-nested-li' },
  },
  code: 'note-code',
  indent: 'note-indent',
  text: {
    bold: 'note-bold',
    italic: 'note-italic',
    underline: 'note-underline',
    strikethrough: 'note-strikethrough',
    underlineStrikethrough: 'note-underline-strikethrough',
    code: 'note-text-code',
  },
};

/** How note text looks, in the editor and once saved. */
export const noteContentSx = {
  fontSize: '0.9375rem',
  lineHeight: 1.5,
  wordBreak: 'break-word',
  '& p, & .note-paragraph': { m: 0 },
  '& .note-h1, & h1': { fontSize: '1.6rem', fontWeight: 600, m: '0.4em 0' },
  '& .note-h2, & h2': { fontSize: '1.4rem', fontWeight: 600, m: '0.4em 0' },
  '& .note-h3, & h3': { fontSize: '1.2rem', fontWeight: 600, m: '0.35em 0' },
  '& .note-h4, & h4': { fontSize: '1.1rem', fontWeight: 600, m: '0.3em 0' },
  '& .note-h5, & h5': { fontSize: '1rem', fontWeight: 600, m: '0.3em 0' },
  '& .note-h6, & h6': {
    fontSize: '0.9rem',
    fontWeight: 600,
    m: '0.3em 0',
    textTransform: 'uppercase',
  },
  '& .note-quote, & blockquote': {
    m: '0.5em 0',
    pl: 1.5,
    borderLeft: 4,
    borderColor: 'divider',
    color: 'text.secondary',
  },
  '& .note-code, & pre': {
    display: 'block',
    fontFamily: '"Courier New", Courier, monospace',
    fontSize: '0.85rem',
    bgcolor: 'grey.100',
    borderRadius: 1,
    p: 1,
    m: '0.5em 0',
    overflowX: 'auto',
    whiteSpace: 'pre',
  },
  '& .note-text-code': {
    fontFamily: '"Courier New", Courier, monospace',
    bgcolor: 'grey.100',
    px: 0.5,
  },
  '& .note-ul, & .note-ol, & ul, & ol': { m: '0.25em 0', pl: 3 },
  '& .note-nested-li': { listStyleType: 'none' },
  '& .note-bold': { fontWeight: 700 },
  '& .note-italic': { fontStyle: 'italic' },
  '& .note-underline': { textDecoration: 'underline' },
  '& .note-strikethrough': { textDecoration: 'line-through' },
  '& .note-underline-strikethrough': { textDecoration: 'underline line-through' },
  '& .mention': {
    bgcolor: 'rgba(21, 101, 192, 0.12)',
    color: 'primary.dark',
    borderRadius: 0.5,
    px: 0.25,
    fontWeight: 500,
  },
  '& a': { color: 'primary.main' },
} as const;
