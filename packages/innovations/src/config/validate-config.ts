import { RootweaverError } from '@rootweaver/core';
import { z } from 'zod';

/** A JSON Schema node, as `z.toJSONSchema` writes it (only the parts read here). */
interface SchemaNode {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly minLength?: number;
  readonly format?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly anyOf?: readonly SchemaNode[];
  readonly default?: unknown;
  readonly description?: string;
  /** Set with `.meta({ allowed })` where the JSON Schema cannot say it in words (e.g. a URL pattern). */
  readonly allowed?: string;
  readonly examples?: readonly unknown[];
}

export type ConfigSchemaNode = SchemaNode;

export interface ValidateConfigOptions {
  /** Names the input at the start of every message, e.g. `multi_hop.yaml`. */
  readonly source: string;
  /** How a key path is written in messages; default: the keys joined by dots. */
  readonly keyPath?: (keys: readonly string[]) => string;
  /** What the whole input must be, for a message when it is not a mapping. */
  readonly mustBe?: string;
  /** Extra `details` for the error (e.g. the file path). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The JSON Schema of a config schema (its input side: every defaulted key optional). */
export function configJsonSchema(schema: z.ZodType): SchemaNode {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
}

/**
 * Validates `raw` against a config schema and returns the parsed value (defaults filled in). Every problem
 * becomes one clause of a single `RootweaverError('invalid-config')`: the key path, the value given and
 * what is allowed — both taken from the schema — and, for an unknown key, the nearest allowed key.
 */
export function validateConfig<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  options: ValidateConfigOptions,
): z.output<Schema> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const root = configJsonSchema(schema);
  const keyPath = options.keyPath ?? ((keys: readonly string[]) => keys.join('.'));
  const messages = result.error.issues.flatMap((issue) => {
    const parent = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      const allowed = Object.keys(nodeAt(root, parent)?.properties ?? {}).map((key) => keyPath([key]));
      return issue.keys.map((key) => {
        const shown = keyPath([key]);
        const suggestion = closestName(shown, allowed);
        const hint = suggestion === undefined ? '' : ` — did you mean \`${suggestion}\`?`;
        return `unknown key \`${shown}\` at \`${keyPath([...parent, key])}\`${hint} Allowed keys: ${allowed.join(', ')}`;
      });
    }
    if (parent.length === 0) {
      return [options.mustBe ?? 'the configuration must be a mapping of knob names to values'];
    }
    const node = nodeAt(root, parent);
    const allowed = node === undefined ? issue.message : describeAllowedValues(node);
    return [
      `bad value at \`${keyPath(parent)}\`: got ${describeValue(valueAt(raw, issue.path))}; allowed: ${allowed}`,
    ];
  });
  throw new RootweaverError('invalid-config', `${options.source}: ${messages.join('; ')}`, {
    details: { ...options.details, issues: messages },
  });
}

/** The schema node at a key path (through optional wrappers), if there is one. */
export function nodeAt(root: SchemaNode, keys: readonly string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const key of keys) {
    node = unwrap(node)?.properties?.[key];
    if (node === undefined) return undefined;
  }
  return unwrap(node);
}

function unwrap(node: SchemaNode | undefined): SchemaNode | undefined {
  if (node?.anyOf === undefined) return node;
  return node.anyOf.find((choice) => choice.type !== 'null') ?? node;
}

/** What a schema node accepts, in words: `one of a, b`, `an integer >= 1`, `a number between 0 and 1`. */
export function describeAllowedValues(node: SchemaNode): string {
  if (node.allowed !== undefined) return node.allowed;
  if (node.enum !== undefined) return `one of ${node.enum.map(String).join(', ')}`;
  switch (node.type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      return `an integer${describeRange(node)}`;
    case 'number':
      return `a number${describeRange(node)}`;
    case 'string':
      return (node.minLength ?? 0) > 0 ? 'a non-empty string' : 'a string';
    case 'object':
      return `a mapping with ${Object.keys(node.properties ?? {}).join(', ')}`;
    default:
      return node.type ?? 'a value';
  }
}

function describeRange(node: SchemaNode): string {
  const minimum = node.minimum;
  const maximum =
    node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER ? node.maximum : undefined;
  if (minimum !== undefined && maximum !== undefined) return ` between ${minimum} and ${maximum}`;
  if (minimum !== undefined) return ` >= ${minimum}`;
  if (maximum !== undefined) return ` <= ${maximum}`;
  return '';
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = raw;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return Array.isArray(value) ? 'a list' : 'a mapping';
  return String(value);
}

/** The allowed name nearest to `name` by edit distance, when it is close enough to be a typo. */
export function closestName(name: string, allowed: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(name, candidate);
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  if (best === undefined) return undefined;
  return best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
