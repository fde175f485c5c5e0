import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIndex, RuleBasedGenerator } from '@rootweaver/offline';
import { EmbeddedStore } from '@rootweaver/providers';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { loadUIMessageStreamRoute } from '../load-ui-message-stream-route.js';
import { sampleCorpusPath } from '../repo-root.js';
import { runCli } from '../run-cli.js';
import { createRecordingIo } from '../test-io.js';
import { serveCommand } from './serve-command.js';

describe('rootweaver serve --ui-message-stream', () => {
  it.skipIf(!existsSync(sampleCorpusPath))(
    "adds POST /v1/chat, which useChat's transport reads as a UI message stream; POST /v1/retrieve answers the evidence",
    async () => {
      const controller = new AbortController();
      // A rule-built index of the sample corpus (quick): the heuristic extractor answers.
      const index = mkdtempSync(join(tmpdir(), 'rw-serve-ui-index-'));
      const store = await EmbeddedStore.open({ directory: index });
      await buildIndex({
        corpus: sampleCorpusPath,
        generator: new RuleBasedGenerator(),
        store,
        checkpointDirectory: index,
      });
      await store.close();
      const io = createRecordingIo({ env: {} });
      const running = runCli(
        ['serve', '--port', '0', '--index', index, '--ui-message-stream', '--access-log', 'off'],
        io,
        [serveCommand],
        controller.signal,
      );
      let base = '';
      await vi.waitFor(
        () => {
          const match = /serving on (http:\/\/[^\s]+)/.exec(io.out());
          if (match?.[1] === undefined) throw new Error(`not listening yet: ${io.err()}`);
          base = match[1];
        },
        { timeout: 60_000, interval: 50 },
      );
      expect(io.out()).toContain('POST /v1/chat');
      const json = { 'Content-Type': 'application/json' };
      const question = 'What is the nationality of the director of The Copper Tide?';
      const stream = await new DefaultChatTransport<UIMessage>({ api: `${base}/v1/chat` }).sendMessages({
        trigger: 'submit-message',
        chatId: 'c',
        messageId: undefined,
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: question }] }],
        abortSignal: undefined,
      });
      let message: UIMessage | undefined;
      for await (const state of readUIMessageStream({ stream, terminateOnError: true })) message = state;
      const ask = (await (
        await fetch(`${base}/v1/ask`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ query: question }),
        })
      ).json()) as { answer: string };
      expect(message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))).toEqual([
        ask.answer,
      ]);
      const retrieved = (await (
        await fetch(`${base}/v1/retrieve`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ query: question }),
        })
      ).json()) as { evidence: unknown[]; nodes: unknown[] };
      expect(retrieved.evidence.length).toBeGreaterThan(0);
      expect(retrieved.nodes.length).toBeGreaterThan(1);
      controller.abort();
      expect(await running).toBe(0);
    },
  );

  it('names the packages to install when the AI SDK adapter is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'ai' imported from …"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadUIMessageStreamRoute(() => Promise.reject(missing))).rejects.toMatchObject({
      code: 'not-configured',
      message: expect.stringContaining('npm install @rootweaver/ai-sdk'),
    });
    const other = new Error('boom');
    await expect(loadUIMessageStreamRoute(() => Promise.reject(other))).rejects.toBe(other);
  });
});
