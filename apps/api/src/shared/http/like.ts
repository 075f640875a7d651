import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching values that start with the given text, wildcards in the text taken literally. */
export function startsWithPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The range of text starting with `prefix`: from the prefix up to (not including) its successor. */
export interface PrefixRange {
  from: string;
  to: string;
}

export function prefixRange(prefix: string): PrefixRange {
  const characters = Array.from(prefix);
  const last = characters.pop();
  if (last === undefined) throw new Error('A prefix range needs a non-empty prefix');
  return { from: prefix, to: characters.join('') + String.fromCodePoint(last.codePointAt(0)! + 1) };
}

/**
 * `column` lies in a prefix's range, written on the leakproof text_pattern operators so that a
 * text_pattern_ops index serves it even under row-level security (where LIKE cannot be used as an
 * index condition).
 */
export function inPrefixRange(column: string, range: PrefixRange): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} ~>=~ ${range.from} and ${sql.ref(column)} ~<~ ${range.to})`;
}

/** `column` starts with `prefix` (see inPrefixRange). The prefix must not be empty. */
export function startsWith(column: string, prefix: string): RawBuilder<SqlBool> {
  return inPrefixRange(column, prefixRange(prefix));
}
