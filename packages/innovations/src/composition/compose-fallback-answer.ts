import type { NodeTrace } from '@rootweaver/core';
import { contentTokens, wordTokens } from '../extraction/text.js';
import {
  assignBranches,
  composeComparison,
  composeYesNo,
  isAggregateNode,
  nameShare,
} from './compose-answer.js';
import { type ChoiceForm, type ComparisonForm, classifyQuestion, type YesNoForm } from './question-form.js';

/** A retrieved text the fallback may read (a context-pool item: its title, text and passage). */
export interface FallbackEvidence {
  readonly id: string;
  readonly text: string;
  /** The item's question and answer when it is a question–answer pair. */
  readonly question?: string;
  readonly answer?: string;
}

export interface ComposeFallbackAnswerOptions {
  readonly question: string;
  readonly nodes: readonly NodeTrace[];
  /** Retrieved texts: their question–answer pairs about each option give a comparison its values. */
  readonly evidence?: readonly FallbackEvidence[];
}

/** Which rule gave a fallback answer (the trace says it). */
export type FallbackRule =
  | 'relaxed-comparison'
  | 'evidence-comparison'
  | 'named-by-node'
  | 'first-option'
  | 'sub-answers'
  | 'relaxed-equality'
  | 'node-yes-no'
  | 'default-no';

export interface FallbackAnswer {
  /** The question's form the answer keeps: one of two named options, or yes/no. */
  readonly form: 'choice' | 'yes-no';
  readonly answer: string;
  readonly rule: FallbackRule;
  readonly usedNodeIds: readonly number[];
  /** Retrieved items the answer rests on directly, not through a node (`evidence-comparison`). */
  readonly evidenceIds?: readonly string[];
}

const yesNoAnswer = /^(?:yes|no)$/i;
const yesNoQuestion = /^\s*(?:is|are|was|were|do|does|did|has|have|had|can|could)\b/i;
const jointWords = /\b(?:both|same|each|either|neither|all)\b/i;

/** The share of an option's words a text contains (its content words; all its words when it has none). */
function mentionShare(text: string, option: string): number {
  const content = [...new Set(contentTokens(option))];
  const wanted = content.length > 0 ? content : [...new Set(wordTokens(option))];
  if (wanted.length === 0) return 0;
  const tokens = new Set(wordTokens(text));
  return wanted.filter((token) => tokens.has(token)).length / wanted.length;
}

/** The option a text names on its own: at least `nameShare` of one option's words and less of the other's. */
function namedOption(text: string, options: readonly [string, string]): 0 | 1 | undefined {
  const left = mentionShare(text, options[0]);
  const right = mentionShare(text, options[1]);
  if (left >= nameShare && right < nameShare) return 0;
  if (right >= nameShare && left < nameShare) return 1;
  return undefined;
}

/**
 * Retrieved question–answer pairs about a branch's subject, as extra nodes: a pair whose question
 * names one option, or the answer of nodes on one option's branch ("When was Ivo Brand born?" after
 * "Who directed Harbour Lights?" → "Ivo Brand"), joins that branch. The extra nodes come before the
 * real ones, so that a branch's own node value is still preferred where it has one.
 */
