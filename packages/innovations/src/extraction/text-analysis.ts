import { RootweaverError } from '@rootweaver/core';
import { splitSentences } from '@rootweaver/language-en';
import { stem, wordTokens } from './text.js';

/** One word of a text with where it starts and its stem (for closeness to the question's relation words). */
export interface StemmedWord {
  readonly index: number;
  readonly word: string;
  readonly stem: string;
}

/**
 * What the extractor reads from one text (a passage, one of its sentences, a pair's answer or
 * question) whatever the question: its word tokens, stems and sentences, computed on first use and
 * kept. What depends on the question too is remembered under a key that names every such input
 * (`remember`): a passage retrieved for several sub-questions, or again for the next question, is
 * analysed once.
 */
export class AnalysedText {
  private tokenSet: ReadonlySet<string> | undefined;
  private stemSet: ReadonlySet<string> | undefined;
  private stemmedWords: readonly StemmedWord[] | undefined;
  private sentenceTexts: readonly string[] | undefined;
  private readonly remembered = new Map<string, unknown>();

  constructor(readonly text: string) {}

  /** Lower-cased word tokens (`wordTokens`), as a set. */
  get tokens(): ReadonlySet<string> {
    this.tokenSet ??= new Set(wordTokens(this.text));
    return this.tokenSet;
  }

  /** The stems of its word tokens, as a set. */
  get stems(): ReadonlySet<string> {
    this.stemSet ??= new Set(wordTokens(this.text).map(stem));
    return this.stemSet;
  }

  /** Every word (letters and digits) in order, with its position in the text and its stem. */
  get words(): readonly StemmedWord[] {
    this.stemmedWords ??= [...this.text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
      index: match.index,
      word: match[0],
      stem: stem(match[0]),
    }));
    return this.stemmedWords;
  }

  /** Its sentences (the language pack's splitter). */
  get sentences(): readonly string[] {
    this.sentenceTexts ??= splitSentences(this.text).map((sentence) => sentence.text);
    return this.sentenceTexts;
  }

  /**
   * A value computed from this text and the inputs `key` names, computed once. `compute` must be a pure
   * function of the text and those inputs, and its result is shared: never mutate it.
   */
  remember<T>(key: string, compute: () => T): T {
    if (this.remembered.has(key)) return this.remembered.get(key) as T;
    const value = compute();
    this.remembered.set(key, value);
    return value;
  }
}

export interface TextAnalysisCacheOptions {
  /** Distinct texts kept; the least recently used go first. Default 4,096 (about 11 MB: 2.7 KB a text measured on 2wiki). */
  readonly maxTexts?: number;
}

export const defaultMaxAnalysedTexts = 4096;

/**
 * The analyses of the texts an extractor has seen, keyed by the text itself (equal texts share one
 * analysis, whichever passage or pair they came from), bounded by `maxTexts`. Owned by one extractor
 * (or passed to `analyseCandidates`): no module-level state.
 */
export class TextAnalysisCache {
  readonly maxTexts: number;
  private readonly texts = new Map<string, AnalysedText>();
  private found = 0;
  private analysed = 0;

  constructor(options: TextAnalysisCacheOptions = {}) {
    const maxTexts = options.maxTexts ?? defaultMaxAnalysedTexts;
    if (!Number.isInteger(maxTexts) || maxTexts < 1) {
      throw new RootweaverError(
        'invalid-config',
        `A text analysis cache needs a positive whole number of texts (maxTexts); got ${String(maxTexts)}.`,
      );
    }
    this.maxTexts = maxTexts;
  }

  /** The analysis of a text: the one kept, else a new one (kept, the oldest beyond `maxTexts` forgotten). */
  of(text: string): AnalysedText {
    const known = this.texts.get(text);
    if (known !== undefined) {
      this.found += 1;
      // Most recently used last.
      this.texts.delete(text);
      this.texts.set(text, known);
      return known;
    }
    this.analysed += 1;
    const fresh = new AnalysedText(text);
    this.texts.set(text, fresh);
    if (this.texts.size > this.maxTexts) {
      const oldest = this.texts.keys().next();
      if (oldest.done !== true) this.texts.delete(oldest.value);
    }
    return fresh;
  }

  /** Texts kept, texts analysed afresh and analyses found again, since the cache was made. */
  stats(): { readonly texts: number; readonly analysed: number; readonly found: number } {
    return { texts: this.texts.size, analysed: this.analysed, found: this.found };
  }
}
