import { ToolMessage } from '@langchain/core/messages';
import { toAskToolOutput, toRetrieveToolOutput } from '@rootweaver/core';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RootweaverAskTool, RootweaverRetrieveTool } from './rootweaver-tools.js';

const question = 'What is the nationality of the director of The Copper Tide?';
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
beforeAll(async () => {
  engine = await openSampleEngine();
});
afterAll(() => engine.close());

describe('RootweaverAskTool', () => {
  it('answers a tool call as LangChain agents make it, with a ToolMessage of the answer and its citations', async () => {
    const tool = new RootweaverAskTool({ engine: engine.rag });
    const message = await tool.invoke({ name: 'ask', args: { question }, id: 'call-1', type: 'tool_call' });
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.tool_call_id).toBe('call-1');
    const expected = toAskToolOutput(await engine.rag.ask(question));
    expect(expected.citations.length).toBeGreaterThan(0);
    expect(JSON.parse(String(message.content))).toEqual(expected);
    expect(tool.name).toBe('ask');
    expect(tool.schema.required).toEqual(['question']);
  });

  it('refuses arguments that break its schema before running anything', async () => {
    const tool = new RootweaverAskTool({ engine: engine.rag });
    await expect(tool.invoke({ query: question } as never)).rejects.toThrow(/did not match expected schema/);
  });

  it('an empty question is the engine’s invalid-input error', async () => {
    await expect(
      new RootweaverAskTool({ engine: engine.rag }).invoke({ question: ' ' }),
    ).rejects.toMatchObject({
      code: 'invalid-input',
    });
  });
});

describe('RootweaverRetrieveTool', () => {
  it('returns the evidence and the sub-answers', async () => {
    const output = await new RootweaverRetrieveTool({ engine: engine.rag }).invoke({ question });
    expect(JSON.parse(output)).toEqual(toRetrieveToolOutput(await engine.rag.retrieve(question)));
  });
});
