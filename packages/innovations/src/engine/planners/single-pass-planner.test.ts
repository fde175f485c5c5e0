import { describe, expect, it } from 'vitest';
import {
  citeLineWith,
  engineWorldItems,
  FakeChatModel,
  InMemoryStore,
  ScriptedExtractor,
} from '../../test/index.js';
import { MultiHopRAG } from '../multi-hop-rag.js';
import { singlePassPrompt, singlePassPromptVersion } from '../prompts.js';

const question = 'Who directed Inception?';

describe('askSinglePass', () => {
  it('retrieves once with the whole question and makes one synthesis call', async () => {
    const chatModel = new FakeChatModel().on(
      'Answer from the numbered evidence',
      citeLineWith('Nolan', 'Christopher Nolan'),
    );
    const rag = new MultiHopRAG({
      chatModel,
      store: new InMemoryStore({ items: engineWorldItems }),
      config: { retrievalMode: 'lexical', topK: 3, compactionEnabled: true, compactionMaxChars: 10 },
    });
    const answer = await rag.askSinglePass(question);
    expect(answer.planner).toBe('single-pass');
    expect(answer.promptTemplateVersion).toBe(singlePassPromptVersion);
    expect(chatModel.calls).toHaveLength(1);
    expect(answer.usage.retrievals).toBe(1);
    expect(answer.answer).toBe('Christopher Nolan [1]');
    expect(answer.citations[0]?.itemId).toBe('inception-director');
    expect(answer.hops.map((hop) => hop.kind)).toEqual(['retrieve', 'synthesize']);
    // Single pass never compacts: compaction runs only with the multi-hop capability on.
    expect(answer.context.compacted).toBe(false);
    const context = `From query: ${question}\n${answer.pool.map((item, index) => `[${index + 1}] ${item.text}`).join('\n')}`;
    expect(chatModel.prompts[0]).toBe(singlePassPrompt(question, context));
  });

  it('answers with the extractor when there is no chat model', async () => {
    const rag = new MultiHopRAG({
      store: new InMemoryStore({ items: engineWorldItems }),
      extractor: new ScriptedExtractor([
        { match: 'Inception', answer: 'Christopher Nolan', confidence: 0.8 },
      ]),
      config: { retrievalMode: 'lexical', topK: 3 },
    });
    const answer = await rag.askSinglePass(question);
    expect(answer.answer).toBe('Christopher Nolan');
    expect(answer.synthesis).toEqual({ mode: 'extractive', reason: 'no-llm' });
    expect(answer.usage.llmCalls).toBe(0);
    expect(answer.citations.map((citation) => citation.itemId)).toEqual(['inception-director']);
  });

  it('refuses no-evidence on an empty store without calling the model', async () => {
    const chatModel = new FakeChatModel();
    const rag = new MultiHopRAG({
      chatModel,
      store: new InMemoryStore(),
      config: { retrievalMode: 'lexical' },
    });
    const answer = await rag.askSinglePass(question);
    expect(answer.refusal).toBe('no-evidence');
    expect(chatModel.calls).toHaveLength(0);
  });

  it('passes the history to the synthesis call', async () => {
    const chatModel = new FakeChatModel().on('Answer from the numbered evidence', 'Nolan [1]');
    const rag = new MultiHopRAG({
      chatModel,
      store: new InMemoryStore({ items: engineWorldItems }),
      config: { retrievalMode: 'lexical' },
    });
    await rag.askSinglePass(question, {
      history: [{ role: 'user', content: 'We are talking about films.' }],
    });
    expect(chatModel.calls[0]?.messages.map((message) => message.role)).toEqual(['user', 'user']);
    expect(chatModel.calls[0]?.messages[0]?.content).toBe('We are talking about films.');
  });
});
