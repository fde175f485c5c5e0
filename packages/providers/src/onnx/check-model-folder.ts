import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { ModelFolderConfig } from './model-folder-config.js';
import type { TokenizerDescription } from './model-tokenizer.js';
import { OnnxEmbedder, type OnnxEmbedderSettings } from './onnx-embedder.js';
import { loadModelFolder } from './onnx-session.js';
import { OnnxSpanExtractor, type OnnxSpanExtractorSettings } from './onnx-span-extractor.js';

/** What `rootweaver models check DIR` found in a model folder that loads and runs. */
export interface ModelFolderCheck {
  readonly directory: string;
  readonly role: 'encoder' | 'extractor';
  readonly tokenizer: TokenizerDescription;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** `rootweaver.json` as read (empty when the folder has none). */
  readonly config: ModelFolderConfig;
  readonly encoder?: OnnxEmbedderSettings & { readonly dimension: number };
  readonly extractor?: OnnxSpanExtractorSettings;
  /** One line on the probe run that proved the model runs. */
  readonly probe: string;
}

const encoderOutputs = ['last_hidden_state', 'token_embeddings', 'sentence_embedding'];

/**
 * Loads a model folder as what its outputs say it is (start_logits + end_logits: an extractive QA
 * model; last_hidden_state, token_embeddings or sentence_embedding: a sentence encoder), runs it
 * once on a probe, and reports what was detected. Anything wrong is `model-load-failed` with the fix.
 */
export async function checkModelFolder(options: {
  readonly directory: string;
  readonly signal?: AbortSignal;
}): Promise<ModelFolderCheck> {
  const { directory } = options;
  throwIfAborted(options.signal);
  const model = await loadModelFolder(directory, 'sentence encoder or extractive QA model', {
    inputs: ['input_ids', 'attention_mask'],
    outputs: [],
  });
  const common = {
    directory,
    tokenizer: model.tokenizer.description,
    inputs: model.inputNames,
    outputs: model.outputNames,
    config: model.config,
  };
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  if (model.outputNames.includes('start_logits') && model.outputNames.includes('end_logits')) {
    const extractor = OnnxSpanExtractor.fromModel(model, { directory });
    try {
      const result = await extractor.extract({
        question: 'What does the probe passage say?',
        evidence: [
          {
            id: 'probe',
            documentId: 'probe',
            kind: 'passage',
            title: 'Probe',
            text: 'The probe passage says that the model runs.',
            passage: 'The probe passage says that the model runs.',
            score: 1,
            rank: 1,
          },
        ],
        ...signal,
      });
      const probe =
        result.answer === ''
          ? 'ran on a probe question and refused it (no span beat "no answer")'
          : `ran on a probe question and answered "${result.answer}" (confidence ${result.confidence.toFixed(2)})`;
      return { ...common, role: 'extractor', extractor: extractor.settings, probe };
    } finally {
      await extractor.close();
    }
  }
  if (!model.outputNames.some((name) => encoderOutputs.includes(name))) {
    await model.session.release();
    throw new RootweaverError(
      'model-load-failed',
      `${directory}/model.onnx has outputs ${model.outputNames.join(', ')}: neither a sentence encoder (${encoderOutputs.join(', ')}) nor an extractive QA model (start_logits and end_logits). Export it with optimum-cli export onnx --task feature-extraction or --task question-answering.`,
    );
  }
  const embedder = await OnnxEmbedder.fromModel(model, { directory });
  try {
    const query = await embedder.embed({ values: ['probe question'], purpose: 'query', ...signal });
    const passage = await embedder.embed({ values: ['probe passage', 'another probe passage'], ...signal });
    const vectors = [...query.vectors, ...passage.vectors];
    if (vectors.some((vector) => !(Math.abs(Math.hypot(...vector) - 1) < 1e-3))) {
      throw new RootweaverError(
        'model-load-failed',
        `${directory}/model.onnx produced zero or non-finite vectors on a probe. Re-export the model in float32 and check it with its own library.`,
      );
    }
    return {
      ...common,
      role: 'encoder',
      encoder: { ...embedder.settings, dimension: embedder.dimension },
      probe: `embedded a query and 2 passages into ${embedder.dimension}-dimensional unit vectors`,
    };
  } finally {
    await embedder.close();
  }
}
