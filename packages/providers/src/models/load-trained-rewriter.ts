import { readFile } from 'node:fs/promises';
import type { QuestionRewriter, RewriteOptions, RewriteResult } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';
import type { WordVectorTable } from '@rootweaver/models';

/**
 * A rewriter whose model is loaded by its first rewrite: the word-vector table and the tagger cost
 * ~0.6 s, which a question with no dependent sub-question (and `--version`, `--help`) never pays.
 */
class DeferredRewriter implements QuestionRewriter {
  readonly id: string;
  readonly #load: () => Promise<QuestionRewriter>;
  #loaded: Promise<QuestionRewriter> | undefined;

  constructor(id: string, load: () => Promise<QuestionRewriter>) {
    this.id = id;
    this.#load = load;
  }

  async rewrite(options: RewriteOptions): Promise<RewriteResult> {
    this.#loaded ??= this.#load();
    return (await this.#loaded).rewrite(options);
  }
}

/**
 * The sub-question rewriter `@rootweaver/models` ships (ADR-0017): `rewriter.kind: trained` in
 * `multi_hop.yaml`. Its weights file is read and checked here, so a missing or broken file is reported
 * when the engine is built; the network, the word vectors (those the caller already loaded for the
 * trained reader, else its own) and the tagger are loaded by the first rewrite.
 */
export async function loadTrainedRewriter(
  options: { readonly wordVectors?: WordVectorTable | undefined; readonly path?: string } = {},
): Promise<QuestionRewriter> {
  const models = await import('@rootweaver/models');
  const path = options.path ?? models.shippedRewriterPath;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    throw new RootweaverError(
      'model-load-failed',
      `Cannot read the rewriter weights at ${path}; reinstall @rootweaver/models, train them with \`pnpm train:rewriter\`, or set rewriter.kind to rules.`,
      { cause },
    );
  }
  const { header } = models.decodeWeights(bytes, models.rewriterNetworkName, path);
  return new DeferredRewriter(`trained-rewriter:${header.version}`, async () =>
    models.TrainedRewriter.load({ vectors: options.wordVectors ?? (await models.loadWordVectors()), path }),
  );
}
