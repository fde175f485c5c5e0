import { RootweaverError } from '@rootweaver/core';

/** What the table's header says about it (written by `scripts/build-word-vectors.mjs`). */
export interface WordVectorTableInfo {
  readonly source: string;
  readonly sourceSha256: string;
  readonly licence: string;
  readonly dimension: number;
  readonly count: number;
}

const magic = 'RWVEC\u0000\u0000\u0001';

/**
 * Pretrained word vectors, quantised to int8 with one scale a row, rows in the source's frequency
 * order (row 0 the most frequent word). Lookups are by lower-cased word; an unknown word has no row.
 */
export class WordVectorTable {
  readonly info: WordVectorTableInfo;
  readonly dimension: number;
  readonly count: number;
  readonly #rows: Map<string, number>;
  readonly #scales: Float32Array;
  readonly #data: Int8Array;

  private constructor(info: WordVectorTableInfo, words: string[], scales: Float32Array, data: Int8Array) {
    this.info = info;
    this.dimension = info.dimension;
    this.count = info.count;
    this.#rows = new Map();
    for (let row = 0; row < words.length; row += 1) this.#rows.set(words[row] as string, row);
    this.#scales = scales;
    this.#data = data;
  }

  /** Reads the table from the bytes of a `word-vectors.bin` file. */
  static fromBytes(bytes: Uint8Array, origin = 'word-vector table'): WordVectorTable {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const decoder = new TextDecoder();
    const fail = (what: string): never => {
      throw new RootweaverError(
        'model-load-failed',
        `${origin} is not a rootweaver word-vector table (${what}); rebuild it with \`node packages/models/scripts/build-word-vectors.mjs\`.`,
      );
    };
    if (bytes.byteLength < 16 || decoder.decode(bytes.subarray(0, 8)) !== magic) fail('bad magic');
    const headerLength = view.getUint32(8, true);
    let offset = 12;
    let info: WordVectorTableInfo;
    try {
      info = JSON.parse(decoder.decode(bytes.subarray(offset, offset + headerLength))) as WordVectorTableInfo;
    } catch (cause) {
      throw new RootweaverError(
        'model-load-failed',
        `${origin}: its header is not JSON; rebuild the table.`,
        {
          cause,
        },
      );
    }
    offset += headerLength;
    const vocabularyLength = view.getUint32(offset, true);
    offset += 4;
    const words = decoder.decode(bytes.subarray(offset, offset + vocabularyLength)).split('\n');
    offset += vocabularyLength;
    offset += (4 - (offset % 4)) % 4;
    const { count, dimension } = info;
    if (words.length !== count || bytes.byteLength !== offset + count * 4 + count * dimension)
      fail(`expected ${count} words × ${dimension}, the file has ${bytes.byteLength} bytes`);
    // Copied (a Node Buffer's slice shares its pool) so the scales are 4-byte aligned.
    const scales = new Float32Array(new Uint8Array(bytes.subarray(offset, offset + count * 4)).buffer);
    const data = new Int8Array(bytes.buffer, bytes.byteOffset + offset + count * 4, count * dimension);
    return new WordVectorTable(info, words, scales, data);
  }

  /**
   * A table from words and their vectors, in frequency order (tests, and tables built in memory).
   * Values are quantised as the shipped table's are.
   */
  static fromEntries(
    entries: readonly (readonly [string, readonly number[]])[],
    source = 'in memory',
  ): WordVectorTable {
    const dimension = entries[0]?.[1].length ?? 0;
    const scales = new Float32Array(entries.length);
    const data = new Int8Array(entries.length * dimension);
    entries.forEach(([, vector], row) => {
      const largest = vector.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
      const scale = largest === 0 ? 1 : largest / 127;
      scales[row] = scale;
      vector.forEach((value, index) => {
        data[row * dimension + index] = Math.round(value / scale);
      });
    });
    return new WordVectorTable(
      { source, sourceSha256: '', licence: '', dimension, count: entries.length },
      entries.map(([word]) => word.toLowerCase()),
      scales,
      data,
    );
  }

  /** The row of a word (its frequency rank), or -1 when the table does not know it. */
  rowOf(word: string): number {
    return this.#rows.get(word.toLowerCase()) ?? -1;
  }

  /** Adds `weight ×` the vector of `row` into `target` at `offset`. */
  addRow(row: number, target: Float32Array, offset = 0, weight = 1): void {
    const { dimension } = this;
    const scale = (this.#scales[row] as number) * weight;
    const base = row * dimension;
    for (let index = 0; index < dimension; index += 1)
      target[offset + index] =
        (target[offset + index] as number) + (this.#data[base + index] as number) * scale;
  }

  /** The vector of a word, or undefined when the table does not know it. */
  vectorOf(word: string): Float32Array | undefined {
    const row = this.rowOf(word);
    if (row < 0) return undefined;
    const vector = new Float32Array(this.dimension);
    this.addRow(row, vector);
    return vector;
  }
}
