import type { KnowledgeItem, SearchHit } from '@rootweaver/core';
import { seededRandom, throwIfAborted } from '@rootweaver/core';
import {
  analyseCandidates,
  type CandidateAnalysis,
  candidateFeatureRows,
  heuristicConfidence,
  inferAnswerType,
  normaliseAnswer,
} from '@rootweaver/innovations/selection';
import { describeEntity, dropWords, type QuestionVariant, reorderWords } from './perturb-question.js';
import { paraphraseRelation, parseRelation, renderRelation } from './relation-paraphrases.js';
import { shuffled } from './shuffled.js';

/** One training question: the candidates retrieval and the heuristics produced, and which are the pair's answer. */
export interface TrainingQuery {
  /** The source pair's document: cross-validation folds never split a document. */
  readonly group: string;
  readonly variant: QuestionVariant;
  readonly question: string;
  /** The source pair's answer span: the label, taken from the index and nothing else. */
  readonly answer: string;
  readonly rows: readonly (readonly number[])[];
  /** 1 for the candidates equal to the answer (SQuAD normalisation), else 0. */
  readonly labels: readonly number[];
  /** The heuristic extractor's confidence in its own answer (the first candidate): its operating point. */
  readonly heuristicConfidence: number;
}

export interface SelectorTrainingSetOptions {
  /** The index's atomic QA pairs: the only source of questions and labels. */
  readonly pairs: readonly KnowledgeItem[];
  /** Retrieval over the whole index (top-k hits for a query), which supplies the distractors. */
  readonly search: (query: string, topK: number) => Promise<readonly SearchHit[]>;
  /** Hits per question, as the engine retrieves them (default 5). */
  readonly topK?: number;
  /** Source pairs sampled at most (default 1200); about two questions are made from each. */
  readonly maxPairs?: number;
  readonly seed?: number;
  readonly signal?: AbortSignal;
}

export interface SelectorTrainingSet {
  readonly queries: readonly TrainingQuery[];
  /** Pairs that could serve as examples (a short span answer), before sampling. */
  readonly eligiblePairs: number;
}

const maxAnswerWords = 6;
const maxSentenceWords = 30;
/** Enough questions for a ranker of a few dozen features, few enough to train in seconds. */
export const defaultMaxPairs = 1200;

/**
 * The answer span a pair teaches, or `undefined` when it teaches none. A short answer is the span
 * itself. A sentence answer ("X was born on 6 August 1965.") teaches its span only when exactly one
 * candidate of the asked type in it is not already in the pair's own question — the answer is then
 * unambiguous without anyone's label. Topic-only pairs ("What is known about X?") and yes/no pairs
 * teach nothing.
 */
export function answerSpanOf(pair: KnowledgeItem): string | undefined {
  const question = pair.question?.trim() ?? '';
  const answer = pair.answer?.trim() ?? '';
  if (question.length === 0 || answer.length === 0) return undefined;
  if (/^(?:yes|no)\b/i.test(answer) || /\bknown about\b/i.test(question)) return undefined;
  if (inferAnswerType(question) === 'yes-no') return undefined;
  const words = answer.split(/\s+/).length;
  if (words <= maxAnswerWords && answer.length <= 60) {
    const key = normaliseAnswer(answer);
    return key.length === 0 || normaliseAnswer(question).includes(key) ? undefined : answer;
  }
  if (words > maxSentenceWords) return undefined;
  const alone = analyseCandidates(question, [{ ...pair, passage: '', score: 1, rank: 1 }]);
  const spans = alone.candidates.filter(
    (candidate) =>
      candidate.signals.fromAnswer &&
      candidate.signals.subjectFactor === 1 &&
      candidate.signals.typeFit >= 0.5,
  );
  return spans.length === 1 ? spans[0]?.display : undefined;
}

/** Whether a pair can teach span selection (see `answerSpanOf`). */
export function isExamplePair(pair: KnowledgeItem): boolean {
  return answerSpanOf(pair) !== undefined;
}

