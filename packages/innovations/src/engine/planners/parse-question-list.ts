import { balancedEnds, literalEnd, parseLooseLiteral, ScanBudget } from '../../plan/loose-literal.js';
import { planFromValue } from '../../plan/parse-plan.js';

/**
 * Reads a JSON array of sub-questions (the adaptive and keyterm prompts' output), tolerantly: code
 * fences, prose around it, Python literals, objects such as `{"subQuestions": [...]}` or node objects.
 * Returns `[]` for an explicit empty array (the adaptive planner's "stop") and `undefined` when
 * nothing can be read.
 */
export function parseQuestionList(text: string): string[] | undefined {
  let body = text.trim();
  const fenced = /```[\w-]*\s*\n?([\s\S]*?)```/.exec(body);
  if (fenced?.[1] !== undefined) body = fenced[1].trim();
  const whole = parseLooseLiteral(body);
  if (whole !== undefined) return questionsFrom(whole);
  const budget = new ScanBudget(body.length);
  const found = balancedEnds(body);
  for (let start = 0; start < body.length && !budget.exhausted; start += 1) {
    if (body[start] !== '[' && body[start] !== '{') continue;
    const end = literalEnd(body, start, found, budget);
    if (end === undefined || !budget.spend(end - start)) continue;
    const value = parseLooseLiteral(body.slice(start, end));
    if (value === undefined) continue;
    const questions = questionsFrom(value);
    if (questions !== undefined) return questions;
  }
  return undefined;
}

function questionsFrom(value: unknown): string[] | undefined {
  if (Array.isArray(value) && value.length === 0) return [];
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const lists = Object.values(value).filter(Array.isArray);
    if (lists.length === 1 && lists[0]?.length === 0) return [];
  }
  const result = planFromValue(value);
  if (!('plan' in result)) return undefined;
  return result.plan.nodes.map((node) => node.question);
}

/** Lower-cased, single-spaced: how repeated sub-questions are recognised. */
export function normaliseQuestion(question: string): string {
  return question.replace(/\s+/g, ' ').trim().toLowerCase();
}
