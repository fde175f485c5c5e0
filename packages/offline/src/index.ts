export {
  type Annotation,
  type AnnotationMode,
  annotateEntities,
  type Entity,
  type EntityKind,
  type Sentence,
} from './annotation/annotate-entities.js';
export { type ChunkOptions, chunkText, defaultChunkOptions } from './corpus/chunk-text.js';
export type {
  CorpusReadResult,
  Document,
  DocumentKind,
  InputProblem,
  Passage,
  SourceLocation,
} from './corpus/document.js';
export { reservedMetadataKeys } from './corpus/loaders/flatten-metadata.js';
export { parseHtml } from './corpus/loaders/parse-html.js';
export { parseMarkdown } from './corpus/loaders/parse-markdown.js';
export { loadPdfJs, parsePdf } from './corpus/loaders/parse-pdf.js';
export { parseText } from './corpus/loaders/parse-text.js';
export type { ParsedSource, SourceBlock } from './corpus/loaders/source-blocks.js';
export { type ReadCorpusOptions, readCorpus } from './corpus/read-corpus.js';
export { readFolderCorpus } from './corpus/read-folder-corpus.js';
export { readJsonlCorpus } from './corpus/read-jsonl-corpus.js';
export { isSourceFile, readSourceFile, sourceExtensions } from './corpus/read-source-file.js';
export { documentsFromSource, titleFromPath } from './corpus/source-documents.js';
export { decontextualise, titleEntity } from './generation/decontextualise.js';
export { buildQaPrompt, LlmGenerator, type LlmGeneratorOptions } from './generation/llm-generator.js';
export { parseQaReply } from './generation/parse-qa-reply.js';
export type {
  GeneratedPair,
  GenerateQaOptions,
  GenerateQaResult,
  QaGenerator,
} from './generation/qa-generator.js';
export {
  type FamilyFirings,
  RuleBasedGenerator,
  type RuleBasedGeneratorOptions,
} from './generation/rule-based-generator.js';
// The rule generator's relation families.
export {
  type RelationFamily as RuleFamily,
  type RuleExample,
  relationFamilies as ruleFamilies,
} from './generation/rules/index.js';
export {
  type ImportKnowledgeBaseOptions,
  type ImportKnowledgeBaseSummary,
  importKnowledgeBase,
  knowledgeBaseDocumentId,
} from './import/import-knowledge-base.js';
export {
  type BuildIndexOptions,
  type BuildIndexSummary,
  type BuildProgress,
  buildIndex,
  updateIndex,
} from './index/build-index.js';
export { type CheckpointEntry, CheckpointLog, checkpointFileName } from './index/checkpoint-log.js';
export { contentHash, corpusHash, qaItemId } from './index/hashing.js';
export { acquireIndexLock, indexLockFileName } from './index/index-lock.js';
export {
  type DocumentEntry,
  type IndexManifest,
  type IndexTimings,
  manifestFileName,
  manifestSchemaVersion,
  readManifest,
  writeManifest,
} from './index/manifest.js';
export { toQaItem } from './index/qa-item.js';
export {
  createProgressReporter,
  formatSeconds,
  type ProgressReporter,
  type ProgressReporterOptions,
} from './progress/progress-reporter.js';
export {
  type StageHandle,
  type StageProgress,
  type StageTiming,
  StageTracker,
} from './progress/stage-tracker.js';
export { normaliseText } from './validation/normalise-text.js';
export {
  emptyRejectionCounts,
  type RejectionCounts,
  type RejectionReason,
  rejectionReasons,
  validatePairs,
} from './validation/validate-pairs.js';