/** A description of the document's entity from a sibling pair ("What is X? → a 1990 drama film"). */
function descriptionOf(pair: KnowledgeItem, siblings: readonly KnowledgeItem[]): string | undefined {
  const lowered = pair.title.toLowerCase();
  const answerKey = normaliseAnswer(pair.answer ?? '');
  for (const sibling of siblings) {
    if (sibling.id === pair.id || normaliseAnswer(sibling.answer ?? '').includes(answerKey)) continue;
    const question = sibling.question?.trim().toLowerCase() ?? '';
    if (!/^(?:what|who)\s+(?:is|was)\s+/.test(question)) continue;
    if (!question.replace(/\?$/, '').endsWith(lowered)) continue;
    const answer = sibling.answer?.trim() ?? '';
    if (answer.length > 0 && answer.split(/\s+/).length <= 8) return answer;
  }
  return undefined;
}

function heuristicConfidenceOf(analysis: CandidateAnalysis): number {
  const top = analysis.candidates[0];
  return top === undefined ? 0 : heuristicConfidence(top, analysis.candidates);
}

interface PlannedQuery {
  readonly pair: KnowledgeItem;
  readonly variant: QuestionVariant;
  readonly question: string;
  /** Ids taken out of the retrieved hits (the source pair, for the withheld variants). */
  readonly withheld: ReadonlySet<string>;
}

/** A document's title as a key, without a disambiguating "(film)" at its end. */
function titleKey(title: string): string {
  return normaliseAnswer(title.replace(/\s*\([^)]*\)\s*$/, ''));
}

function plainTitle(title: string): string {
  return title.replace(/\s*\([^)]*\)\s*$/, '').trim();
}

/**
 * What the index knows about its own entities, for the grounded variant: for each document, the
 * spans other documents' pairs give as an answer that names it (its title) — the parent answers a
 * planner's next hop would be grounded with.
 */
interface IndexLinks {
  readonly parentAnswers: ReadonlyMap<string, readonly string[]>;
}

function indexLinks(
  eligible: readonly { pair: KnowledgeItem; span: string }[],
  titles: ReadonlyMap<string, string>,
): IndexLinks {
  const documentsByTitle = new Map<string, string[]>();
  for (const [documentId, title] of titles) {
    const key = titleKey(title);
    if (key.length === 0) continue;
    documentsByTitle.set(key, [...(documentsByTitle.get(key) ?? []), documentId]);
  }
  const parentAnswers = new Map<string, string[]>();
  for (const { pair, span } of eligible) {
    for (const documentId of documentsByTitle.get(normaliseAnswer(span)) ?? []) {
      if (documentId === pair.documentId) continue;
      const spans = parentAnswers.get(documentId) ?? [];
      if (!spans.includes(span)) spans.push(span);
      parentAnswers.set(documentId, spans);
    }
  }
  return { parentAnswers };
}

/** Whether the entity a question names is its document's own (its title, or a description "the 1990 film"). */
function namesOwnEntity(entity: string, title: string): boolean {
  if (/^the\s+[\p{Ll}\d]/u.test(entity)) return true;
  const entityKey = normaliseAnswer(entity);
  const key = titleKey(title);
  if (entityKey.length === 0 || key.length === 0) return false;
  return entityKey === key || ` ${entityKey} `.includes(` ${key} `) || ` ${key} `.includes(` ${entityKey} `);
}

/**
 * The pair's question as a planner's grounded sub-question: its relation in a form of the table,
 * its entity named by a parent answer from another document (or by the document's title where the
 * question described it), as `groundQuestion` writes a parent's answer into the next hop.
 */
function groundedQuestion(pair: KnowledgeItem, links: IndexLinks, random: () => number): string | undefined {
  const question = pair.question ?? '';
  const parsed = parseRelation(question);
  if (parsed === undefined || !namesOwnEntity(parsed.entity, pair.title)) return undefined;
  const parents = links.parentAnswers.get(pair.documentId) ?? [];
  const names = parents.length > 0 ? parents : [plainTitle(pair.title)];
  const name = names[Math.floor(random() * names.length)] ?? '';
  const forms = parsed.family.forms;
  const form = forms[Math.floor(random() * forms.length)] ?? parsed.form;
  const grounded = renderRelation(form, name, parsed.past);
  if (grounded === question || inferAnswerType(grounded) !== inferAnswerType(question)) return undefined;
  return grounded;
}

