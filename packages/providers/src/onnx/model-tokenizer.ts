import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { RootweaverError } from '@rootweaver/core';

/** Model inputs for one row: token ids, attention mask and segment (token type) ids. */
export interface EncodedText {
  readonly inputIds: number[];
  readonly attentionMask: number[];
  readonly tokenTypeIds: number[];
}

/** A pair encoding (`question`, `context`) and where the second text's tokens start. */
export interface PairEncoding extends EncodedText {
  readonly secondStart: number;
}

/** One token with the character range of the original text it came from. */
export interface TokenSpan {
  readonly id: number;
  /** Start offset (inclusive) in the original text. */
  readonly start: number;
  /** End offset (exclusive) in the original text. */
  readonly end: number;
}

/** What `models check` prints about a tokenizer. */
export interface TokenizerDescription {
  /** The `model.type` of tokenizer.json: WordPiece, BPE, Unigram, WordLevel. */
  readonly type: string;
  readonly byteLevel: boolean;
  readonly vocabularySize: number;
  /** The pair template with the special tokens spelled out, e.g. `[CLS] A [SEP] B [SEP]`. */
  readonly pairTemplate: string;
  /** `model_max_length` from tokenizer_config.json, when it gives a real one. */
  readonly modelMaxLength?: number;
}

/** The part of `@huggingface/tokenizers`' Tokenizer used here (its bundled types do not resolve under NodeNext). */
interface LibraryTokenizer {
  encode(
    text: string,
    options: { add_special_tokens: boolean },
  ): { ids: (number | undefined)[]; tokens: string[] };
  decode(
    ids: number[],
    options: { skip_special_tokens: boolean; clean_up_tokenization_spaces: boolean },
  ): string;
  token_to_id(token: string): number | undefined;
  get_vocab(withAddedTokens?: boolean): Map<string, number>;
  readonly post_processor: {
    post_process(
      tokens: string[],
      pair: string[] | null,
      addSpecialTokens: boolean,
    ): { tokens: string[]; tokens_pair?: string[]; token_type_ids?: number[] };
  } | null;
}

interface TokenizerJson {
  readonly model?: { readonly type?: string; readonly continuing_subword_prefix?: string | null };
  readonly pre_tokenizer?: unknown;
  readonly decoder?: unknown;
  readonly post_processor?: { readonly type?: string } | null;
  readonly padding?: { readonly pad_id?: number } | null;
}

type TemplateItem =
  | { readonly kind: 'special'; readonly id: number; readonly token: string; readonly typeId: number }
  | { readonly kind: 'sequence'; readonly sequence: 'A' | 'B'; readonly typeId: number };

const supportedModels = ['WordPiece', 'BPE', 'Unigram'];

const sentinel = { A: '\u0000rootweaver-first\u0000', B: '\u0000rootweaver-second\u0000' } as const;

/** Case, accents and compatibility forms folded away, so token text can be matched to the original. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function mentionsType(value: unknown, type: string): boolean {
  if (Array.isArray(value)) return value.some((item) => mentionsType(item, type));
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) =>
    key === 'type' ? item === type : mentionsType(item, type),
  );
}

function readJson(path: string, what: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not a JSON object');
    return parsed as Record<string, unknown>;
  } catch (error) {
    throw new RootweaverError(
      'model-load-failed',
      `${path} cannot be read (${(error as Error).message}). Use the ${what} exported with the model.`,
      { cause: error },
    );
  }
}

/**
 * The tokenizer of a model folder: any Hugging Face `tokenizer.json` (WordPiece, BPE including
 * byte-level, Unigram) run by `@huggingface/tokenizers`, read from the folder only (never a hub).
 * Special tokens come from the file's own post-processor, so `[CLS] A [SEP] B [SEP]` (BERT) and
 * `<s> A </s></s> B </s>` (RoBERTa, XLM-R) are both right. Offsets into the original text are
 * recovered per white-space word: each word (with the white space before it, which byte-level and
 * Metaspace tokenizers fold into the next token) is tokenized alone, which gives the same tokens as
 * the whole text for every pre-tokenizer that splits on white space, and the tokens are aligned to
 * the word's characters; where they cannot be (an unknown token), they share the rest of the word.
 */
export class ModelTokenizer {
  readonly padId: number;
  readonly description: TokenizerDescription;
  private readonly tokenizer: LibraryTokenizer;
  private readonly singleTemplate: readonly TemplateItem[];
  private readonly pairTemplate: readonly TemplateItem[];
  private readonly subwordPrefix: string;
  private readonly surfaces = new Map<number, string>();

