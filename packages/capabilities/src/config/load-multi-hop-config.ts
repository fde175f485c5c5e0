import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RootweaverError } from '@rootweaver/core';
import { type MultiHopConfig, resolveMultiHopConfig } from '@rootweaver/innovations';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import {
  type MultiHopYaml,
  multiHopYamlAllowedValues,
  multiHopYamlKeys,
  multiHopYamlSchema,
} from './multi-hop-config-schema.js';

export const multiHopConfigEnvironmentVariable = 'ROOTWEAVER_MULTI_HOP_CONFIG';

/** `configs/retrieval/multi_hop.yaml` of this checkout (same depth from `src/config` and `dist/config`). */
export const defaultMultiHopConfigPath: string = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../configs/retrieval/multi_hop.yaml',
);

/** The optional `providers:` section of the YAML, camelCased. */
export interface MultiHopProviderSettings {
  readonly indexDirectory?: string;
  readonly llmModel?: string;
  readonly llmBaseUrl?: string;
}

export interface LoadedMultiHopConfig {
  readonly config: MultiHopConfig;
  readonly providers: MultiHopProviderSettings;
  /** The file read, or `defaults` when the default file is absent. */
  readonly source: string;
}

export interface LoadMultiHopConfigOptions {
  /** Explicit path; wins over the environment variable. */
  readonly configPath?: string;
  /** Where `ROOTWEAVER_MULTI_HOP_CONFIG` is read; defaults to `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Reads and validates `multi_hop.yaml`: path from the option, else `ROOTWEAVER_MULTI_HOP_CONFIG`, else the
 * repository's `configs/retrieval/multi_hop.yaml` (built-in defaults when that one is absent). Any problem is a
 * `RootweaverError('invalid-config')` naming the file, the key path and what is allowed.
 */
export function loadMultiHopConfig(options: LoadMultiHopConfigOptions = {}): LoadedMultiHopConfig {
  const env = options.env ?? process.env;
  const explicitPath = options.configPath ?? nonEmpty(env[multiHopConfigEnvironmentVariable]);
  const path = explicitPath === undefined ? defaultMultiHopConfigPath : resolve(explicitPath);
  if (explicitPath === undefined && !existsSync(path)) {
    return { config: resolveMultiHopConfig(), providers: {}, source: 'defaults' };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const how =
      options.configPath === undefined && explicitPath !== undefined
        ? `set by ${multiHopConfigEnvironmentVariable}`
        : 'given as configPath';
    throw new RootweaverError(
      'invalid-config',
      `Cannot read the multi-hop config ${path} (${how}): ${describeFileError(error)}. ` +
        `Point it at an existing multi_hop.yaml, e.g. configs/retrieval/multi_hop.yaml.`,
      { cause: error, details: { path } },
    );
  }
  return { ...parseMultiHopConfig(text, path), source: path };
}

/** Parses and validates YAML text; `fileName` is used in error messages. */
export function parseMultiHopConfig(
  text: string,
  fileName = 'multi_hop.yaml',
): { readonly config: MultiHopConfig; readonly providers: MultiHopProviderSettings } {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const syntaxError = document.errors[0];
  if (syntaxError !== undefined) {
    const position = syntaxError.linePos?.[0];
    const where = position === undefined ? '' : ` at line ${position.line}, column ${position.col}`;
    throw new RootweaverError(
      'invalid-config',
      `${baseName(fileName)}: YAML syntax error${where}: ${firstLine(syntaxError.message).replace(/ at line \d+, column \d+:?$/, '')}. Fix the YAML in ${fileName}.`,
      { details: { path: fileName, line: position?.line, column: position?.col } },
    );
  }
  const raw: unknown = document.toJS() ?? {};
  const result = multiHopYamlSchema.safeParse(raw);
  if (!result.success) {
    const messages = result.error.issues.flatMap((issue) => describeIssue(issue, raw));
    throw new RootweaverError('invalid-config', `${baseName(fileName)}: ${messages.join('; ')}`, {
      details: { path: fileName, issues: messages },
    });
  }
  return { config: toMultiHopConfig(result.data), providers: toProviderSettings(result.data) };
}

function toMultiHopConfig(yaml: MultiHopYaml): MultiHopConfig {
  const budgets = {
    ...(yaml.budgets?.max_llm_calls === undefined ? {} : { maxLlmCalls: yaml.budgets.max_llm_calls }),
    ...(yaml.budgets?.max_tokens === undefined ? {} : { maxTokens: yaml.budgets.max_tokens }),
  };
  const entries: [string, unknown][] = [
    ['planner', yaml.planner],
    ['maxHops', yaml.max_hops],
    ['answerabilityThreshold', yaml.answerability_threshold],
    ['maxDepth', yaml.max_depth],
    ['maxSubQueriesPerIter', yaml.max_sub_queries_per_iter],
    ['maxTotalSubQueries', yaml.max_total_sub_queries],
    ['maxPoolChunks', yaml.max_pool_chunks],
    ['topK', yaml.top_k],
    ['retrievalMode', yaml.retrieval_mode],
    ['extractionConfidenceThreshold', yaml.extraction_confidence_threshold],
    ['synthesis', yaml.synthesis],
    ['compactionEnabled', yaml.compaction_enabled],
    ['compactionMaxChars', yaml.compaction_max_chars],
    ['temperature', yaml.temperature],
    ['maxOutputTokens', yaml.max_output_tokens],
  ];
  const present = Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  return resolveMultiHopConfig({ ...present, budgets });
}

function toProviderSettings(yaml: MultiHopYaml): MultiHopProviderSettings {
  const providers = yaml.providers;
  if (providers === undefined) return {};
  return {
    ...(providers.index_directory === undefined ? {} : { indexDirectory: providers.index_directory }),
    ...(providers.llm_model === undefined ? {} : { llmModel: providers.llm_model }),
    ...(providers.llm_base_url === undefined ? {} : { llmBaseUrl: providers.llm_base_url }),
  };
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string[] {
  const parentPath = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const allowed = multiHopYamlKeys[parentPath.join('.')] ?? [];
    return issue.keys.map((key) => {
      const keyPath = [...parentPath, key].join('.');
      const suggestion = closest(key, allowed);
      const hint = suggestion === undefined ? '' : ` — did you mean \`${suggestion}\`?`;
      return `unknown key \`${key}\` at \`${keyPath}\`${hint} Allowed keys: ${allowed.join(', ')}`;
    });
  }
  const keyPath = parentPath.join('.');
  if (keyPath === '') {
    return ['the file must be a YAML mapping of knob names to values (see configs/retrieval/multi_hop.yaml)'];
  }
  const allowed = multiHopYamlAllowedValues[keyPath] ?? issue.message;
  return [`bad value at \`${keyPath}\`: got ${describeValue(valueAt(raw, issue.path))}; allowed: ${allowed}`];
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

/** The allowed key nearest to `key` by edit distance, when it is close enough to be a typo. */
function closest(key: string, allowed: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of allowed) {
    const distance = editDistance(key, name);
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  if (best === undefined) return undefined;
  return best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.name : undefined;
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

function describeFileError(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'code' in error) {
    if (error.code === 'ENOENT') return 'no such file';
    if (error.code === 'EISDIR') return 'it is a directory';
    if (error.code === 'EACCES') return 'permission denied';
  }
  return error instanceof Error ? error.message : String(error);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
