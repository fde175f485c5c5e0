import { toAskToolOutput, toRetrieveToolOutput } from '@rootweaver/core';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askTool, retrieveTool } from './rootweaver-tools.js';
import { textResult, toolCallResult } from './test/mock-model.js';

const question = 'What is the nationality of the director of The Copper Tide?';
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
beforeAll(async () => {
  engine = await openSampleEngine();
});
afterAll(() => engine.close());

/** The AI SDK's own test model: first a call of `tool`, then a reply that reads the tool's result. */
function agentModel(tool: string) {
  return new MockLanguageModelV3({
    doGenerate: [toolCallResult(tool, { question }), textResult('Done.')],
  });
}

/** The tool result the SDK put into the model's second prompt. */
function toolResultSent(model: MockLanguageModelV3): unknown {
  const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === 'tool');
  const part = toolMessage?.content[0];
  return part?.type === 'tool-result' && part.output.type === 'json' ? part.output.value : undefined;
}

describe('askTool in generateText', () => {
  it('answers the question the model asked with the engine, and the model reads the answer and its citations', async () => {
    const model = agentModel('ask');
    const result = await generateText({
      model,
      tools: { ask: askTool(engine.rag) },
      stopWhen: stepCountIs(2),
      prompt: 'Use the tool.',
    });
    const expected = toAskToolOutput(await engine.rag.ask(question));
    expect(expected.answer).not.toBe('');
    expect(result.steps[0]?.toolResults[0]?.output).toEqual(expected);
    expect(toolResultSent(model)).toEqual(expected);
    expect(result.text).toBe('Done.');
    // The model was offered the tool with rootweaver's description and input schema.
    const offered = model.doGenerateCalls[0]?.tools?.[0];
    expect(offered).toMatchObject({ type: 'function', name: 'ask', inputSchema: { required: ['question'] } });
  });

  it('a question the engine rejects is a tool error the model sees, not a crash', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [toolCallResult('ask', { question: ' ' }), textResult('Sorry.')],
    });
    const result = await generateText({
      model,
      tools: { ask: askTool(engine.rag) },
      stopWhen: stepCountIs(2),
      prompt: 'x',
    });
    const error = result.steps[0]?.content.find((part) => part.type === 'tool-error');
    expect(error?.type === 'tool-error' ? String(error.error) : '').toContain('The question is empty');
  });

  it('input that breaks the schema never reaches the engine', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [toolCallResult('ask', { query: question }), textResult('Sorry.')],
    });
    const result = await generateText({
      model,
      tools: { ask: askTool(engine.rag) },
      stopWhen: stepCountIs(2),
      prompt: 'x',
    });
    expect(result.steps[0]?.content.some((part) => part.type === 'tool-error')).toBe(true);
    expect(result.steps[0]?.toolResults).toEqual([]);
  });
});

describe('retrieveTool in generateText', () => {
  it('returns the evidence and sub-answers of the multi-hop run, with no answer', async () => {
    const model = agentModel('retrieve');
    const result = await generateText({
      model,
      tools: { retrieve: retrieveTool(engine.rag) },
      stopWhen: stepCountIs(2),
      prompt: 'Use the tool.',
    });
    const expected = toRetrieveToolOutput(await engine.rag.retrieve(question));
    expect(expected.evidence.length).toBeGreaterThan(0);
    expect(expected.subAnswers.length).toBeGreaterThan(1);
    expect(result.steps[0]?.toolResults[0]?.output).toEqual(expected);
    expect(toolResultSent(model)).toEqual(expected);
  });
});
