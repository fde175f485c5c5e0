import { resolve } from 'node:path';
import { checkModelFolder, type ModelFolderCheck } from '@rootweaver/providers';
import { CliUsageError } from '../cli-usage-error.js';
import type { CliCommand, CliIo } from '../command.js';
import { booleanOption, parseArguments } from '../parse-arguments.js';

const usage = `Usage: rootweaver models check DIR [--json]

Loads an ONNX model folder (model.onnx + tokenizer.json, optionally tokenizer_config.json and
rootweaver.json) as what its outputs say it is: a sentence encoder (last_hidden_state,
token_embeddings or sentence_embedding) or an extractive QA model (start_logits + end_logits). Runs
it once on a probe and prints what was detected: tokenizer type, inputs, outputs, pooling and
prefixes, or windows and the "no answer" reading. Exits 1 saying what is wrong otherwise.
README "Bring your models" says which exports work and how to point rootweaver at them.`;

function quoted(text: string): string {
  return text === '' ? 'none' : JSON.stringify(text);
}

function formatCheck(check: ModelFolderCheck): string {
  const { tokenizer } = check;
  const lines: [string, string][] = [
    ['folder', check.directory],
    ['role', check.role === 'encoder' ? 'sentence encoder' : 'extractive QA model'],
    [
      'tokenizer',
      `${tokenizer.type}${tokenizer.byteLevel ? ' (byte-level)' : ''}, ${tokenizer.vocabularySize} tokens, pair template ${tokenizer.pairTemplate}${tokenizer.modelMaxLength === undefined ? '' : `, model_max_length ${tokenizer.modelMaxLength}`}`,
    ],
    ['inputs', check.inputs.join(', ')],
    ['outputs', check.outputs.join(', ')],
  ];
  if (check.encoder !== undefined) {
    const { encoder } = check;
    lines.push(
      [
        'pooling',
        encoder.pooling === 'model'
          ? `${encoder.output} as exported (pooled in the model)`
          : `${encoder.pooling} over ${encoder.output}`,
      ],
      ['prefixes', `query ${quoted(encoder.queryPrefix)}, passage ${quoted(encoder.passagePrefix)}`],
      ['max length', `${encoder.maxLength} tokens`],
      ['dimension', String(encoder.dimension)],
    );
  }
  if (check.extractor !== undefined) {
    const { extractor } = check;
    lines.push(
      [
        'token types',
        extractor.tokenTypeIds ? 'fed (the model takes token_type_ids)' : 'not fed (no token_type_ids input)',
      ],
      ['windows', `${extractor.maxLength} tokens, stride ${extractor.stride}`],
      [
        'no answer',
        extractor.noAnswer
          ? 'the first token is read as SQuAD 2 "no answer"; a span less likely is refused'
          : 'off (every question gets its best span)',
      ],
    );
  }
  lines.push(
    ['rootweaver.json', Object.keys(check.config).length === 0 ? 'none' : JSON.stringify(check.config)],
    ['probe', check.probe],
    [
      'use it with',
      check.role === 'encoder'
        ? `ROOTWEAVER_EMBEDDER_MODEL_DIR=${check.directory}, or --embedder onnx:${check.directory}`
        : `ROOTWEAVER_EXTRACTOR_MODEL_DIR=${check.directory}, or --extractor onnx:${check.directory}`,
    ],
  );
  const width = Math.max(...lines.map(([label]) => label.length));
  return `${lines.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n')}\n`;
}

export async function runModels(args: readonly string[], io: CliIo, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parseArguments('models', args, { json: { type: 'boolean' } });
  const [action, directory, ...rest] = positionals;
  if (action !== 'check') {
    throw new CliUsageError(
      action === undefined
        ? "models: say what to do: 'rootweaver models check DIR'."
        : `models: unknown action "${action}"; the only one is check.`,
    );
  }
  if (directory === undefined) throw new CliUsageError('models check: give the model folder, DIR.');
  if (rest.length > 0) throw new CliUsageError(`models check: unexpected argument "${rest[0]}".`);
  const check = await checkModelFolder({ directory: resolve(io.cwd, directory), signal });
  io.stdout(booleanOption(values, 'json') ? `${JSON.stringify(check)}\n` : formatCheck(check));
  return 0;
}

export const modelsCommand: CliCommand = {
  name: 'models',
  summary: 'Check an ONNX encoder or extractor folder: what was detected, or what is wrong',
  usage,
  run: runModels,
};
