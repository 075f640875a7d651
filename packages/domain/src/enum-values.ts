/** Lookup helpers for the `as const` value objects that stand in for enums. */

export type ValueOf<T> = T[keyof T];

export function valuesOf<const T extends Record<string, string | number>>(
  values: T,
): readonly ValueOf<T>[] {
  return Object.values(values) as ValueOf<T>[];
}

/** Builds a guard that accepts exactly the values of one `as const` object. */
export function isValueOf<const T extends Record<string, string | number>>(
  values: T,
): (candidate: unknown) => candidate is ValueOf<T> {
  const known = new Set<unknown>(Object.values(values));
  return (candidate: unknown): candidate is ValueOf<T> => known.has(candidate);
}

/** Reads a numeric enum value from a number or a query-string integer such as "-1". */
export function parseNumericValue<const T extends Record<string, number>>(
  values: T,
  candidate: unknown,
): ValueOf<T> | undefined {
  const isKnown = isValueOf(values);
  const numeric =
    typeof candidate === 'string' && /^-?\d+$/.test(candidate.trim())
      ? Number(candidate.trim())
      : candidate;
  return isKnown(numeric) ? numeric : undefined;
}