function planQueries(
  pair: KnowledgeItem,
  siblings: readonly KnowledgeItem[],
  links: IndexLinks,
  random: () => number,
): PlannedQuery[] {
  const question = pair.question ?? '';
  const none = new Set<string>();
  const answerKey = normaliseAnswer(pair.answer ?? '');
  const options: PlannedQuery[] = [];
  const dropped = dropWords(question, random);
  if (dropped !== undefined)
    options.push({ pair, variant: 'dropped-words', question: dropped, withheld: none });
  const reordered = reorderWords(question);
  if (reordered !== undefined)
    options.push({ pair, variant: 'reordered', question: reordered, withheld: none });
  const description = descriptionOf(pair, siblings);
  const described = description === undefined ? undefined : describeEntity(question, pair.title, description);
  if (described !== undefined)
    options.push({ pair, variant: 'described-entity', question: described, withheld: none });
  const sibling = siblings.find(
    (other) => other.id !== pair.id && normaliseAnswer(other.answer ?? '') === answerKey && other.question,
  );
  if (sibling?.question !== undefined)
    options.push({
      pair,
      variant: 'sibling-question',
      question: sibling.question,
      withheld: new Set([pair.id, sibling.id]),
    });
  options.push({ pair, variant: 'source-withheld', question, withheld: new Set([pair.id]) });
  const paraphrased = paraphraseRelation(question, random);
  if (paraphrased !== undefined)
    options.push({ pair, variant: 'paraphrased', question: paraphrased, withheld: none });
  const grounded = groundedQuestion(pair, links, random);
  if (grounded !== undefined) options.push({ pair, variant: 'grounded', question: grounded, withheld: none });
  // The original question once in a while: the easy case is real too (a sub-question that matches its pair).
  const chosen = shuffled(options, random).slice(0, 2);
  if (random() < 0.25) chosen.push({ pair, variant: 'original', question, withheld: none });
  return chosen;
}

/**
 * Builds the selector's training questions from an index's own pairs, with no label from anyone:
 * each sampled pair (question → answer) yields perturbed and paraphrased questions (words dropped,
 * a phrase moved, the entity replaced by its description, a sibling pair's question with the same
 * answer, the source pair withheld), each run against the whole index so that retrieval supplies
 * the distractors. The candidates and features are exactly those the selector sees online. The
 * function sees nothing but `pairs` and `search`: evaluation questions cannot reach it.
 */
export async function buildSelectorTrainingSet(
  options: SelectorTrainingSetOptions,
): Promise<SelectorTrainingSet> {
  const topK = options.topK ?? 5;
  const random = seededRandom(options.seed ?? 12);
  const byDocument = new Map<string, KnowledgeItem[]>();
  const titles = new Map<string, string>();
  for (const pair of options.pairs) {
    if (pair.kind !== 'qa') continue;
    const siblings = byDocument.get(pair.documentId) ?? [];
    siblings.push(pair);
    byDocument.set(pair.documentId, siblings);
    titles.set(pair.documentId, pair.title);
  }
  const eligible = options.pairs
    .filter((pair) => pair.kind === 'qa')
    .sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0))
    .flatMap((pair) => {
      const span = answerSpanOf(pair);
      return span === undefined ? [] : [{ pair, span }];
    });
  const links = indexLinks(eligible, titles);
  const sampled = shuffled(eligible, random).slice(0, options.maxPairs ?? defaultMaxPairs);
  const queries: TrainingQuery[] = [];
  for (const { pair, span } of sampled) {
    throwIfAborted(options.signal);
    const answer = span;
    const answerKey = normaliseAnswer(answer);
    for (const planned of planQueries(pair, byDocument.get(pair.documentId) ?? [], links, random)) {
      const found = await options.search(planned.question, topK + planned.withheld.size);
      const hits = found
        .filter((hit) => !planned.withheld.has(hit.id))
        .slice(0, topK)
        .map((hit, index) => ({ ...hit, rank: index + 1 }));
      if (hits.length === 0) continue;
      const analysis = analyseCandidates(planned.question, hits);
      if (analysis.answerType === 'yes-no' || analysis.candidates.length === 0) continue;
      const rows = candidateFeatureRows(analysis, hits.length);
      const labels = analysis.candidates
        .slice(0, rows.length)
        .map((candidate) => (candidate.key === answerKey ? 1 : 0));
      queries.push({
        group: pair.documentId,
        variant: planned.variant,
        question: planned.question,
        answer,
        rows,
        labels,
        heuristicConfidence: heuristicConfidenceOf(analysis),
      });
    }
  }
  return { queries, eligiblePairs: eligible.length };
}
