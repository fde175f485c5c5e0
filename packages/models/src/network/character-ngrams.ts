/** How many hashed buckets character trigrams fall into (part of the networks' input definition). */
export const ngramBucketCount = 4096;

/** Per token, the buckets of its character trigrams: token i's are `buckets[offsets[i] … offsets[i + 1])`. */
export interface NgramBuckets {
  readonly offsets: Int32Array;
  readonly buckets: Int32Array;
}

/** FNV-1a of a string, as an unsigned 32-bit integer. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The hashed character trigrams of each token's lower-cased text between boundary marks ("<ada>" →
 * "<ad", "ada", "da>"): what a network learns about words it has no vector for — names, numbers,
 * suffixes.
 */
export function characterNgramBuckets(tokens: readonly { readonly text: string }[]): NgramBuckets {
  const offsets = new Int32Array(tokens.length + 1);
  const buckets: number[] = [];
  tokens.forEach((token, index) => {
    const marked = `<${token.text.toLowerCase()}>`;
    for (let start = 0; start + 3 <= marked.length; start += 1)
      buckets.push(hashOf(marked.slice(start, start + 3)) % ngramBucketCount);
    offsets[index + 1] = buckets.length;
  });
  return { offsets, buckets: Int32Array.from(buckets) };
}

/** Each token's mean trigram embedding [n × width] from `embedding [ngramBucketCount × width]`. */
export function embedNgrams(ngrams: NgramBuckets, embedding: Float32Array, width: number): Float32Array {
  const n = ngrams.offsets.length - 1;
  const out = new Float32Array(n * width);
  for (let token = 0; token < n; token += 1) {
    const from = ngrams.offsets[token] as number;
    const to = ngrams.offsets[token + 1] as number;
    if (to === from) continue;
    const share = 1 / (to - from);
    for (let position = from; position < to; position += 1) {
      const base = (ngrams.buckets[position] as number) * width;
      for (let k = 0; k < width; k += 1)
        out[token * width + k] = (out[token * width + k] as number) + share * (embedding[base + k] as number);
    }
  }
  return out;
}
