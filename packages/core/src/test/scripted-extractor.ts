import { throwIfAborted } from '../errors.js';
import type { AnswerExtractor, Extraction, ExtractOptions } from '../spec/answer-extractor.js';

export interface ScriptedExtraction {
  /** A substring (case-insensitive) or regex of the sub-question, or a predicate. */
  readonly match: string | RegExp | ((options: ExtractOptions) => boolean);
  readonly answer: string;
  readonly confidence: number;
  /**
   * Evidence ids to report. Default: the best-ranked retrieved hit whose text contains the answer
   * (case-insensitive), else none — so an answer that was not retrieved is reported without evidence.
   */
  readonly evidenceIds?: readonly string[];
  /** The extractor's own resolve threshold, reported with the answer. */
  readonly resolveThreshold?: number;
}

/**
 * A deterministic `AnswerExtractor` for engine tests: the first entry whose matcher fits the question
 * answers, with the scripted confidence; with no entry it answers nothing (confidence 0). With
 * `requireEvidence`, an answer that occurs in no retrieved hit is not given (confidence 0).
 * Records every call.
 */
export class ScriptedExtractor implements AnswerExtractor {
  readonly id = 'scripted';
  readonly calls: ExtractOptions[] = [];

  constructor(
    private readonly script: readonly ScriptedExtraction[],
    private readonly options: { readonly requireEvidence?: boolean } = {},
  ) {}

  async extract(options: ExtractOptions): Promise<Extraction> {
    this.calls.push(options);
    throwIfAborted(options.signal);
    const entry = this.script.find((candidate) => matches(candidate.match, options));
    if (entry === undefined) return { answer: '', confidence: 0, evidenceIds: [] };
    const needle = entry.answer.toLowerCase();
    const supporting = options.evidence
      .filter((hit) => hit.text.toLowerCase().includes(needle))
      .map((hit) => hit.id);
    if (this.options.requireEvidence === true && supporting.length === 0) {
      return { answer: '', confidence: 0, evidenceIds: [] };
    }
    return {
      answer: entry.answer,
      confidence: entry.confidence,
      evidenceIds: [...(entry.evidenceIds ?? supporting.slice(0, 1))],
      ...(entry.resolveThreshold === undefined ? {} : { resolveThreshold: entry.resolveThreshold }),
    };
  }
}

function matches(matcher: ScriptedExtraction['match'], options: ExtractOptions): boolean {
  if (typeof matcher === 'function') return matcher(options);
  if (typeof matcher === 'string') return options.question.toLowerCase().includes(matcher.toLowerCase());
  return matcher.test(options.question);
}
