// A query parameter with a default may be left out: the server fills it in. The schema compiler
// lists such fields as required (they are always there once the default is applied), so the served
// OpenAPI document would make every client send page and pageSize; this marks them optional.

interface Parameter {
  in?: string;
  required?: boolean;
  schema?: { default?: unknown };
}

type Operations = Record<string, { parameters?: Parameter[] } | undefined>;

/** The document with every query parameter that has a default no longer required. */
export function defaultedQueryParametersOptional<Document extends { paths?: object }>(
  document: Document,
): Document {
  for (const operations of Object.values(document.paths ?? {}) as Operations[]) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation?.parameters ?? []) {
        if (parameter.in === 'query' && parameter.schema?.default !== undefined)
          parameter.required = false;
      }
    }
  }
  return document;
}
