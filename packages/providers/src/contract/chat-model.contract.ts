import type { ChatModel } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';

/** A scripted reply: when the last user message contains `match`, answer `reply`. */
export interface ChatScriptLine {
  readonly match: string;
  readonly reply: string;
}

export type ChatModelFactory = (script: readonly ChatScriptLine[]) => Promise<ChatModel>;

/** The `ChatModel` contract, run on FakeChatModel and on OpenAIChatModel against the test server. */
export function describeChatModelContract(name: string, factory: ChatModelFactory): void {
  describe(`ChatModel contract: ${name}`, () => {
    it('answers with the scripted text, its model id, usage and latency', async () => {
      const model = await factory([{ match: 'capital of France', reply: 'Paris is the capital.' }]);
      const result = await model.generate({
        messages: [
          { role: 'system', content: 'Answer briefly.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
      });
      expect(result.text).toBe('Paris is the capital.');
      expect(result.modelId).toBe(model.modelId);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
      expect(result.usage.outputTokens).toBeGreaterThan(0);
      expect(Number.isInteger(result.usage.inputTokens)).toBe(true);
      expect(['reported', 'counted']).toContain(result.usageSource);
      expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it('streams deltas that add up to the text', async () => {
      const model = await factory([{ match: 'stream', reply: 'one two three four' }]);
      const deltas: string[] = [];
      const result = await model.generate({
        messages: [{ role: 'user', content: 'stream it' }],
        onDelta: (delta) => deltas.push(delta),
      });
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('')).toBe('one two three four');
      expect(result.text).toBe('one two three four');
    });

    it('returns JSON text when asked for a JSON object', async () => {
      const model = await factory([{ match: 'plan', reply: '{"steps":["a","b"]}' }]);
      const result = await model.generate({
        messages: [{ role: 'user', content: 'make a plan' }],
        responseFormat: { type: 'json_object' },
      });
      expect(JSON.parse(result.text)).toEqual({ steps: ['a', 'b'] });
    });

    it('refuses to run on an aborted signal', async () => {
      const model = await factory([{ match: 'x', reply: 'y' }]);
      const controller = new AbortController();
      controller.abort();
      await expect(
        model.generate({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal }),
      ).rejects.toSatisfy((error) => isRootweaverError(error, 'aborted'));
    });
  });
}