function evidenceNodes(
  options: readonly [string, string],
  nodes: readonly NodeTrace[],
  evidence: readonly FallbackEvidence[],
): NodeTrace[] {
  const branches = assignBranches(nodes, options);
  // A subject is a name: an answer of function words only ("", "yes", "no", "she") names no one.
  const subjects = nodes.flatMap((node) => {
    const branch = branches.get(node.id);
    if (branch === undefined || isAggregateNode(node) || contentTokens(node.answer).length === 0) return [];
    return [{ id: node.id, branch, name: node.answer }];
  });
  const firstId = Math.min(0, ...nodes.map((node) => node.id)) - evidence.length - 1;
  const extra: NodeTrace[] = [];
  for (const [index, { id, question, answer }] of evidence.entries()) {
    if (question === undefined || answer === undefined) continue;
    const named = namedOption(question, options);
    const refs = subjects.filter((subject) => mentionShare(question, subject.name) >= nameShare);
    const refBranches = new Set(refs.map((subject) => subject.branch));
    if (named === undefined && refBranches.size !== 1) continue;
    if (named !== undefined && refBranches.size > 0 && !refBranches.has(named)) continue;
    extra.push({
      id: firstId + index,
      question,
      groundedQuestion: question,
      groundingMethod: 'none',
      refs: named === undefined ? refs.map((subject) => subject.id) : [],
      answer,
      confidence: 0,
      resolved: false,
      evidenceIds: [id],
    });
  }
  return extra;
}

/**
 * A choice between two named options always gets one of them, as written in the question, by the
 * first rule that decides: (1) the typed comparison (dates, numbers — "700" against "two") with node
 * values below the confidence threshold accepted, then with the retrieved question–answer pairs
 * about each branch's subjects added (`evidenceNodes`) where a branch lacks a value; (2) the latest node that asked the choice itself
 * and whose answer names exactly one option; (3) the first option. (An option whose retrieved texts
 * share the question's rarest words was rule 3 until 2026-12-05: ADR-0020's last revision.)
 */
function fallbackChoice(
  form: ComparisonForm | ChoiceForm,
  nodes: readonly NodeTrace[],
  evidence: readonly FallbackEvidence[],
): FallbackAnswer {
  const { options } = form;
  if (form.kind === 'comparison') {
    const compared = composeComparison(form, nodes, { relaxConfidence: true });
    if (compared.composed) {
      return {
        form: 'choice',
        answer: compared.answer,
        rule: 'relaxed-comparison',
        usedNodeIds: compared.usedNodeIds,
      };
    }
    const extra = evidenceNodes(options, nodes, evidence);
    if (extra.length > 0) {
      const fromEvidence = composeComparison(form, [...extra, ...nodes], { relaxConfidence: true });
      if (fromEvidence.composed) {
        const real = new Set(nodes.map((node) => node.id));
        const used = extra.filter((node) => fromEvidence.usedNodeIds.includes(node.id));
        return {
          form: 'choice',
          answer: fromEvidence.answer,
          rule: 'evidence-comparison',
          // The nodes compared, and those whose answers tied a pair to its branch.
          usedNodeIds: [
            ...new Set([
              ...fromEvidence.usedNodeIds.filter((id) => real.has(id)),
              ...used.flatMap((node) => node.refs),
            ]),
          ],
          evidenceIds: used.flatMap((node) => node.evidenceIds),
        };
      }
    }
  }
  for (const node of [...nodes].reverse()) {
    const asksChoice =
      isAggregateNode(node) ||
      (mentionShare(node.question, options[0]) >= nameShare &&
        mentionShare(node.question, options[1]) >= nameShare);
    if (!asksChoice) continue;
    const named = namedOption(node.answer, options);
    if (named !== undefined) {
      return { form: 'choice', answer: options[named], rule: 'named-by-node', usedNodeIds: [node.id] };
    }
  }
  return { form: 'choice', answer: options[0], rule: 'first-option', usedNodeIds: [] };
}

/** An option's trailing gloss is no part of its name: 'Mira Holt ("Harbour Street")' → "Mira Holt". */
function withoutGloss(option: string): string {
  const name = option.replace(/\s*\([^()]*\)$/, '').trim();
  return name.length > 0 ? name : option;
}

/**
 * Yes/no answers of nodes that ask about one subject ("Is A a monthly?"), the latest per subject
 * (per branch when the question names its subjects).
 */
