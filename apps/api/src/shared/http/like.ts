import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching values that start with the given text, wildcards in the text taken literally. */
export function startsWithPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * `column` starts with `prefix`, written as a range on the leakproof text_pattern operators so that a
 * text_pattern_ops index serves it even under row-level security (where LIKE cannot be used as an
 * index condition). The prefix must not be empty.
 */
export function startsWith(column: string, prefix: string): RawBuilder<SqlBool> {
  const characters = Array.from(prefix);
  const last = characters.pop();
  if (last === undefined) throw new Error('startsWith needs a non-empty prefix');
  const upper = characters.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
  return sql<SqlBool>`(${sql.ref(column)} ~>=~ ${prefix} and ${sql.ref(column)} ~<~ ${upper})`;
}
