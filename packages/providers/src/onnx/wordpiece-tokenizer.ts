import { readFileSync } from 'node:fs';
import { RootweaverError } from '@rootweaver/core';

/** One token with the character range of the original text it came from. */
export interface WordPieceToken {
  readonly id: number;
  readonly piece: string;
  /** Start offset (inclusive) in the original text. */
  readonly start: number;
  /** End offset (exclusive) in the original text. */
  readonly end: number;
}

export interface EncodedText {
  readonly inputIds: number[];
  readonly attentionMask: number[];
  readonly tokenTypeIds: number[];
}

interface TokenizerJson {
  readonly model?: {
    readonly type?: string;
    readonly vocab?: Record<string, number> | unknown;
    readonly unk_token?: string;
    readonly continuing_subword_prefix?: string;
    readonly max_input_chars_per_word?: number;
  };
  readonly normalizer?: {
    readonly type?: string;
    readonly lowercase?: boolean;
    readonly strip_accents?: boolean | null;
  } | null;
  readonly added_tokens?: readonly { readonly id: number; readonly content: string }[];
}

const punctuation = /[\p{P}\p{S}]/u;
const cjk = /[\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF\u{20000}-\u{2A6DF}]/u;

/**
 * A BERT WordPiece tokenizer read from a Hugging Face `tokenizer.json`: lower-casing and accent
 * stripping (as the file's normalizer says), whitespace and punctuation splitting, greedy
 * longest-match word pieces with the `##` continuation prefix, `[UNK]` for unknown words,
 * `[CLS]`/`[SEP]`/`[PAD]` special tokens, and character offsets into the original text.
 */
export class WordPieceTokenizer {
  readonly vocabulary: ReadonlyMap<string, number>;
  readonly clsId: number;
  readonly sepId: number;
  readonly padId: number;
  readonly unknownId: number;
  private readonly lowercase: boolean;
  private readonly stripAccents: boolean;
  private readonly prefix: string;
  private readonly maxCharsPerWord: number;

  constructor(json: TokenizerJson, source = 'tokenizer.json') {
    const model = json.model;
    if (model?.type !== undefined && model.type !== 'WordPiece') {
      throw new RootweaverError(
        'model-load-failed',
        `${source} uses a ${model.type} tokenizer; only WordPiece (BERT, DistilBERT, MiniLM, MPNet-style exports) is supported. Export a BERT-family model.`,
      );
    }
    const vocab = model?.vocab;
    if (typeof vocab !== 'object' || vocab === null || Array.isArray(vocab)) {
      throw new RootweaverError(
        'model-load-failed',
        `${source} has no WordPiece vocabulary (model.vocab). Use the tokenizer.json exported with the model.`,
      );
    }
    const vocabulary = new Map<string, number>(Object.entries(vocab as Record<string, number>));
    for (const token of json.added_tokens ?? []) vocabulary.set(token.content, token.id);
    this.vocabulary = vocabulary;
    const special = (name: string): number => {
      const id = vocabulary.get(name);
      if (id === undefined) {
        throw new RootweaverError(
          'model-load-failed',
          `${source} has no ${name} token. Use the tokenizer.json exported with the model.`,
        );
      }
      return id;
    };
    this.clsId = special('[CLS]');
    this.sepId = special('[SEP]');
    this.unknownId = special(model?.unk_token ?? '[UNK]');
    this.padId = vocabulary.get('[PAD]') ?? 0;
    this.lowercase = json.normalizer?.lowercase ?? true;
    this.stripAccents = json.normalizer?.strip_accents ?? this.lowercase;
    this.prefix = model?.continuing_subword_prefix ?? '##';
    this.maxCharsPerWord = model?.max_input_chars_per_word ?? 100;
  }

  static fromFile(path: string): WordPieceTokenizer {
    let json: TokenizerJson;
    try {
      json = JSON.parse(readFileSync(path, 'utf8')) as TokenizerJson;
    } catch (error) {
      throw new RootweaverError(
        'model-load-failed',
        `Cannot read the tokenizer ${path}: ${(error as Error).message}. Put the model's tokenizer.json beside model.onnx.`,
        { cause: error },
      );
    }
    return new WordPieceTokenizer(json, path);
  }

  private normalize(word: string): string {
    let text = this.lowercase ? word.toLowerCase() : word;
    if (this.stripAccents) text = text.normalize('NFD').replace(/\p{Mn}/gu, '');
    return text;
  }

  /** Splits on white space, punctuation and CJK characters, keeping offsets. */
  private words(text: string): { word: string; start: number }[] {
    const words: { word: string; start: number }[] = [];
    let current = '';
    let start = 0;
    let offset = 0;
    const flush = (): void => {
      if (current !== '') words.push({ word: current, start });
      current = '';
    };
    for (const character of text) {
      if (/\s/u.test(character) || /\p{Cc}/u.test(character)) {
        flush();
      } else if (punctuation.test(character) || cjk.test(character)) {
        flush();
        words.push({ word: character, start: offset });
      } else {
        if (current === '') start = offset;
        current += character;
      }
      offset += character.length;
    }
    flush();
    return words;
  }

  /** Word pieces of `text`, without special tokens. */
  tokenize(text: string): WordPieceToken[] {
    const tokens: WordPieceToken[] = [];
    for (const { word, start } of this.words(text)) {
      const end = start + word.length;
      const normalized = this.normalize(word);
      if (normalized.length === 0) continue;
      if ([...normalized].length > this.maxCharsPerWord) {
        tokens.push({ id: this.unknownId, piece: '[UNK]', start, end });
        continue;
      }
      // Offsets map piece-for-piece only when normalisation kept the length.
      const aligned = normalized.length === word.length;
      const pieces: WordPieceToken[] = [];
      let position = 0;
      let unknown = false;
      while (position < normalized.length) {
        let stop = normalized.length;
        let found: { id: number; piece: string } | undefined;
        while (stop > position) {
          const candidate = (position > 0 ? this.prefix : '') + normalized.slice(position, stop);
          const id = this.vocabulary.get(candidate);
          if (id !== undefined) {
            found = { id, piece: candidate };
            break;
          }
          stop -= 1;
        }
        if (found === undefined) {
          unknown = true;
          break;
        }
        pieces.push({
          ...found,
          start: aligned ? start + position : start,
          end: aligned ? start + stop : end,
        });
        position = stop;
      }
      if (unknown) tokens.push({ id: this.unknownId, piece: '[UNK]', start, end });
      else tokens.push(...pieces);
    }
    return tokens;
  }

  /** `[CLS] text [SEP]`, truncated to `maxLength` tokens in all. */
  encode(text: string, maxLength: number): EncodedText {
    const ids = this.tokenize(text)
      .slice(0, Math.max(0, maxLength - 2))
      .map((token) => token.id);
    const inputIds = [this.clsId, ...ids, this.sepId];
    return {
      inputIds,
      attentionMask: inputIds.map(() => 1),
      tokenTypeIds: inputIds.map(() => 0),
    };
  }
}