  private constructor(
    tokenizer: LibraryTokenizer,
    json: TokenizerJson,
    config: Record<string, unknown>,
    source: string,
  ) {
    this.tokenizer = tokenizer;
    // RoBERTa's post-processor marks the second text with type 1, but RoBERTa-family models have
    // a single segment embedding; their tokenizers give all zeros, and so do we.
    const singleSegment = json.post_processor?.type === 'RobertaProcessing';
    this.singleTemplate = this.template(false, singleSegment, source);
    this.pairTemplate = this.template(true, singleSegment, source);
    const prefix = json.model?.continuing_subword_prefix;
    this.subwordPrefix = typeof prefix === 'string' ? prefix : '';
    const vocabulary = tokenizer.get_vocab(true);
    const padToken = typeof config.pad_token === 'string' ? config.pad_token : undefined;
    this.padId =
      json.padding?.pad_id ??
      (padToken === undefined ? undefined : vocabulary.get(padToken)) ??
      vocabulary.get('[PAD]') ??
      vocabulary.get('<pad>') ??
      0;
    const maxLength = config.model_max_length;
    this.description = {
      type: json.model?.type ?? 'unknown',
      byteLevel: mentionsType(json.pre_tokenizer, 'ByteLevel') || mentionsType(json.decoder, 'ByteLevel'),
      vocabularySize: vocabulary.size,
      pairTemplate: this.pairTemplate
        .map((item) => (item.kind === 'special' ? item.token : item.sequence))
        .join(' '),
      ...(typeof maxLength === 'number' && Number.isInteger(maxLength) && maxLength > 0 && maxLength < 1e6
        ? { modelMaxLength: maxLength }
        : {}),
    };
  }

  /**
   * Reads `tokenizer.json` (required) and `tokenizer_config.json` (optional) from `directory`.
   * Every failure is `model-load-failed` naming the file and the fix.
   */
  static fromDirectory(directory: string): ModelTokenizer {
    const path = join(directory, 'tokenizer.json');
    if (!existsSync(path)) {
      throw new RootweaverError(
        'model-load-failed',
        `${path} is missing. Put the model's tokenizer.json beside model.onnx (optimum-cli export onnx writes it; for a model that ships only vocab.txt or a sentencepiece file, save it once with transformers' AutoTokenizer.from_pretrained(...).save_pretrained(DIR)).`,
      );
    }
    const json = readJson(path, 'tokenizer.json');
    const type = (json as TokenizerJson).model?.type;
    if (type === undefined || !supportedModels.includes(type)) {
      throw new RootweaverError(
        'model-load-failed',
        `${path} has a ${type ?? 'missing'} model type; rootweaver runs ${supportedModels.join(', ')} tokenizers. Use the tokenizer.json exported with the model.`,
      );
    }
    const configPath = join(directory, 'tokenizer_config.json');
    const config = existsSync(configPath) ? readJson(configPath, 'tokenizer_config.json') : {};
    let tokenizer: LibraryTokenizer;
    try {
      tokenizer = new Tokenizer(json, config) as unknown as LibraryTokenizer;
    } catch (error) {
      throw new RootweaverError(
        'model-load-failed',
        `${path} is not a tokenizer @huggingface/tokenizers can run (${(error as Error).message}). Use the tokenizer.json exported with the model.`,
        { cause: error },
      );
    }
    return new ModelTokenizer(tokenizer, json as TokenizerJson, config, path);
  }

  /** Learns where the post-processor puts special tokens by running it on two sentinel tokens. */
  private template(pair: boolean, singleSegment: boolean, source: string): TemplateItem[] {
    const processor = this.tokenizer.post_processor;
    const processed = processor?.post_process([sentinel.A], pair ? [sentinel.B] : null, true) ?? {
      tokens: pair ? [sentinel.A, sentinel.B] : [sentinel.A],
    };
    const tokens = [...processed.tokens, ...(processed.tokens_pair ?? [])];
    const secondAt = tokens.indexOf(sentinel.B);
    return tokens.map((token, index) => {
      const typeId = singleSegment
        ? 0
        : (processed.token_type_ids?.[index] ?? (secondAt >= 0 && index >= secondAt ? 1 : 0));
      if (token === sentinel.A) return { kind: 'sequence', sequence: 'A', typeId };
      if (token === sentinel.B) return { kind: 'sequence', sequence: 'B', typeId };
      const id = this.tokenizer.token_to_id(token);
      if (id === undefined) {
        throw new RootweaverError(
          'model-load-failed',
          `${source}: its post-processor adds the token ${token}, which is not in its vocabulary. Use the tokenizer.json exported with the model.`,
        );
      }
      return { kind: 'special', id, token, typeId };
    });
  }

  /** Special tokens added around one text. */
  get singleSpecialCount(): number {
    return this.singleTemplate.filter((item) => item.kind === 'special').length;
  }

  /** Special tokens added around a pair of texts. */
  get pairSpecialCount(): number {
    return this.pairTemplate.filter((item) => item.kind === 'special').length;
  }

