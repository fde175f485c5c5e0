import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import {
  type MultiHopConfig,
  type MultiHopConfigInput,
  multiHopConfigFromSnakeCase,
  overrideMultiHopConfig,
  validateConfig,
} from '@rootweaver/innovations';
import { parseDocument } from 'yaml';
import { defaultAssetPath } from '../checkout/rootweaver-checkout.js';
import { multiHopYamlSchema } from './multi-hop-yaml-schema.js';

export const multiHopConfigEnvironmentVariable = 'ROOTWEAVER_MULTI_HOP_CONFIG';

/**
 * The default `multi_hop.yaml`: the checkout's `configs/retrieval/multi_hop.yaml` when this package runs from
 * a rootweaver checkout, else the copy the package ships (`assets/multi_hop.yaml`).
 */
export const defaultMultiHopConfigPath: string = defaultAssetPath({
  packaged: new URL('../../assets/multi_hop.yaml', import.meta.url),
  checkoutPath: 'configs/retrieval/multi_hop.yaml',
});

/** The `providers:` section of the YAML, camelCased. */
export interface MultiHopProviderSettings {
  readonly indexDirectory: string;
  readonly llmModel?: string;
  readonly llmBaseUrl?: string;
  /** What answers sub-questions when no ONNX extractor is configured (default `trained`). */
  readonly extractor: 'trained' | 'heuristic';
}

export interface LoadedMultiHopConfig {
  readonly config: MultiHopConfig;
  readonly providers: MultiHopProviderSettings;
  /** The file read, or `defaults` when no file was found. */
  readonly source: string;
}

export interface LoadMultiHopConfigOptions {
  /** Explicit path (`--config FILE`); wins over the environment variable. */
  readonly configPath?: string | undefined;
  /** Where `ROOTWEAVER_MULTI_HOP_CONFIG` is read; defaults to `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Knobs that override the file's (command-line flags); validated like the file. */
  readonly overrides?: MultiHopConfigInput;
}

/**
 * Reads and validates `multi_hop.yaml`: the path from the option (`--config`), else
 * `ROOTWEAVER_MULTI_HOP_CONFIG`, else `defaultMultiHopConfigPath`; then applies `overrides`. Every command and
 * `MultiHopCapability` get their config here. Any problem is a `RootweaverError('invalid-config')` naming the
 * file, the key path and what is allowed.
 */
export function loadMultiHopConfig(options: LoadMultiHopConfigOptions = {}): LoadedMultiHopConfig {
  const loaded = readMultiHopConfigFile(options);
  if (options.overrides === undefined) return loaded;
  return { ...loaded, config: overrideMultiHopConfig(loaded.config, options.overrides) };
}

function readMultiHopConfigFile(options: LoadMultiHopConfigOptions): LoadedMultiHopConfig {
  const env = options.env ?? process.env;
  const explicitPath = nonEmpty(options.configPath) ?? nonEmpty(env[multiHopConfigEnvironmentVariable]);
  const path = explicitPath === undefined ? defaultMultiHopConfigPath : resolve(explicitPath);
  if (explicitPath === undefined && !existsSync(path)) {
    return { ...parseMultiHopConfig(''), source: 'defaults' };
  }
  let text: string;
  let size: number;
  try {
    size = statSync(path).size;
    // A huge file is refused by its size, before it is read.
    text = size > maxMultiHopYamlBytes ? '' : readFileSync(path, 'utf8');
  } catch (error) {
    const how =
      nonEmpty(options.configPath) === undefined && explicitPath !== undefined
        ? `set by ${multiHopConfigEnvironmentVariable}`
        : 'given as configPath';
    throw new RootweaverError(
      'invalid-config',
      `Cannot read the multi-hop config ${path} (${how}): ${describeFileError(error)}. ` +
        `Point it at an existing multi_hop.yaml, e.g. a copy of ${defaultMultiHopConfigPath}.`,
      { cause: error, details: { path } },
    );
  }
  if (size > maxMultiHopYamlBytes) throw yamlTooLarge(path, size);
  return { ...parseMultiHopConfig(text, path), source: path };
}

function yamlTooLarge(fileName: string, bytes: number): RootweaverError {
  return new RootweaverError(
    'invalid-config',
    `${baseName(fileName)} is ${bytes} bytes; a multi_hop.yaml is at most ${maxMultiHopYamlBytes}. Start from a copy of ${defaultMultiHopConfigPath} and keep only the knobs you change.`,
    { details: { path: fileName, bytes } },
  );
}

/** The largest `multi_hop.yaml` read (the shipped one is ~6 KB): a larger file is refused before parsing. */
export const maxMultiHopYamlBytes = 64 * 1024;

/** Parses and validates YAML text against `multiHopYamlSchema`; `fileName` is used in error messages. */
export function parseMultiHopConfig(
  text: string,
  fileName = 'multi_hop.yaml',
): { readonly config: MultiHopConfig; readonly providers: MultiHopProviderSettings } {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxMultiHopYamlBytes) throw yamlTooLarge(fileName, bytes);
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
  const { providers, ...knobs } = validateConfig(multiHopYamlSchema, raw, {
    source: baseName(fileName),
    mustBe: 'the file must be a YAML mapping of knob names to values (see configs/retrieval/multi_hop.yaml)',
    details: { path: fileName },
  });
  return {
    config: multiHopConfigFromSnakeCase(knobs),
    providers: {
      indexDirectory: providers.index_directory,
      extractor: providers.extractor,
      ...(providers.llm_model === undefined ? {} : { llmModel: providers.llm_model }),
      ...(providers.llm_base_url === undefined ? {} : { llmBaseUrl: providers.llm_base_url }),
    },
  };
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
