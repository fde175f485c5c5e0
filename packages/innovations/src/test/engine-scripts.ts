import type { GenerateOptions } from '@rootweaver/core';

/** The last user message of a request (the prompt the engine built). */
export function promptOf(options: GenerateOptions): string {
  return options.messages.at(-1)?.content ?? '';
}

/**
 * A synthesis reply for tests: cites the evidence line (`[N] …`) of the prompt that contains
 * `fragment`, so the marker is right whatever the pool order; `[0]` when no line holds it.
 */
export function citeLineWith(fragment: string, answer: string): (options: GenerateOptions) => string {
  return (options) => {
    const line = promptOf(options)
      .split('\n')
      .find((candidate) => /^\[\d+\] /.test(candidate) && candidate.includes(fragment));
    const marker = line === undefined ? '0' : (/^\[(\d+)\]/.exec(line)?.[1] ?? '0');
    return `${answer} [${marker}]`;
  };
}