  /** True when the pair template starts with a special token (`[CLS]`, `<s>`): the SQuAD 2 "no answer" position. */
  get startsWithSpecial(): boolean {
    return this.pairTemplate[0]?.kind === 'special';
  }

  /** Token ids of `text`, without special tokens. */
  ids(text: string): number[] {
    return this.tokenizer
      .encode(text, { add_special_tokens: false })
      .ids.filter((id): id is number => typeof id === 'number');
  }

  /** Tokens of `text` with the character range each came from, without special tokens. */
  tokenize(text: string): TokenSpan[] {
    const spans: TokenSpan[] = [];
    let previousEnd = 0;
    for (const match of text.matchAll(/\S+/gu)) {
      const start = match.index;
      const end = start + match[0].length;
      const encoded = this.tokenizer.encode(text.slice(previousEnd, end), { add_special_tokens: false });
      previousEnd = end;
      const ids = encoded.ids.filter((id): id is number => typeof id === 'number');
      spans.push(...this.align(match[0], start, ids));
    }
    // Trailing white space is a token of its own for byte-level and Metaspace tokenizers.
    if (previousEnd < text.length)
      for (const id of this.ids(text.slice(previousEnd)))
        spans.push({ id, start: text.length, end: text.length });
    return spans;
  }

  /** The text a token stands for, as the tokenizer's decoder spells it. */
  private surface(id: number): string {
    let surface = this.surfaces.get(id);
    if (surface === undefined) {
      surface = this.tokenizer.decode([id], {
        skip_special_tokens: false,
        clean_up_tokenization_spaces: false,
      });
      if (this.subwordPrefix !== '' && surface.startsWith(this.subwordPrefix))
        surface = surface.slice(this.subwordPrefix.length);
      surface = fold(surface).replace(/\s/gu, '');
      this.surfaces.set(id, surface);
    }
    return surface;
  }

  private align(word: string, offset: number, ids: readonly number[]): TokenSpan[] {
    // The folded word, with the original character range of every folded code unit.
    let folded = '';
    const starts: number[] = [];
    const ends: number[] = [];
    let index = 0;
    for (const character of word) {
      const piece = fold(character);
      for (let unit = 0; unit < piece.length; unit += 1) {
        starts.push(index);
        ends.push(index + character.length);
      }
      folded += piece;
      index += character.length;
    }
    const spans: TokenSpan[] = [];
    // Tokens that match no text yet (an unknown token, a partial UTF-8 byte) wait for the next match.
    let pending: number[] = [];
    let position = 0;
    const settle = (until: number): void => {
      const from = starts[position] ?? word.length;
      const to = until >= folded.length ? word.length : (starts[until] ?? word.length);
      for (const id of pending) spans.push({ id, start: offset + from, end: offset + Math.max(from, to) });
      pending = [];
    };
    for (const id of ids) {
      const surface = this.surface(id);
      const found = surface === '' ? -1 : folded.indexOf(surface, position);
      if (surface === '' && pending.length === 0) {
        const here = offset + (starts[position] ?? word.length);
        spans.push({ id, start: here, end: here });
      } else if (found < 0) {
        pending.push(id);
      } else {
        settle(found);
        const last = found + surface.length - 1;
        spans.push({
          id,
          start: offset + (starts[found] ?? word.length),
          end: offset + (ends[last] ?? word.length),
        });
        position = found + surface.length;
      }
    }
    settle(folded.length);
    return spans;
  }

  /** One text with the model's special tokens, its ids cut so the whole fits `maxLength`. */
  encodeSingle(ids: readonly number[], maxLength: number): EncodedText {
    const kept = ids.slice(0, Math.max(0, maxLength - this.singleSpecialCount));
    return this.apply(this.singleTemplate, kept, []);
  }

  /** Two texts with the model's special tokens (no truncation: the caller sizes them). */
  encodePair(first: readonly number[], second: readonly number[]): PairEncoding {
    const encoded = this.apply(this.pairTemplate, first, second);
    let secondStart = 0;
    for (const item of this.pairTemplate) {
      if (item.kind === 'sequence' && item.sequence === 'B') break;
      secondStart += item.kind === 'special' ? 1 : first.length;
    }
    return { ...encoded, secondStart };
  }

  private apply(
    template: readonly TemplateItem[],
    first: readonly number[],
    second: readonly number[],
  ): EncodedText {
    const inputIds: number[] = [];
    const tokenTypeIds: number[] = [];
    for (const item of template) {
      const ids = item.kind === 'special' ? [item.id] : item.sequence === 'A' ? first : second;
      for (const id of ids) {
        inputIds.push(id);
        tokenTypeIds.push(item.typeId);
      }
    }
    return { inputIds, attentionMask: inputIds.map(() => 1), tokenTypeIds };
  }
}
