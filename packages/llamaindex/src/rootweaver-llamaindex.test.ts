import type { LLMChatParamsNonStreaming, LLMCompletionParamsNonStreaming } from '@llamaindex/core/llms';
import { MockLLM } from '@llamaindex/core/llms/mock';
import { RetrieverQueryEngine } from '@llamaindex/core/query-engine';
import { getResponseSynthesizer } from '@llamaindex/core/response-synthesizers';
import type { TextNode } from '@llamaindex/core/schema';
import { toAskToolOutput, toRetrieveToolOutput } from '@rootweaver/core';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { QueryEngineTool } from 'llamaindex/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RootweaverQueryEngine } from './rootweaver-query-engine.js';
import { RootweaverRetriever } from './rootweaver-retriever.js';
import { askTool, retrieveTool } from './rootweaver-tools.js';

const question = 'What is the nationality of the director of The Copper Tide?';
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
beforeAll(async () => {
  engine = await openSampleEngine();
});
afterAll(() => engine.close());

/** LlamaIndex's own test LLM, and the prompts it is given. */
function recordingLLM(responseMessage: string) {
  const llm = new MockLLM({ responseMessage });
  const prompts: string[] = [];
  const complete = llm.complete.bind(llm);
  const chat = llm.chat.bind(llm);
  llm.complete = ((params: LLMCompletionParamsNonStreaming) => {
    prompts.push(String(params.prompt));
    return complete(params);
  }) as typeof llm.complete;
  llm.chat = ((params: LLMChatParamsNonStreaming) => {
    prompts.push(JSON.stringify(params.messages));
    return chat(params);
  }) as typeof llm.chat;
  return { llm, prompts };
}

describe('RootweaverRetriever in a LlamaIndex query engine', () => {
  it("gives RetrieverQueryEngine the multi-hop evidence as source nodes, which its synthesizer puts in the LLM's prompt", async () => {
    const { llm, prompts } = recordingLLM('From the context.');
    const queryEngine = new RetrieverQueryEngine(
      new RootweaverRetriever({ engine: engine.rag }),
      getResponseSynthesizer('compact', { llm }),
    );
    const response = await queryEngine.query({ query: question });
    const retrieval = await engine.rag.retrieve(question);
    expect(response.message.content).toBe('From the context.');
    expect(response.sourceNodes?.map((source) => source.node.id_)).toEqual(
      retrieval.evidence.map((item) => item.id),
    );
    expect(response.sourceNodes?.map((source) => source.score)).toEqual(
      retrieval.evidence.map((item) => item.score),
    );
    const first = response.sourceNodes?.[0]?.node as TextNode | undefined;
    expect(first?.metadata).toMatchObject({ marker: 1, subQuestion: retrieval.evidence[0]?.subQuestion });
    const prompt = prompts.join('\n');
    expect(prompts.length).toBeGreaterThan(0);
    for (const item of retrieval.evidence) expect(prompt).toContain(item.text);
    // The source passage stays out of the LLM's prompt (it would repeat every pair's passage).
    expect(prompt).not.toContain('passage:');
  });
});

describe('RootweaverQueryEngine', () => {
  it("answers with rootweaver's run behind LlamaIndex's QueryEngineTool, citations as source nodes", async () => {
    const tool = new QueryEngineTool({
      queryEngine: new RootweaverQueryEngine({ engine: engine.rag }),
      metadata: { name: 'documents', description: 'Answers questions about the documents.' },
      includeSourceNodes: true,
    });
    const output = (await tool.call({ query: question })) as {
      content: string;
      sourceNodes: { node: { id_: string; metadata: { marker: number } } }[];
    };
    const answer = await engine.rag.ask(question);
    expect(output.content).toBe(answer.answer);
    expect(output.sourceNodes.map((source) => [source.node.id_, source.node.metadata.marker])).toEqual(
      answer.citations.map((citation) => [citation.itemId, citation.marker]),
    );
  });

  it('streams: the deltas add up to the answer, the last response carries the sources and metadata', async () => {
    const queryEngine = new RootweaverQueryEngine({ engine: engine.rag });
    const parts: string[] = [];
    let last: Awaited<ReturnType<typeof queryEngine.query>> | undefined;
    for await (const response of await queryEngine.query({ query: question, stream: true })) {
      parts.push(response.delta);
      last = response;
    }
    const answer = await engine.rag.ask(question);
    expect(parts.join('')).toBe(answer.answer);
    expect(last?.sourceNodes?.length).toBe(answer.citations.length);
    expect(last?.metadata).toMatchObject({
      rootweaver: { grounded: true, refusal: null, planner: 'compact' },
    });
  });
});

describe('askTool and retrieveTool', () => {
  it('answer and retrieve with the shared tool contract', async () => {
    const ask = askTool(engine.rag);
    expect(ask.metadata).toMatchObject({ name: 'ask', parameters: { required: ['question'] } });
    expect(await ask.call({ question })).toEqual(toAskToolOutput(await engine.rag.ask(question)));
    expect(await retrieveTool(engine.rag).call({ question })).toEqual(
      toRetrieveToolOutput(await engine.rag.retrieve(question)),
    );
    await expect(ask.call({ question: '' })).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
