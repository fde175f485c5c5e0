export {
  type LoadQuestionRecordsOptions,
  loadQuestionRecords,
  locateSharedDatasets,
  missingSharedDatasetsMessage,
  parseQuestionRecord,
} from './dataset/load-question-records.js';
export type {
  BaselineRun,
  QuestionRecord,
  RecordedPlanNode,
  RecordedStageTokens,
  ReferenceRun,
} from './dataset/question-record.js';
export {
  aggregateGolden,
  answerContains,
  citationCoverage,
  documentKey,
  evaluateGoldenSet,
  type GoldenAggregate,
  type GoldenEngine,
  type GoldenOutcome,
  type GoldenReport,
  precisionAtK,
  scoreGoldenAnswer,
} from './golden/golden-metrics.js';
export {
  type GoldenCategory,
  type GoldenQuestion,
  type GoldenSet,
  loadGoldenSet,
  parseGoldenSet,
} from './golden/golden-set.js';
export { bestOver, exactMatch, f1Score, normalizeAnswer } from './metrics/answer-metrics.js';
export { expectedCalibrationError, fitLogistic } from './metrics/fit-logistic.js';
export { mean, median, percentile, round, standardDeviation, wilsonInterval } from './metrics/statistics.js';
export { type CountedCall, CountingChatModel, countPromptTokens } from './replay/counting-chat-model.js';
export {
  RecordedPlanChatModel,
  type RecordedPlanChatModelOptions,
  recordedPlanText,
} from './replay/recorded-plan-chat-model.js';
export { renderReliabilityChart } from './report/reliability-chart.js';
export { type ChartPoint, renderTokensChart } from './report/tokens-chart.js';
export {
  type EvalSettings,
  renderReportMarkdown,
  type WriteReportOptions,
  type WrittenReport,
  writeReport,
} from './report/write-report.js';
export {
  type AnswerCalibration,
  type ConfidentAnswers,
  crossFitAnswerCalibration,
} from './run/answer-calibration.js';
export {
  type AnswerEngine,
  type CompactionOption,
  type EngineFactory,
  type EvaluateQuestionsOptions,
  evaluateQuestion,
  evaluateQuestions,
  type PlanSourceOption,
  trajectoryOf,
} from './run/evaluate-questions.js';
export { type FoldFigures, type FoldSummary, foldOfQuestion, summarizeFolds } from './run/fold-summary.js';
export type { NodeOutcome, QuestionResult, StageTokens } from './run/question-result.js';
export {
  type EvalSummary,
  type GroupSummary,
  type SystemSummary,
  summarizeResults,
} from './run/summarize-results.js';
