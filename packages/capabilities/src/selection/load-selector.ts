import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import { LearnedSelector, parseSelectorModel, selectorFileName } from '@rootweaver/innovations';

/** Where an index keeps its trained answer selector. */
export function selectorPathOf(indexDirectory: string): string {
  return join(indexDirectory, selectorFileName);
}

/**
 * Reads and checks a selector file (ADR-0007). `undefined` when the file does not exist; a file that
 * is not valid JSON, or was trained on other features, is an error that says to retrain.
 */
export async function loadSelector(path: string): Promise<LearnedSelector | undefined> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RootweaverError('store-unavailable', `Cannot read ${path}: check the file's permissions.`, {
      cause: error,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new RootweaverError(
      'store-corrupt',
      `${path} is not valid JSON: retrain it with 'rootweaver index train-selector <index dir>'.`,
      { cause: error },
    );
  }
  return new LearnedSelector({ model: parseSelectorModel(parsed, path) });
}

/** Which extractor an index-backed command uses: the index's own selector, none, or a selector file from elsewhere (transfer). */
export type SelectorChoice = 'auto' | 'off' | { readonly file: string };

export interface IndexExtractor {
  /** The learned selector, when one is used; `undefined` means the heuristic extractor. */
  readonly extractor?: LearnedSelector;
  /** One line that says which extractor answers and why, for traces, logs and reports. */
  readonly description: string;
}

/**
 * The extractor for an index: its `selector.json` when it has one (the default), else the heuristic
 * extractor — and a line that says which, and how to train one when it is missing.
 */
export async function selectIndexExtractor(options: {
  readonly indexDirectory: string;
  readonly choice?: SelectorChoice;
}): Promise<IndexExtractor> {
  const choice = options.choice ?? 'auto';
  if (choice === 'off') return { description: 'extractor: heuristic (learned selector switched off)' };
  const path = choice === 'auto' ? selectorPathOf(options.indexDirectory) : choice.file;
  const selector = await loadSelector(path);
  if (selector === undefined) {
    if (choice !== 'auto')
      throw new RootweaverError('not-found', `Selector file ${path} does not exist; check the path.`);
    return {
      description: `extractor: heuristic (the index has no ${selectorFileName}; train one with 'rootweaver index train-selector ${options.indexDirectory}')`,
    };
  }
  const cv = selector.model.training.crossValidation;
  return {
    extractor: selector,
    description: `extractor: learned ${selector.id} from ${path} (held-out top-1 ${(cv.top1 * 100).toFixed(1)} %, ECE ${cv.expectedCalibrationError.toFixed(3)}, resolves at ≥ ${selector.model.resolve.threshold})`,
  };
}
