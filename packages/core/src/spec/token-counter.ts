/** Counts tokens as a model family's tokenizer does. Real: o200k, cl100k, llama3 in providers. */
export interface TokenCounter {
  readonly family: string;
  count(text: string): number;
}
