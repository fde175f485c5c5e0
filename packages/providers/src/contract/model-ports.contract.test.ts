import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeChatModel, FakeEmbedder } from '@rootweaver/core/test';
import { afterAll, beforeAll } from 'vitest';
import { OpenAIChatModel } from '../llm/openai-chat-model.js';
import { OpenAIEmbedder } from '../llm/openai-embedder.js';
import { OnnxEmbedder } from '../onnx/onnx-embedder.js';
import { OpenAICompatibleTestServer } from '../test/openai-compatible-test-server.js';
import { writeTinyEncoder } from '../test/tiny-onnx-models.js';
import { describeChatModelContract } from './chat-model.contract.js';
import { describeEmbedderContract } from './embedder.contract.js';

const server = new OpenAICompatibleTestServer({ embeddingDimension: 32 });
const root = mkdtempSync(join(tmpdir(), 'rootweaver-model-contract-'));
const encoderDirectory = join(root, 'encoder');
writeTinyEncoder({
  directory: encoderDirectory,
  pieces: [
    'the',
    'river',
    'flows',
    'through',
    'city',
    'old',
    'christopher',
    'nolan',
    'directed',
    'inception',
    'x',
  ],
  dimension: 16,
});

beforeAll(async () => {
  await server.start();
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describeChatModelContract('FakeChatModel', async (script) => {
  const model = new FakeChatModel();
  for (const line of script) model.on(line.match, line.reply);
  return model;
});

describeChatModelContract('OpenAIChatModel (test server)', async (script) => {
  server.reset();
  for (const line of script) server.onChat(line.match, line.reply);
  return new OpenAIChatModel({ baseURL: server.url, maxRetries: 0, env: {} });
});

describeEmbedderContract('FakeEmbedder', async () => new FakeEmbedder({ dimension: 32 }));
describeEmbedderContract(
  'OpenAIEmbedder (test server)',
  async () => new OpenAIEmbedder({ baseURL: server.url, maxRetries: 0, batchSize: 2, env: {} }),
);
describeEmbedderContract('OnnxEmbedder (tiny generated model)', async () =>
  OnnxEmbedder.load({ directory: encoderDirectory, batchSize: 2 }),
);
