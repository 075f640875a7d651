import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { registerAjvFormats } from '@fastify/type-provider-typebox';

registerAjvFormats();

/**
 * Validates every request part against its TypeBox schema. Query strings, path parameters and
 * headers are converted from text first ("20" -> 20); bodies are taken as sent. Defaults are filled in.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  return (input: unknown) => {
    const converted = httpPart === 'body' ? input : Value.Convert(schema, input);
    const value = Value.Default(schema, converted);
    if (!validator.Check(value)) return { error: validator.Errors(value) as never };
    const unstorable = unstorableValues(value, '', [], wholeNumbersKeptAsJson(schema));
    return unstorable.length ? { error: unstorable as never } : { value };
  };
};

const INT32 = 2 ** 31;

/**
 * A body stored whole as jsonb (a session recording's events, with their epoch-millisecond times)
 * says so with `x-stored-as-json`: its whole numbers are not bound for int4 columns.
 */
const wholeNumbersKeptAsJson = (schema: TSchema) =>
  (schema as { 'x-stored-as-json'?: boolean })['x-stored-as-json'] === true;

/**
 * What PostgreSQL would refuse with a 500 (decision 086): text holding NUL characters, and whole
 * numbers outside 32 bits (every integer column and id the API takes is an int4). Reported like
 * a schema error, naming the field.
 */
export function unstorableValues(
  value: unknown,
  path = '',
  found: { instancePath: string; keyword: string; message: string; params: object }[] = [],
  anyWholeNumber = false,
) {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      found.push({
        instancePath: path,
        keyword: 'nul',
        message: 'must not contain NUL characters',
        params: {},
      });
  } else if (typeof value === 'number') {
    if (!anyWholeNumber && Number.isInteger(value) && (value >= INT32 || value < -INT32))
      found.push({
        instancePath: path,
        keyword: 'int32',
        message: `must be between ${-INT32} and ${INT32 - 1}`,
        params: {},
      });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) =>
      unstorableValues(item, `${path}/${index}`, found, anyWholeNumber),
    );
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      unstorableValues(item, `${path}/${key}`, found, anyWholeNumber);
  }
  return found;
}
