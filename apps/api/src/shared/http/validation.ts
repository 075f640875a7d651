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
    if (validator.Check(value)) return { value };
    return { error: validator.Errors(value) as never };
  };
};
