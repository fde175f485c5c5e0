import type { NodeTrace } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { node, unresolvedNode } from '../test-fixtures/node-trace.js';
import { ageBound, composeAnswer, nameMargin, nameShare } from './compose-answer.js';
import { composeFallbackAnswer, type FallbackEvidence } from './compose-fallback-answer.js';

// The bounds of composition at their exact values: each test builds its input from the named
// constant (`nameShare`, `nameMargin`, `ageBound`), so it checks what "at least", "more than" and
// "under" mean, not where the bound sits.

const compose = (question: string, nodes: readonly NodeTrace[]) => composeAnswer({ question, nodes });

const fallback = (
  question: string,
  nodes: readonly NodeTrace[],
  evidence: readonly FallbackEvidence[] = [],
) => composeFallbackAnswer({ question, nodes, evidence });

/** A retrieved question–answer pair: its text is its question and answer. */
const pair = (id: string, question: string, answer: string): FallbackEvidence => ({
  id,
  text: `${question} ${answer}`,
  question,
  answer,
});

/** A node of the fallback's tests: no refs, unresolved (the fallback runs where the strict composer refused). */
/** Invented capitalised words, none a function word: `words(50, 3)` is three words from the fiftieth on. */
const heads = ['Bal', 'Cor', 'Dun', 'Fel', 'Gar', 'Hol', 'Kes', 'Lor', 'Mab', 'Nev'];
const tails = ['ba', 'den', 'fir', 'gon', 'mel', 'ric', 'ton', 'vel', 'wyn', 'zo'];
const words = (from: number, count: number): string =>
  Array.from(
    { length: count },
    (_, index) => `${heads[Math.floor((from + index) / 10)]}${tails[(from + index) % 10]}`,
  ).join(' ');

interface Naming {
  /** The words of the first and the second option. */
  readonly of: readonly [number, number];
  /** How many words of each option a text names. */
  readonly named: readonly [number, number];
}

/**
 * The smallest two options, and how many words of each a text names, for which the two shares (as
 * the composer computes them: words named / words of the option) satisfy `holds`.
 */
function naming(holds: (left: number, right: number) => boolean): Naming {
  for (let total = 2; total <= 40; total += 1) {
    for (let leftOf = 1; leftOf < total; leftOf += 1) {
      const rightOf = total - leftOf;
      for (let left = 0; left <= leftOf; left += 1) {
        for (let right = 0; right <= rightOf; right += 1) {
          if (holds(left / leftOf, right / rightOf)) return { of: [leftOf, rightOf], named: [left, right] };
        }
      }
    }
  }
  throw new Error('no two options of up to 40 words give such shares');
}

/** The fewest words of an option of which a whole number is exactly `share`: `named` of `of`. */
function wholeWords(share: number): { named: number; of: number } {
  const { of, named } = naming((left, right) => left === share && right === 0);
  return { named: named[0], of: of[0] };
}

/** The two options of a naming (words 0… and 50…) and a text naming the given number of words of each. */
function optionsOf({ of, named }: Naming): { options: [string, string]; text: string } {
  const text = [words(0, named[0]), words(50, named[1])].filter((part) => part.length > 0).join(' ');
  return { options: [words(0, of[0]), words(50, of[1])], text };
}

