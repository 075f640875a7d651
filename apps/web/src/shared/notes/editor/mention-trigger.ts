import { MENTION_FALLBACK_MAX_LENGTH, MENTION_MAX_LENGTH } from '@portal/domain';

// When "@" starts a mention: the text typed since it, up to 75 characters of names joined by
// spaces or punctuation, or (the fallback) up to 50 characters without spaces.

const PUNCTUATION = '\\.,\\+\\*\\?\\$\\@\\|#{}\\(\\)\\^\\-\\[\\]\\\\/!%\'"~=<>_:;';
const TRIGGERS = '@';
const VALID_CHARS = `[^${TRIGGERS}${PUNCTUATION}\\s]`;
const VALID_JOINS = `(?:\\.[ |$]| |[${PUNCTUATION}]|)`;

const MENTION = new RegExp(
  `(^|\\s|\\()([${TRIGGERS}]((?:${VALID_CHARS}${VALID_JOINS}){0,${MENTION_MAX_LENGTH}}))$`,
);
const MENTION_FALLBACK = new RegExp(
  `(^|\\s|\\()([${TRIGGERS}]((?:${VALID_CHARS}){0,${MENTION_FALLBACK_MAX_LENGTH}}))$`,
);

export interface MentionMatch {
  leadOffset: number;
  matchingString: string;
  replaceableString: string;
}

/** The mention being typed at the end of the text, if any. */
export function findMentionQuery(text: string): MentionMatch | null {
  const match = MENTION.exec(text) ?? MENTION_FALLBACK.exec(text);
  if (!match) return null;
  const leading = match[1] ?? '';
  return {
    leadOffset: match.index + leading.length,
    matchingString: match[3] ?? '',
    replaceableString: match[2] ?? '',
  };
}
