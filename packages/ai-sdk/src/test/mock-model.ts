import type {
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai/test';

/** A provider's reported usage, in the V3 specification's shape. */
export function usage(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** A `doGenerate` result of plain text. */
export function textResult(text: string, reported = usage(11, 7)): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: reported,
    warnings: [],
  };
}

/** A `doGenerate` result that calls one tool. */
export function toolCallResult(toolName: string, input: unknown): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: usage(20, 5),
    warnings: [],
  };
}

/** A `doStream` result that sends `deltas` as text. */
export function textStream(deltas: readonly string[]) {
  const chunks: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(30, deltas.length) },
  ];
  return { stream: simulateReadableStream({ chunks }) };
}
