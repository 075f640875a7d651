import sanitizeHtml from 'sanitize-html';

// A note's HTML is shown to every party of its entity: it keeps the editor's formatting (headings,
// lists, quotes, code, fonts, mentions) and nothing that runs, loads or navigates by itself.

const CLASS_NAME = /^[A-Za-z][\w-]{0,60}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'a',
  ],
  allowedAttributes: {
    '*': ['class', 'style', 'dir'],
    a: ['href', 'target', 'rel'],
    li: ['value'],
    ol: ['start'],
    span: ['data-lexical-mention', 'data-user-id', 'data-mention'],
    pre: ['data-language', 'spellcheck'],
    code: ['data-language', 'spellcheck'],
  },
  allowedClasses: { '*': [CLASS_NAME] },
  allowedStyles: {
    '*': {
      'font-family': [/^[\w\s,'"-]{1,100}$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)(\s+(underline|line-through))?$/],
      'text-align': [/^(left|right|center|justify|start|end)$/],
      'white-space': [/^pre-wrap$/],
      'padding-inline-start': [/^\d{1,3}px$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeNoteHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
