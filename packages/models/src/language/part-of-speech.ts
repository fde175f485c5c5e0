import { RootweaverError } from '@rootweaver/core';

/** The Universal Dependencies part-of-speech tags (what wink-eng-lite-web-model assigns). */
export const partOfSpeechTags = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
] as const;
export type PartOfSpeech = (typeof partOfSpeechTags)[number];

/** A tagged stretch of a text: characters [start, end) carry `tag`. */
export interface TaggedSpan {
  readonly start: number;
  readonly end: number;
  readonly tag: number;
}

/** Tags texts with parts of speech: an index into `partOfSpeechTags` per tagged span. */
export interface PartOfSpeechTagger {
  tag(text: string): TaggedSpan[];
}

interface WinkDocument {
  tokens(): { out(what: unknown): unknown[] };
}
interface WinkInstance {
  readDoc(text: string): WinkDocument;
  its: { value: unknown; pos: unknown; precedingSpaces: unknown };
}

/**
 * wink-nlp's English part-of-speech tagger (`wink-eng-lite-web-model`, MIT, a trained 3.8 MB
 * pipeline; no network): the reader's syntax prior, which its 4,854 training examples could not teach it.
 */
export class WinkTagger implements PartOfSpeechTagger {
  readonly #nlp: WinkInstance;

  private constructor(nlp: WinkInstance) {
    this.#nlp = nlp;
  }

  /** Loads the pipeline (a few hundred milliseconds, once per process that answers questions). */
  static async load(): Promise<WinkTagger> {
    try {
      const [{ default: winkNlp }, { default: model }] = await Promise.all([
        import('wink-nlp') as Promise<{ default: (model: unknown, pipe: string[]) => WinkInstance }>,
        import('wink-eng-lite-web-model') as Promise<{ default: unknown }>,
      ]);
      return new WinkTagger(winkNlp(model, ['pos']));
    } catch (cause) {
      throw new RootweaverError(
        'model-load-failed',
        'Cannot load the part-of-speech tagger (wink-nlp with wink-eng-lite-web-model); reinstall @rootweaver/models.',
        { cause },
      );
    }
  }

  tag(text: string): TaggedSpan[] {
    const { its } = this.#nlp;
    const tokens = this.#nlp.readDoc(text).tokens();
    const values = tokens.out(its.value) as string[];
    const tags = tokens.out(its.pos) as string[];
    const spaces = tokens.out(its.precedingSpaces) as string[];
    const spans: TaggedSpan[] = [];
    let position = 0;
    values.forEach((value, index) => {
      position += (spaces[index] ?? '').length;
      // wink normalises some characters; find the token's own text from where it should start.
      const at = text.startsWith(value, position) ? position : text.indexOf(value, position);
      if (at < 0) return;
      const tag = partOfSpeechTags.indexOf(tags[index] as PartOfSpeech);
      if (tag >= 0) spans.push({ start: at, end: at + value.length, tag });
      position = at + value.length;
    });
    return spans;
  }
}

/** The tag index of each token (by its first character), or -1 where no tagged span covers it. */
export function tagsOfTokens(
  spans: readonly TaggedSpan[],
  tokens: readonly { readonly start: number }[],
): Int32Array {
  const tags = new Int32Array(tokens.length).fill(-1);
  let cursor = 0;
  tokens.forEach((token, index) => {
    while (cursor < spans.length && (spans[cursor] as TaggedSpan).end <= token.start) cursor += 1;
    const span = spans[cursor];
    if (span !== undefined && span.start <= token.start) tags[index] = span.tag;
  });
  return tags;
}
