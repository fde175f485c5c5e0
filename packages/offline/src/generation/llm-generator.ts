import type { ChatMessage, ChatModel } from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { Annotation } from '../annotation/annotate-entities.js';
import type { Passage } from '../corpus/document.js';
import { titleEntity } from './decontextualise.js';
import { parseQaReply } from './parse-qa-reply.js';
import type { GenerateQaOptions, GenerateQaResult, QaGenerator } from './qa-generator.js';

export interface LlmGeneratorOptions {
  readonly chatModel: ChatModel;
  /** Extra attempts after a failed call or an unreadable reply. Default 2. */
  readonly retries?: number;
  readonly maxOutputTokens?: number;
}

const systemPrompt = [
  'You turn a passage into atomic question-answer pairs for a retrieval index.',
  'Rules:',
  '- Each pair states exactly ONE fact from the passage.',
  '- Questions are self-contained wh-questions (who, what, when, where, which, how many) that name their entities in full: never use pronouns (he, she, it, they, his, her) or phrases like "the film" or "the company".',
  '- Use the exact entity names from the ENTITIES list.',
  '- Each answer is a short span copied verbatim from the passage (a name, date, place or number), not a sentence.',
  '- Do not repeat a fact; do not add facts the passage does not state.',
  'Reply with JSON only: {"pairs": [{"question": "...?", "answer": "..."}]}',
].join('\n');

/** The prompt for one passage: its title entity, its annotated entities, its text. */
export function buildQaPrompt(passage: Passage, annotation: Annotation): ChatMessage[] {
  const entities = [...new Set(annotation.entities.map((entity) => `${entity.text} (${entity.kind})`))];
  const user = [
    `TITLE: ${titleEntity(passage.title)}`,
    `ENTITIES: ${entities.length === 0 ? '(none found)' : entities.join('; ')}`,
    'PASSAGE:',
    passage.text,
  ].join('\n');
  return [
    { role: 'system', content: systemPrompt },
    { role: 'user', content: user },
  ];
}

/**
 * Atomic QA pairs from a chat LLM (CompactRAG's offline step): a prompt listing the passage's
 * entities, temperature 0, JSON output; an unreadable reply or a failed call is retried, and after
 * the last retry the passage fails (the build records it and retries it on the next run).
 */
export class LlmGenerator implements QaGenerator {
  readonly id: string;
  readonly annotationMode = 'full' as const;
  private readonly chatModel: ChatModel;
  private readonly retries: number;
  private readonly maxOutputTokens: number;

  constructor(options: LlmGeneratorOptions) {
    this.chatModel = options.chatModel;
    this.retries = Math.max(0, options.retries ?? 2);
    this.maxOutputTokens = options.maxOutputTokens ?? 1500;
    this.id = `llm:${options.chatModel.modelId}@1`;
  }

  async generate(options: GenerateQaOptions): Promise<GenerateQaResult> {
    const messages = buildQaPrompt(options.passage, options.annotation);
    const usage = { inputTokens: 0, outputTokens: 0 };
    let calls = 0;
    let lastProblem = 'no attempt was made';
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      throwIfAborted(options.signal);
      try {
        const reply = await this.chatModel.generate({
          messages,
          responseFormat: { type: 'json_object' },
          temperature: 0,
          maxOutputTokens: this.maxOutputTokens,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        });
        calls += 1;
        usage.inputTokens += reply.usage.inputTokens;
        usage.outputTokens += reply.usage.outputTokens;
        const pairs = parseQaReply(reply.text);
        if (pairs !== undefined) return { pairs, usage, calls };
        lastProblem = `the reply was not JSON with a pairs list: ${reply.text.slice(0, 80)}`;
      } catch (error) {
        if (options.signal?.aborted || (error instanceof RootweaverError && error.code === 'aborted'))
          throw error;
        calls += 1;
        lastProblem = (error as Error).message;
      }
    }
    throw new RootweaverError(
      'llm-bad-response',
      `QA generation for passage ${options.passage.id} failed after ${calls} attempts (${lastProblem}); it is retried on the next run.`,
      { details: { passageId: options.passage.id, calls } },
    );
  }
}
