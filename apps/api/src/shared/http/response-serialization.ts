import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

// fast-json-stringify picks the branch of an `anyOf` by validating the value against each branch
// with Ajv, formats and nested objects included, for every value of every response (decision 242).
// The contract's nullable fields (`Type.Union([X, Type.Null()])`) and literal unions are
// rewritten, for the serializer only, into what it writes without validating: `nullable: true` on
// X, and `enum` on the literals' one type. The contract, the request validation and the API
// documentation keep the unions.

type Schema = { [keyword: string]: unknown };

const BRANCHING = ['anyOf', 'oneOf', 'allOf', '$ref', 'if', 'not'] as const;
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const SCHEMA_VALUES = ['additionalProperties', 'items', 'not', 'if', 'then', 'else'] as const;
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullSchema(schema: Schema): boolean {
  return (
    schema.type === 'null' && Object.keys(schema).every((k) => k === 'type' || k === 'description')
  );
}

/** A schema of one type that needs no validation to be written: no branches of its own. */
function isPlainTyped(schema: Schema): boolean {
  return (
    typeof schema.type === 'string' &&
    schema.type !== 'null' &&
    !BRANCHING.some((keyword) => keyword in schema)
  );
}

type Literal = string | number | boolean;

function literalOf(schema: Schema): Literal | undefined {
  const value = schema.const;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

function literalType(values: Literal[]): string | undefined {
  if (values.every((value) => typeof value === 'string')) return 'string';
  if (values.every((value) => typeof value === 'boolean')) return 'boolean';
  if (values.every((value) => typeof value === 'number'))
    return values.every((value) => Number.isInteger(value)) ? 'integer' : 'number';
  return undefined;
}

/**
 * The union (its options already rewritten) as one schema the serializer writes without
 * validating, or undefined to keep it.
 */
function flattenedUnion(rest: Schema, options: Schema[]): Schema | undefined {
  const nullable = options.some(isNullSchema);
  const others = options.filter((option) => !isNullSchema(option));
  if (others.length === 0) return undefined;
  if (others.length === 1 && nullable && isPlainTyped(others[0]!)) {
    return { ...rest, ...others[0], nullable: true };
  }
  const literals = others.map(literalOf);
  if (literals.every((value) => value !== undefined)) {
    const type = literalType(literals as Literal[]);
    if (type) return { ...rest, type, enum: literals, ...(nullable ? { nullable: true } : {}) };
  }
  return undefined;
}

/** A copy of a response schema with its nullable and literal unions written as plain types. */
export function serializable(schema: object): Schema {
  const copy: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if ((SCHEMA_MAPS as readonly string[]).includes(keyword) && isSchema(value)) {
      copy[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, isSchema(sub) ? serializable(sub) : sub]),
      );
    } else if ((SCHEMA_VALUES as readonly string[]).includes(keyword) && isSchema(value)) {
      copy[keyword] = serializable(value);
    } else if ((SCHEMA_LISTS as readonly string[]).includes(keyword) && Array.isArray(value)) {
      copy[keyword] = value.map((sub: unknown) => (isSchema(sub) ? serializable(sub) : sub));
    } else {
      copy[keyword] = value;
    }
  }
  const union = copy.anyOf;
  if (Array.isArray(union) && union.every(isSchema)) {
    const { anyOf: _, ...rest } = copy;
    return flattenedUnion(rest, union) ?? copy;
  }
  return copy;
}

const buildSerializers = SerializerSelector();

/** Fastify's own serializer factory, given the rewritten schemas. */
export const responseSerializerFactory: typeof buildSerializers = (externalSchemas, options) => {
  const compile = buildSerializers(externalSchemas, options);
  return (route) =>
    compile({
      ...route,
      schema: isSchema(route.schema) ? serializable(route.schema) : route.schema,
    });
};
