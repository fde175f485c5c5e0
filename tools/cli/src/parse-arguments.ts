import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CliUsageError } from './cli-usage-error.js';

export type OptionSpec = Readonly<
  Record<
    string,
    { readonly type: 'string' | 'boolean'; readonly short?: string; readonly multiple?: boolean }
  >
>;

export interface ParsedArguments {
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly positionals: readonly string[];
}

/** Strict parsing: an unknown flag or a flag without its value is a usage error naming the flag. */
export function parseArguments(
  command: string,
  args: readonly string[],
  options: OptionSpec,
): ParsedArguments {
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
    if (unknown !== undefined) {
      throw new CliUsageError(`${command}: unknown flag ${unknown}; see 'rootweaver ${command} --help'.`);
    }
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message)?.[1];
    if (missing !== undefined) {
      throw new CliUsageError(`${command}: ${missing.replace(/^-\w, /, '')} needs a value.`);
    }
    throw new CliUsageError(`${command}: ${message.split('\n')[0] ?? message}`);
  }
}

export function stringOption(values: ParsedArguments['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function booleanOption(values: ParsedArguments['values'], name: string): boolean {
  return values[name] === true;
}

/** One of a closed set of values, or the default; anything else is a usage error listing the choices. */
export function choiceOption<T extends string, Fallback extends T | undefined = T>(
  command: string,
  values: ParsedArguments['values'],
  name: string,
  choices: readonly T[],
  fallback: Fallback,
): T | Fallback {
  const value = stringOption(values, name);
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new CliUsageError(`${command}: --${name} must be one of ${choices.join(', ')} (got "${value}").`);
  }
  return value as T;
}

export function positiveIntegerOption(
  command: string,
  values: ParsedArguments['values'],
  name: string,
): number | undefined {
  const value = stringOption(values, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new CliUsageError(`${command}: --${name} must be a positive whole number (got "${value}").`);
  }
  return Number(value);
}

/** `onnx:DIR` → the model folder resolved against `cwd`; anything else is a usage error. */
export function onnxFolderOption(
  command: string,
  values: ParsedArguments['values'],
  name: string,
  cwd: string,
): string | undefined {
  const value = stringOption(values, name);
  if (value === undefined) return undefined;
  if (!value.startsWith('onnx:') || value.trim().length <= 'onnx:'.length) {
    throw new CliUsageError(
      `${command}: --${name} must be onnx:DIR, a folder with model.onnx and tokenizer.json (got "${value}").`,
    );
  }
  return resolve(cwd, value.slice('onnx:'.length));
}