function subjectAnswers(form: YesNoForm, nodes: readonly NodeTrace[]): NodeTrace[] {
  const asked = nodes.filter(
    (node) =>
      yesNoAnswer.test(node.answer.trim()) &&
      yesNoQuestion.test(node.question) &&
      !jointWords.test(node.question) &&
      (form.options === undefined ||
        !(
          mentionShare(node.groundedQuestion, form.options[0]) >= nameShare &&
          mentionShare(node.groundedQuestion, form.options[1]) >= nameShare
        )),
  );
  if (form.options === undefined) return asked;
  const branches = assignBranches(nodes, form.options);
  const latest = new Map<0 | 1, NodeTrace>();
  for (const node of asked) {
    const branch = branches.get(node.id);
    if (branch !== undefined) latest.set(branch, node);
  }
  return [...latest.values()];
}

/**
 * A yes/no question is answered "yes" or "no", by the first rule that decides:
 * (1) the nodes' one-subject yes/no answers taken together — any "no" makes it "no" (one no is
 * enough for "Are both …?"), all "yes" over every subject makes it "yes"; for a "same …?" question
 * only a mix decides (two noes do not say the values differ); (2) equality of the two branches'
 * values with values below the confidence threshold accepted (for a "same …" question also on
 * attribute `other`); (3) the latest node that answered yes or no itself; (4) "no": nothing
 * supports the affirmative.
 */
function fallbackYesNo(question: string, form: YesNoForm, nodes: readonly NodeTrace[]): FallbackAnswer {
  const sameQuestion = /\bsame\b/i.test(question);
  const subjects = subjectAnswers(form, nodes);
  const said = subjects.map((node) => node.answer.trim().toLowerCase());
  const covered = form.options === undefined ? subjects.length >= 2 : subjects.length === 2;
  const ids = subjects.map((node) => node.id);
  if (said.includes('no') && !sameQuestion) {
    return { form: 'yes-no', answer: 'no', rule: 'sub-answers', usedNodeIds: ids };
  }
  if (covered && said.includes('no') && said.includes('yes')) {
    return { form: 'yes-no', answer: 'no', rule: 'sub-answers', usedNodeIds: ids };
  }
  if (covered && said.every((answer) => answer === 'yes')) {
    return { form: 'yes-no', answer: 'yes', rule: 'sub-answers', usedNodeIds: ids };
  }
  const equal = composeYesNo(form, nodes, { relaxConfidence: true, compareOtherAttribute: sameQuestion });
  if (equal.composed) {
    return { form: 'yes-no', answer: equal.answer, rule: 'relaxed-equality', usedNodeIds: equal.usedNodeIds };
  }
  const direct = [...nodes].reverse().find((node) => yesNoAnswer.test(node.answer.trim()));
  if (direct !== undefined) {
    return {
      form: 'yes-no',
      answer: direct.answer.trim().toLowerCase(),
      rule: 'node-yes-no',
      usedNodeIds: [direct.id],
    };
  }
  return { form: 'yes-no', answer: 'no', rule: 'default-no', usedNodeIds: [] };
}

/**
 * The answer when no synthesis call can be made (no model, no budget, `synthesis: 'extractive'`) and
 * `composeAnswer` refused: it keeps the question's form. A choice or comparison between two named
 * options answers one of them as written; a yes/no question answers "yes" or "no". Any other form
 * (a chain, "what do A and B have in common") gives `undefined`: the caller keeps its best span.
 */
export function composeFallbackAnswer(options: ComposeFallbackAnswerOptions): FallbackAnswer | undefined {
  const form = classifyQuestion(options.question);
  if (form.kind === 'comparison' || form.kind === 'choice') {
    // An option's trailing gloss ('Mira Holt ("Harbour Street")') is neither matched nor answered.
    const named: readonly [string, string] = [withoutGloss(form.options[0]), withoutGloss(form.options[1])];
    return fallbackChoice({ ...form, options: named }, options.nodes, options.evidence ?? []);
  }
  if (form.kind === 'yes-no') return fallbackYesNo(options.question, form, options.nodes);
  return undefined;
}
