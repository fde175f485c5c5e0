/** Counts tokens as a model family's tokenizer does. Real: o200k, cl100k, llama3 in providers. */
export interface TokenCounter {
  readonly family: string;
  count(text: string): number;
  /**
   * Optional: a cheap number of tokens the text cannot exceed (a byte-level BPE tokenizer's is the
   * text's UTF-8 length). Budget checks that fit under it skip the count.
   */
  upperBound?(text: string): number;
}