describe('composeAnswer: a node is about an option when it names at least nameShare of its words', () => {
  const founded = ([left, right]: readonly [string, string]) =>
    `Which was founded first, ${left} or ${right}?`;

  it('puts a node naming exactly nameShare of the first option’s words, and none of the second’s, on the first', () => {
    const { options, text } = optionsOf(naming((left, right) => left === nameShare && right === 0));
    const nodes = [
      node(0, `When was ${text} founded?`, '1901'),
      node(1, `When was ${options[1]} founded?`, '1950'),
    ];
    expect(compose(founded(options), nodes)).toEqual({
      composed: true,
      answer: options[0],
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('puts a node naming exactly nameShare of the second option’s words, and none of the first’s, on the second', () => {
    const { options, text } = optionsOf(naming((left, right) => left === 0 && right === nameShare));
    const nodes = [
      node(0, `When was ${options[0]} founded?`, '1950'),
      node(1, `When was ${text} founded?`, '1901'),
    ];
    expect(compose(founded(options), nodes)).toEqual({
      composed: true,
      answer: options[1],
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('puts a node whose share of one option is exactly nameMargin above the other’s on neither', () => {
    const first = optionsOf(naming((left, right) => left >= nameShare && right + nameMargin === left));
    const firstNodes = [
      node(0, `When was ${first.text} founded?`, '1901'),
      node(1, `When was ${first.options[1]} founded?`, '1950'),
    ];
    expect(compose(founded(first.options), firstNodes)).toEqual({ composed: false, reason: 'missing-value' });

    const second = optionsOf(naming((left, right) => right >= nameShare && left + nameMargin === right));
    const secondNodes = [
      node(0, `When was ${second.options[0]} founded?`, '1950'),
      node(1, `When was ${second.text} founded?`, '1901'),
    ];
    expect(compose(founded(second.options), secondNodes)).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });

  // A node that names one option (at least nameShare) but not clearly more than the other is about
  // neither; it names an option, so it does not take its parent's branch either (that is for a node
  // naming neither option, under nameShare of each).
  it('does not give a node naming exactly nameShare of the first option, and almost as much of the second, its parent’s branch', () => {
    const { options, text } = optionsOf(
      naming((left, right) => left === nameShare && right < nameShare && !(left > right + nameMargin)),
    );
    const nodes = [
      node(0, `Who founded ${options[0]}?`, 'Mara Quill'),
      node(1, `When was ${options[1]} founded?`, '1950'),
      node(2, `When was ${text} founded?`, '1901', [0]),
    ];
    expect(compose(founded(options), nodes)).toEqual({ composed: false, reason: 'missing-value' });
  });

  it('does not give a node naming exactly nameShare of the second option, and almost as much of the first, its parent’s branch', () => {
    const { options, text } = optionsOf(
      naming((left, right) => right === nameShare && left < nameShare && !(right > left + nameMargin)),
    );
    const nodes = [
      node(0, `When was ${options[0]} founded?`, '1950'),
      node(1, `Who founded ${options[1]}?`, 'Mara Quill'),
      node(2, `When was ${text} founded?`, '1901', [1]),
    ];
    expect(compose(founded(options), nodes)).toEqual({ composed: false, reason: 'missing-value' });
  });

  it('composes without looping over a trace whose nodes refer to one another in a cycle (no validated plan gives one)', () => {
    // The two studio nodes name neither film: each would take the branch of the other.
    const nodes = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1955'),
      node(2, 'Who founded the studio?', 'Nora Vale', [3]),
      node(3, 'Who ran the studio?', 'Ivo Brand', [2]),
    ];
    expect(compose('Which film came out first, Harbour Lights or Stone Orchard?', nodes)).toEqual({
      composed: true,
      answer: 'Harbour Lights',
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });
});

describe('composeAnswer: the values compared', () => {
  const older = 'Who was older, Mara Quill or Ivo Brand?';

  it('compares ages under ageBound years and refuses a number of ageBound or more as no age', () => {
    const ages = (left: number, right: number) => [
      node(0, 'How old was Mara Quill?', String(left)),
      node(1, 'How old was Ivo Brand?', String(right)),
    ];
    expect(compose(older, ages(ageBound - 1, 40))).toMatchObject({ composed: true, answer: 'Mara Quill' });
    expect(compose(older, ages(ageBound, 40))).toEqual({ composed: false, reason: 'incomparable' });
    expect(compose(older, ages(40, ageBound))).toEqual({ composed: false, reason: 'incomparable' });
  });

  it('refuses a date against a count as incomparable when dates are asked for, in either order', () => {
    const question = 'Which was founded first, Harbour Guild or Stone Society?';
    const date = (id: number, name: string) => node(id, `When was ${name} founded?`, '1901');
    const count = (id: number, name: string) => node(id, `How many members did ${name} have?`, '42');
    expect(compose(question, [date(0, 'Harbour Guild'), count(1, 'Stone Society')])).toEqual({
      composed: false,
      reason: 'incomparable',
    });
    expect(compose(question, [count(0, 'Harbour Guild'), date(1, 'Stone Society')])).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });

  it('refuses, as the wrong kind of answer to "who", a date followed by a full stop and a closing bracket', () => {
    for (const answer of ['12 May 1901.)', '1901.)']) {
      expect(
        compose('Who founded the Harbour Guild?', [node(0, 'Who founded the Harbour Guild?', answer)]),
      ).toEqual({
        composed: false,
        reason: 'type-mismatch',
      });
    }
  });

  it('answers a chain whose nodes all refer to one another (no validated plan gives one) with its last node', () => {
    const nodes = [
      node(0, 'Who founded the Harbour Guild?', 'Mara Quill', [2]),
      node(1, 'Who led the Harbour Guild?', 'Ivo Brand', [0]),
      node(2, 'Who named the Harbour Guild?', 'Nora Vale', [1]),
    ];
    expect(compose('Who named the Harbour Guild?', nodes)).toEqual({
      composed: true,
      answer: 'Nora Vale',
      reason: 'chain',
      usedNodeIds: [2],
    });
  });
});

describe('composeFallbackAnswer: a text names an option when it says at least nameShare of its words', () => {
  const { named, of } = wholeWords(nameShare);
  const options: [string, string] = [words(0, of), words(50, of)];
  const [first, second] = options;
  /** Exactly nameShare of each option's words. */
  const part = [words(0, named), words(50, named)] as const;
  const genus = `Which genus has red leaves, ${first} or ${second}?`;
  const asked = (answers: readonly string[]) =>
    answers.map((answer, id) => unresolvedNode(id, genus, answer));

  it('takes the latest node answer naming exactly nameShare of the first option', () => {
    expect(fallback(genus, asked([second, part[0]]))).toEqual({
      form: 'choice',
      answer: first,
      rule: 'named-by-node',
      usedNodeIds: [1],
    });
  });

  it('takes the latest node answer naming exactly nameShare of the second option', () => {
    expect(fallback(genus, asked([first, part[1]]))).toEqual({
      form: 'choice',
      answer: second,
      rule: 'named-by-node',
      usedNodeIds: [1],
    });
  });

  it('passes over an answer naming all of one option and exactly nameShare of the other: it names both', () => {
    expect(fallback(genus, asked([second, `${first} ${part[1]}`]))).toEqual({
      form: 'choice',
      answer: second,
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
    expect(fallback(genus, asked([first, `${part[0]} ${second}`]))).toEqual({
      form: 'choice',
      answer: first,
      rule: 'named-by-node',
      usedNodeIds: [0],
    });
  });

  it('reads a node that names exactly nameShare of one option and all of the other as asking the choice', () => {
    // "What links A to B?" is no comparison of its own, but it names both options: its answer decides.
    const links = (question: string) => [unresolvedNode(0, question, second)];
    for (const question of [`What links ${part[0]} to ${second}?`, `What links ${first} to ${part[1]}?`]) {
      expect(fallback(genus, links(question))).toEqual({
        form: 'choice',
        answer: second,
        rule: 'named-by-node',
        usedNodeIds: [0],
      });
    }
  });

  it('ties a retrieved pair to the branch whose subject its question names exactly nameShare of', () => {
    const directors = [words(20, of), words(30, of)] as const;
    const question = `Whose director was born first, ${first} or ${second}?`;
    const nodes = [
      unresolvedNode(0, `Who directed ${first}?`, directors[0]),
      unresolvedNode(1, `Who directed ${second}?`, directors[1]),
    ];
    const pairs: FallbackEvidence[] = [
      pair('p0', `When was ${words(20, named)} born?`, '1950'),
      pair('p1', `When was ${directors[1]} born?`, '1940'),
    ];
    expect(fallback(question, nodes, pairs)).toEqual({
      form: 'choice',
      answer: second,
      rule: 'evidence-comparison',
      usedNodeIds: [0, 1],
      evidenceIds: ['p0', 'p1'],
    });
  });

  it('does not count a yes/no node naming exactly nameShare of one subject and all of the other as about one subject', () => {
    const question = `Are ${first} and ${second} both monthlies?`;
    for (const joint of [`Is ${part[0]} older than ${second}?`, `Is ${first} older than ${part[1]}?`]) {
      const nodes = [
        unresolvedNode(0, `Is ${first} a monthly?`, 'yes'),
        unresolvedNode(1, `Is ${second} a monthly?`, 'yes'),
        unresolvedNode(2, joint, 'no'),
      ];
      expect(fallback(question, nodes)).toEqual({
        form: 'yes-no',
        answer: 'yes',
        rule: 'sub-answers',
        usedNodeIds: [0, 1],
      });
    }
  });
});
