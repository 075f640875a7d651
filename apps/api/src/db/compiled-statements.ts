import { createQueryId, type CompiledQuery, type QueryResult } from 'kysely';
import type { Tx } from './database';

/** A query builder or a raw `sql` statement: either compiles with the transaction's executor. */
interface Statement<Row> {
  compile(executorProvider: Tx): CompiledQuery<Row>;
}

/** What may stand in a value's place: a parameter, or a list of them (an IN list). */
export type StatementValue = string | number | readonly string[] | readonly number[];

const MARK = '\u0001';
/** Templates kept per statement; a shape past them is compiled again when it comes back. */
export const MAX_SHAPES = 500;
const placeholder = (name: string) => `${MARK}${name}${MARK}`;

interface Template {
  compiled: CompiledQuery;
  /** For each parameter: the value (or list element) it takes, or the constant it keeps. */
  slots: ({ value: string; index?: number } | { constant: unknown })[];
}

/**
 * A hot statement built and compiled by Kysely once per shape, then run with each call's values bound
 * to the same parameters: the query builder, the camel-case transform and the compiler cost a hot
 * read as much Node time as its answer (issue 18), and give the same text every time anyway.
 *
 * `build` gets placeholders in place of the values, so each value must reach the statement as a
 * parameter as it is: a value worked out from another (a prefix's upper bound) is passed worked out,
 * and a choice that changes the text (which branches, literals) belongs to the shape, named by `key`.
 * A list value makes one parameter per element; its length is part of the key. Compiling refuses a
 * parameter made from a placeholder rather than being one.
 */
export function compiledStatements<Shape, Values extends Record<string, StatementValue>, Row>(
  key: (shape: Shape) => string,
  build: (tx: Tx, shape: Shape, values: Values) => Statement<Row>,
) {
  const templates = new Map<string, Template>();

  const compile = (tx: Tx, shape: Shape, values: Values): Template => {
    const placeholders: Record<string, StatementValue> = {};
    for (const [name, value] of Object.entries(values))
      placeholders[name] = Array.isArray(value)
        ? value.map((_, index) => placeholder(`${name}.${index}`))
        : placeholder(name);
    const compiled = build(tx, shape, placeholders as Values).compile(tx);
    const slots = compiled.parameters.map((parameter) => {
      if (typeof parameter !== 'string' || !parameter.includes(MARK))
        return { constant: parameter };
      const name = parameter.slice(1, -1);
      if (!parameter.startsWith(MARK) || !parameter.endsWith(MARK) || name.includes(MARK))
        throw new Error(`A parameter is made from a placeholder: pass ${parameter} worked out`);
      const [value, index] = name.split('.');
      return index === undefined ? { value: value! } : { value: value!, index: Number(index) };
    });
    return { compiled, slots };
  };

  return async (tx: Tx, shape: Shape, values: Values): Promise<QueryResult<Row>> => {
    const lengths = Object.values(values)
      .map((value) => (Array.isArray(value) ? value.length : ''))
      .join(',');
    const templateKey = `${key(shape)}|${lengths}`;
    let template = templates.get(templateKey);
    if (template === undefined) {
      template = compile(tx, shape, values);
      // Shapes follow the callers' choices (a list's statuses, say): the oldest goes past the cap.
      if (templates.size >= MAX_SHAPES) templates.delete(templates.keys().next().value!);
      templates.set(templateKey, template);
    }
    const parameters = template.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value = values[slot.value]!;
      return slot.index === undefined ? value : (value as readonly (string | number)[])[slot.index];
    });
    return tx.executeQuery<Row>({
      query: template.compiled.query,
      queryId: createQueryId(),
      sql: template.compiled.sql,
      parameters,
    });
  };
}
