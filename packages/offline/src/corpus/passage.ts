/** Where a passage or a problem came from: a file and a 1-based line. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
}

/** One unit of the corpus that atomic QA pairs are generated from. */
export interface Passage {
  /** Stable id: the JSONL `id`, or derived from path + heading + ordinal for folders. */
  readonly id: string;
  /** The entity the passage is about (the JSONL title, or the document's first heading / file name). */
  readonly title: string;
  readonly text: string;
  /** The heading the passage sits under, for Markdown folders. */
  readonly section?: string;
  readonly source: SourceLocation;
}

/** Bad input found while reading: reported with file and line, and the rest goes on. */
export interface InputProblem extends SourceLocation {
  readonly message: string;
}

export interface CorpusReadResult {
  readonly passages: Passage[];
  readonly problems: InputProblem[];
}
