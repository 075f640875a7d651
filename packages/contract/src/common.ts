import Type, { type Static, type TSchema } from 'typebox';

/** Opaque identifiers: UUIDs. Another company's id answers exactly like a missing one. */
export const Id = Type.String({ format: 'uuid', description: 'Opaque identifier' });

export const Problem = Type.Object(
  {
    status: Type.Integer(),
    title: Type.String(),
    detail: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    requestId: Type.Optional(Type.String()),
  },
  { description: 'An error answer: title, detail, status, and messages by field' },
);
export type Problem = Static<typeof Problem>;

/** page is 1-based; pageSize bounded so no caller can ask the database for everything at once. */
export function PagingQuery(defaultPageSize: number, maxPageSize = 100) {
  return {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: maxPageSize, default: defaultPageSize }),
  };
}

/** The list envelope every list answers with. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 0 }),
    totalCount: Type.Integer({ minimum: 0 }),
  });
}

/** A single resource answer. */
export function DataOf<T extends TSchema>(item: T) {
  return Type.Object({ data: item });
}

export const StatusValue = Type.Object({
  value: Type.Integer(),
  displayName: Type.String(),
});

/** A path key that is either the opaque id or the number people use (1000123, TP800123). */
export const EntityKey = Type.String({
  pattern:
    '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z]{0,3}[0-9]{1,18})$',
  description: 'The id, or the number (shipment, case, invoice or order number)',
});
export const EntityKeyParams = Type.Object({ id: EntityKey }, { additionalProperties: false });
