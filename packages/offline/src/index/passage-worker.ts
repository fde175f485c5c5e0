import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Passage } from '../corpus/document.js';
import type { GeneratorRecipe, QaGenerator } from '../generation/qa-generator.js';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { type PassageOutcome, processPassage } from './process-passage.js';

/** What the pool tells a worker when it starts it. */
export interface PassageWorkerData {
  readonly kind: 'rootweaver-passage-worker';
  readonly recipe: GeneratorRecipe;
}

export interface PassageWorkRequest {
  readonly id: number;
  readonly passages: readonly { readonly passage: Passage; readonly hash: string }[];
}

export type PassageWorkReply =
  | { readonly id: number; readonly outcomes: PassageOutcome[] }
  | { readonly id: number; readonly error: string };

export function generatorFromRecipe(recipe: GeneratorRecipe): QaGenerator {
  switch (recipe.kind) {
    case 'rules':
      return new RuleBasedGenerator({ disabledFamilies: recipe.disabledFamilies ?? [] });
  }
}

// A worker thread started by `PassageWorkerPool`: annotate and generate, one request at a time.
const data = workerData as PassageWorkerData | undefined;
if (!isMainThread && parentPort !== null && data?.kind === 'rootweaver-passage-worker') {
  const port = parentPort;
  const generator = generatorFromRecipe(data.recipe);
  port.on('message', async (request: PassageWorkRequest) => {
    try {
      const outcomes: PassageOutcome[] = [];
      for (const { passage, hash } of request.passages)
        outcomes.push(await processPassage({ passage, hash, generator }));
      port.postMessage({ id: request.id, outcomes } satisfies PassageWorkReply);
    } catch (error) {
      port.postMessage({ id: request.id, error: (error as Error).message } satisfies PassageWorkReply);
    }
  });
}
