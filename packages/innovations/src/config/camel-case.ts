/** `max_llm_calls` → `maxLlmCalls`, at the type level. */
export type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** `maxLlmCalls` → `max_llm_calls`, at the type level. */
export type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;

/** An object type with its keys camelCased at every level, read-only. */
export type CamelCaseKeys<Value> = Value extends readonly unknown[]
  ? Value
  : Value extends object
    ? {
        readonly [Key in keyof Value as Key extends string ? CamelCase<Key> : Key]: CamelCaseKeys<Value[Key]>;
      }
    : Value;

/** Every key optional, at every level. */
export type DeepPartial<Value> = Value extends readonly unknown[]
  ? Value
  : Value extends object
    ? { readonly [Key in keyof Value]?: DeepPartial<Value[Key]> | undefined }
    : Value;

export function camelCaseName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

export function snakeCaseName(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A copy of a plain object (and the plain objects in it) with every key renamed; arrays and values stay. */
export function renameKeys(value: unknown, rename: (name: string) => string): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [rename(key), renameKeys(entry, rename)]),
  );
}
