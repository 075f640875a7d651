import { CamelCasePlugin } from 'kysely';

// Kysely's CamelCasePlugin converts every column name of every row, character by character, and
// every identifier of every query the other way (its documentation invites overriding the two
// conversions). The names come from the code, so each is converted once and kept: at most
// KEPT_NAMES of them, in case a JSON column carries keys of its own.
const KEPT_NAMES = 10_000;

function kept(convert: (name: string) => string): (name: string) => string {
  const names = new Map<string, string>();
  return (name) => {
    let converted = names.get(name);
    if (converted === undefined) {
      converted = convert(name);
      if (names.size >= KEPT_NAMES) names.clear();
      names.set(name, converted);
    }
    return converted;
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  // As Kysely's own test: an object whose prototype is null or an Object.prototype (of any realm).
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** CamelCasePlugin with its conversions kept, and rows mapped without a copy per column. */
export class KeptCamelCasePlugin extends CamelCasePlugin {
  readonly #camelCase = kept((name) => super.camelCase(name));
  readonly #snakeCase = kept((name) => super.snakeCase(name));

  protected override camelCase(name: string): string {
    return this.#camelCase(name);
  }

  protected override snakeCase(name: string): string {
    return this.#snakeCase(name);
  }

  protected override mapRow(row: Record<string, unknown>): Record<string, unknown> {
    const mapped: Record<string, unknown> = {};
    for (const key in row) {
      let value = row[key];
      if (Array.isArray(value)) {
        value = value.map((item: unknown) => (isPlainObject(item) ? this.mapRow(item) : item));
      } else if (isPlainObject(value)) {
        value = this.mapRow(value);
      }
      mapped[this.#camelCase(key)] = value;
    }
    return mapped;
  }
}
