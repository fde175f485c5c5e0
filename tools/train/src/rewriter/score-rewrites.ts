import { defaultAnswerPolicy } from '@rootweaver/innovations';
import type { TrainedRewriter } from '@rootweaver/models';
import { parseRewriteInput, type RewriteRecord, rewriteTokens } from './rewriter-examples.js';

/** Exact match of rewrites: `strict` compares the strings (white space collapsed), `tokens` ignores case and spacing. */
export interface RewriteFigures {
  readonly count: number;
  readonly strict: number;
  readonly tokens: number;
  /** Share of rewrites that contain the parent's answer. */
  readonly answerPresent: number;
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function figures(
  pairs: readonly { written: string; record: RewriteRecord; answer: string }[],
): RewriteFigures {
  let strict = 0;
  let tokens = 0;
  let present = 0;
  for (const { written, record, answer } of pairs) {
    if (collapse(written) === collapse(record.output)) strict += 1;
    if (rewriteTokens(written).join(' ') === rewriteTokens(record.output).join(' ')) tokens += 1;
    if (written.toLowerCase().includes(answer.toLowerCase())) present += 1;
  }
  const percent = (value: number): number => Math.round((1000 * value) / Math.max(1, pairs.length)) / 10;
  return {
    count: pairs.length,
    strict: percent(strict),
    tokens: percent(tokens),
    answerPresent: percent(present),
  };
}

/**
 * Rewrite exact match on a split, for the trained rewriter alone (its best phrase always replaced), the
 * rewriter with the rules where it declines (what the engine does), and the rules alone; each on all
 * records and on those whose answer occurs in no evaluation corpus (`corpus`, lower-cased; empty: all).
 */
export function scoreRewrites(
  rewriter: TrainedRewriter,
  records: readonly RewriteRecord[],
  corpus: string,
): Record<string, Record<string, RewriteFigures>> {
  const rows: { record: RewriteRecord; answer: string; alone: string; engine: string; rules: string }[] = [];
  for (const record of records) {
    const parsed = parseRewriteInput(record.input);
    if (parsed === undefined) continue;
    const parents = [{ id: 0, question: '', answer: parsed.answer }];
    const rules = defaultAnswerPolicy.ground({ question: parsed.question, parents }).text;
    const alone = rewriter.predict(parsed.question, parents, 0).text;
    const prediction = rewriter.predict(parsed.question, parents);
    const engine = prediction.steps.length > 0 ? prediction.text : rules;
    rows.push({ record, answer: parsed.answer, alone, engine, rules });
  }
  const outside = rows.filter((row) => corpus === '' || !corpus.includes(row.answer.toLowerCase()));
  const of = (subset: typeof rows, pick: (row: (typeof rows)[number]) => string): RewriteFigures =>
    figures(subset.map((row) => ({ written: pick(row), record: row.record, answer: row.answer })));
  return {
    all: {
      rewriterAlone: of(rows, (row) => row.alone),
      rewriterThenRules: of(rows, (row) => row.engine),
      rules: of(rows, (row) => row.rules),
    },
    answerInNoEvaluationCorpus: {
      rewriterAlone: of(outside, (row) => row.alone),
      rewriterThenRules: of(outside, (row) => row.engine),
      rules: of(outside, (row) => row.rules),
    },
  };
}
