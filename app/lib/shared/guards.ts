// Narrowing without casts (issue 11 point 5): what a request, a form, a flag or a JSON body
// holds is `unknown` or `string` until one of these checks it against the literal lists and
// tables we declare `as const`.

/** Whether `value` is one of `options`: narrows a value read from outside to the list's union. */
export function isOneOf<const T extends string | number>(options: readonly T[], value: unknown): value is T {
  return options.some((option) => option === value);
}

/** Whether `value` is a plain object whose keys can be read (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of a table we declared (`as const`), typed as its keys. */
export function keysOf<T extends object>(table: T): (keyof T & string)[] {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- Object.keys types its answer string[] because an object type may hold more keys than it names; the tables passed here are our own literals, whose keys are exactly the named ones.
  return Object.keys(table) as (keyof T & string)[];
}

/** The entries of a table we declared (`as const`), each typed as its key and that key's value. */
export function entriesOf<T extends object>(table: T): [keyof T & string, T[keyof T & string]][] {
  return keysOf(table).map((key) => [key, table[key]]);
}
