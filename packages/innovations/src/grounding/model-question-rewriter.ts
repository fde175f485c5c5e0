import type {
  ChatMessage,
  ChatModel,
  QuestionRewriter,
  RewriteOptions,
  RewriteParent,
  RewriteResult,
} from '@rootweaver/core';

/** Names the rewrite prompt; change it whenever the prompt changes. */
export const rewritePromptVersion = 'rewrite-v1';

const instruction = [
  'You rewrite a question so that it names the entity an earlier answer gives.',
  'Replace the words that stand for an earlier answer (a description such as "the director of the film",',
  'a pronoun, a placeholder such as [answer] or #1) with that answer, copied exactly. Keep every other word.',
  'Reply with the rewritten question only.',
].join(' ');

/** One worked example, made-up entities only, so that a small model sees the form it must answer in. */
const example: {
  readonly question: string;
  readonly parents: readonly RewriteParent[];
  readonly answer: string;
} = {
  question: 'In which year was the film directed by the founder of Gull House Press released?',
  parents: [{ id: 0, question: 'Who founded Gull House Press?', answer: 'Ivo Brand' }],
  answer: 'In which year was the film directed by Ivo Brand released?',
};

function userMessage(question: string, parents: readonly RewriteParent[]): string {
  return [
    'Earlier questions and answers:',
    ...parents.map((parent) => `Q: ${parent.question} A: ${parent.answer}`),
    `Question: ${question}`,
    'Rewritten question:',
  ].join('\n');
}

/** The messages of one rewrite: the instruction, the worked example, the sub-question with its parents. */
export function rewriteMessages(question: string, parents: readonly RewriteParent[]): ChatMessage[] {
  return [
    { role: 'system', content: instruction },
    { role: 'user', content: userMessage(example.question, example.parents) },
    { role: 'assistant', content: example.answer },
    { role: 'user', content: userMessage(question, parents) },
  ];
}

export interface ModelQuestionRewriterOptions {
  /** A cheap chat model of its own (not the planner's): e.g. a sub-1B instruct model on a local server. */
  readonly chatModel: ChatModel;
  /** Default 64. */
  readonly maxOutputTokens?: number;
}

/**
 * CompactRAG's rewriter slot filled by a small chat model: one call per dependent sub-question, at
 * temperature 0, returning the model's text as it is. The engine checks it (`checkRewrite`) and falls
 * back to the rules when it fails, so this class adds no judgement of its own.
 */
export class ModelQuestionRewriter implements QuestionRewriter {
  readonly id: string;
  private readonly chatModel: ChatModel;
  private readonly maxOutputTokens: number;

  constructor(options: ModelQuestionRewriterOptions) {
    this.chatModel = options.chatModel;
    this.maxOutputTokens = options.maxOutputTokens ?? 64;
    this.id = `llm:${options.chatModel.modelId}`;
  }

  async rewrite(options: RewriteOptions): Promise<RewriteResult> {
    const result = await this.chatModel.generate({
      messages: rewriteMessages(options.question, options.parents),
      temperature: 0,
      maxOutputTokens: this.maxOutputTokens,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return { text: result.text, usage: result.usage, latencyMs: result.latencyMs, modelId: this.id };
  }
}
