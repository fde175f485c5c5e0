import type { AnswerExtractor, AnswerType, Extraction, ExtractOptions } from '../spec/answer-extractor.js';

/** SCAFFOLD (issue 7 replaces): the answer type a question asks for. */
export function inferAnswerType(_question: string): AnswerType {
  return 'other';
}

/** SCAFFOLD (issue 7 replaces): extracts an answer span from retrieved QA pairs without a model. */
export class HeuristicExtractor implements AnswerExtractor {
  readonly id = 'heuristic';

  async extract(options: ExtractOptions): Promise<Extraction> {
    const top = options.evidence[0];
    if (top === undefined) return { answer: '', confidence: 0, evidenceIds: [] };
    return { answer: top.answer ?? top.text, confidence: 0.5, evidenceIds: [top.id] };
  }
}
