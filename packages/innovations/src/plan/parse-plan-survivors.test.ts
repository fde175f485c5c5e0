import type { Plan } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { parsePlan, planFromValue } from './parse-plan.js';
import { validatePlan } from './validate-plan.js';

// The parsed plan (or the error) for decompositions written the ways the mutation run showed untested:
// a single node object in prose, a stray quote before a long preamble, ids and placeholders past 9,
// padded keys in the flat token list, and list-like lines that are no list. Names are invented.

function planOf(result: ReturnType<typeof parsePlan>): Plan {
  if (!('plan' in result)) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

const nodesOf = (plan: Plan) => plan.nodes.map(({ id, question, refs }) => [id, question, [...refs]]);

const founder = 'Who founded Northfield Press?';
const birthplace = 'Where was #0 born?';

describe('parsePlan: a literal in prose', () => {
  it('reads a single node object written inside prose', () => {
    const plan = planOf(parsePlan(`Only one step is needed: {"question": "${founder}", "refs": []}. Done.`));
    expect(nodesOf(plan)).toEqual([[0, founder, []]]);
    expect(plan.repairs).toEqual(['ignored prose around the JSON', 'wrapped a single node object in a list']);
  });

  it('finds the plan after a stray quote and a long preamble, scanning only from brackets', () => {
    // The unclosed quote makes the one-pass bracket map unreliable, so each start is scanned alone;
    // scanning from every character of the preamble would be quadratic and exhaust the search.
    const preamble = 'Let me think about which facts are needed and how they depend on each other. '.repeat(
      6,
    );
    const text = `Reading 'Northfield Press as the publisher. ${preamble}Plan: ["${founder}", "${birthplace}"]`;
    const plan = planOf(parsePlan(text));
    expect(nodesOf(plan)).toEqual([
      [0, founder, []],
      [1, birthplace, [0]],
    ]);
    expect(plan.repairs).toEqual([
      'ignored prose around the JSON',
      'read a plain list of question strings',
      'inferred refs [0] of entry 1 from its #N placeholders',
    ]);
  });
});

describe('planFromValue: ids and placeholders past 9', () => {
  it('reads string ids of two digits and a #N placeholder naming one', () => {
    const plan = planOf(
      parsePlan(
        JSON.stringify([
          { id: 'q10', question: founder },
          { id: 'q11', question: 'Where was #10 born?' },
        ]),
      ),
    );
    expect(nodesOf(plan)).toEqual([
      [10, founder, []],
      [11, 'Where was #10 born?', [10]],
    ]);
    expect('plan' in validatePlan(plan)).toBe(true);
  });

  it.each(['id', 'index', 'idx', 'step', 'number'])(
    'keeps the ids under %s of nodes listed out of order',
    (key) => {
      const plan = planOf(
        planFromValue([
          { [key]: 2, question: 'Where was the founder born?', refs: [1] },
          { [key]: 1, question: founder },
        ]),
      );
      expect(nodesOf(plan)).toEqual([
        [1, 'Where was the founder born?', [0]],
        [0, founder, []],
      ]);
      expect(plan.repairs).toEqual(['converted 1-based ids to 0-based']);
    },
  );

  it('does not read an id written as a list, numbering by position', () => {
    const plan = planOf(
      planFromValue([
        { id: [1], question: founder },
        { id: [2], question: 'Where was the founder born?', refs: [0] },
      ]),
    );
    expect(nodesOf(plan)).toEqual([
      [0, founder, []],
      [1, 'Where was the founder born?', [0]],
    ]);
    expect(plan.repairs).toEqual(["ignored entry 0's unreadable id", "ignored entry 1's unreadable id"]);
  });

  it('reads positional refs that fit counting from 0 as they are, though they would fit from 1 too', () => {
    const plan = planOf(
      planFromValue([
        { question: founder },
        { question: 'Which city is Northfield Press based in?' },
        { question: 'What is the population of that city?', refs: [1] },
      ]),
    );
    expect(plan.nodes.map((node) => [...node.refs])).toEqual([[], [], [1]]);
    expect(plan.repairs).toEqual([]);
  });
});

describe('planFromValue: the flat token list with padded tokens', () => {
  it('reads a token list whose every key and ref word is padded with spaces', () => {
    const plan = planOf(
      planFromValue([
        ' index ',
        '0',
        ' q ',
        founder,
        ' ref ',
        ' None ',
        ' index ',
        '1',
        ' q ',
        'Where was the founder born?',
        ' ref ',
        ' 0 ',
      ]),
    );
    expect(nodesOf(plan)).toEqual([
      [0, founder, []],
      [1, 'Where was the founder born?', [0]],
    ]);
    expect(plan.repairs).toEqual(['rebuilt nodes from a flat key/value token list']);
  });

  it('takes a question key followed by a padded key as having no question', () => {
    const plan = planOf(
      planFromValue(['index', '0', 'q', founder, 'ref', 'None', 'index', '1', 'q', ' ref ', 'None']),
    );
    expect(nodesOf(plan)).toEqual([[0, founder, []]]);
    expect(plan.repairs).toEqual([
      'rebuilt nodes from a flat key/value token list',
      'dropped 1 key token(s) with no value',
    ]);
  });
});

describe('parsePlan: what is no numbered list', () => {
  it('reads no list item from a dash in the middle of a sentence', () => {
    const text = 'The answer depends on the founder of Northfield Press - who was it?';
    expect(parsePlan(text)).toEqual({
      error: `No decomposition could be read from the model output: ${text}`,
    });
  });

  it('reads no list item from numbered notes that quote a question mid-line', () => {
    const text = `1. The question "${founder}" needs one lookup.\n2. No further step is needed.`;
    expect(parsePlan(text)).toEqual({
      error: `No decomposition could be read from the model output: ${text.replace('\n', ' ')}`,
    });
  });

  it('reads the items numbered 10 and beyond', () => {
    const wards = [
      'North',
      'South',
      'East',
      'West',
      'Mill',
      'River',
      'Church',
      'Market',
      'Harbour',
      'Castle',
    ];
    const question = (ward: string) => `How many people live in the ${ward} ward of Northfield?`;
    const text = wards.map((ward, index) => `${index + 1}. ${question(ward)}`).join('\n');
    const plan = planOf(parsePlan(text));
    expect(plan.nodes.map((node) => node.question)).toEqual(wards.map(question));
  });
});
