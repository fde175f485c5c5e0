import type { Plan } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { asPythonLiteral, malformedPlanRaws } from './fixtures/malformed-plan-raw.js';
import { parsePlan, planFromValue, readRefs } from './parse-plan.js';

function planOf(text: string): Plan {
  const result = parsePlan(text);
  if (!('plan' in result)) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

const shape = (plan: Plan) => plan.nodes.map(({ id, question, refs }) => ({ id, question, refs: [...refs] }));

describe('parsePlan: clean and wrapped JSON', () => {
  const expected = [
    { id: 0, question: 'Who directed Inception?', refs: [] },
    { id: 1, question: 'What university did [director] attend?', refs: [0] },
  ];
  const json =
    '{"subQuestions":[{"id":0,"question":"Who directed Inception?","refs":[]},{"id":1,"question":"What university did [director] attend?","refs":[0]}]}';

  it('reads the compact-v1 object without repairs', () => {
    const plan = planOf(json);
    expect(shape(plan)).toEqual(expected);
    expect(plan.repairs).toEqual([]);
    expect(plan.source).toBe('llm');
  });

  it('reads it inside a code fence with prose around', () => {
    const plan = planOf(`Sure! Here is the plan:\n\`\`\`json\n${json}\n\`\`\`\nHope this helps.`);
    expect(shape(plan)).toEqual(expected);
    expect(plan.repairs).toContain('removed a code fence');
  });

  it('reads it after prose with no fence', () => {
    const plan = planOf(`The decomposition is ${json} as requested.`);
    expect(shape(plan)).toEqual(expected);
    expect(plan.repairs).toContain('ignored prose around the JSON');
  });

  it('skips a bracketed phrase in the prose that is not the plan', () => {
    const plan = planOf(`I used [my best judgement] here: ${json}`);
    expect(shape(plan)).toEqual(expected);
  });

  it('reads a bare array with index / q / ref keys and "None" refs', () => {
    const plan = planOf(
      '[{"index": 0, "q": "Who directed Inception?", "ref": "None"}, {"index": 1, "q": "What university did [director] attend?", "ref": "0"}]',
    );
    expect(shape(plan)).toEqual(expected);
  });

  it('reads sub_question / depends_on keys with refs as number, null and "1,2"', () => {
    const plan = planOf(
      JSON.stringify([
        { id: 0, sub_question: 'Who directed A?', depends_on: null },
        { id: 1, sub_question: 'Who directed B?', depends_on: [] },
        { id: 2, sub_question: 'When was [director A] born?', depends_on: 0 },
        { id: 3, sub_question: 'Who is older, #0 or #1?', depends_on: '0,1' },
      ]),
    );
    expect(plan.nodes.map((node) => node.refs)).toEqual([[], [], [0], [0, 1]]);
  });

  it('shifts 1-based ids and their refs to 0-based', () => {
    const plan = planOf(
      '[{"id":1,"question":"Who directed Inception?","refs":[]},{"id":2,"question":"What university did #1 attend?","refs":[1]}]',
    );
    expect(shape(plan)).toEqual([
      { id: 0, question: 'Who directed Inception?', refs: [] },
      { id: 1, question: 'What university did #1 attend?', refs: [0] },
    ]);
    expect(plan.repairs).toContain('converted 1-based ids to 0-based');
  });

  it('keeps 0-based ids when a ref names 0', () => {
    const plan = planOf('[{"id":1,"question":"A?","refs":[]},{"id":2,"question":"B?","refs":[0]}]');
    expect(plan.nodes.map((node) => node.id)).toEqual([1, 2]);
  });

  it('reads positional 1-based refs when ids are missing', () => {
    const plan = planOf('[{"q":"A?","ref":"None"},{"q":"B [a]?","ref":"1"},{"q":"C [b]?","ref":"2"}]');
    expect(plan.nodes.map((node) => node.refs)).toEqual([[], [0], [1]]);
    expect(plan.repairs).toContain('converted 1-based ids to 0-based');
  });

  it('reads a Python literal with single quotes and None', () => {
    const plan = planOf(
      "[{'index': 0, 'q': 'Who is X?', 'ref': None}, {'index': 1, 'q': \"Where was [X's] born?\", 'ref': [0]}]",
    );
    expect(shape(plan)).toEqual([
      { id: 0, question: 'Who is X?', refs: [] },
      { id: 1, question: "Where was [X's] born?", refs: [0] },
    ]);
    expect(plan.repairs).toContain('read a non-JSON (Python-style) literal');
  });

  it('reads a plain array of strings, inferring refs from #N placeholders', () => {
    const plan = planOf('["Who directed Inception?", "What university did #0 attend?"]');
    expect(plan.nodes.map((node) => node.refs)).toEqual([[], [0]]);
    expect(plan.repairs.some((repair) => repair.startsWith('inferred refs'))).toBe(true);
  });

  it('reads a numbered list when there is no JSON at all', () => {
    const plan = planOf('1. Who directed Inception?\n2. What university did [director] attend?');
    expect(plan.nodes.map((node) => node.question)).toEqual([
      'Who directed Inception?',
      'What university did [director] attend?',
    ]);
    expect(plan.repairs).toContain('read a numbered list instead of JSON');
  });

  it('tolerates trailing commas', () => {
    const plan = planOf('{"subQuestions":[{"id":0,"question":"A?","refs":[],},],}');
    expect(plan.nodes).toHaveLength(1);
  });
});

describe('parsePlan: the malformed planRaw records of the reference run', () => {
  for (const record of malformedPlanRaws) {
    it(`repairs ${record.id} (decoded token list)`, () => {
      const result = planFromValue(record.planRaw);
      if (!('plan' in result)) throw new Error(result.error);
      expect(result.plan.nodes.map(({ question, refs }) => ({ question, refs: [...refs] }))).toEqual(
        record.expected,
      );
      expect(result.plan.nodes.map((node) => node.id)).toEqual(record.expected.map((_node, index) => index));
      expect(result.plan.repairs).toContain('rebuilt nodes from a flat key/value token list');
    });

    it(`repairs ${record.id} (as the model printed it, a Python list)`, () => {
      const plan = planOf(asPythonLiteral(record.planRaw));
      expect(plan.nodes.map(({ question, refs }) => ({ question, refs: [...refs] }))).toEqual(
        record.expected,
      );
    });

    it(`repairs ${record.id} (as a JSON array in prose)`, () => {
      const plan = planOf(`Here you go:\n${JSON.stringify(record.planRaw)}`);
      expect(plan.nodes).toHaveLength(record.expected.length);
    });
  }

  it('records the dropped repeated questions and dangling keys', () => {
    const [, wmop] = malformedPlanRaws;
    if (wmop === undefined) throw new Error('fixture missing');
    const result = planFromValue(wmop.planRaw);
    if (!('plan' in result)) throw new Error(result.error);
    expect(result.plan.repairs).toContain('dropped 3 stray token(s) outside any key (repeated questions)');
    expect(result.plan.repairs).toContain('dropped 1 key token(s) with no value');
  });
});

describe('parsePlan: what cannot be repaired', () => {
  it.each([
    ['empty text', '   '],
    ['prose only', 'I cannot decompose this question.'],
    ['an empty list', '[]'],
    ['an object with no list', '{"answer": "Paris"}'],
    ['unbalanced JSON', '[{"question": "A?", "refs": [0]'],
    ['a list of numbers', '[1, 2, 3]'],
  ])('reports an error for %s', (_name, text) => {
    const result = parsePlan(text);
    expect('error' in result).toBe(true);
  });

  it('says what it saw', () => {
    const result = parsePlan('No idea.');
    expect(result).toEqual({ error: 'No decomposition could be read from the model output: No idea.' });
  });
});

describe('readRefs', () => {
  it.each([
    [null, []],
    ['None', []],
    ['', []],
    ['0', [0]],
    ['1,2', [1, 2]],
    ['#1 and #2', [1, 2]],
    [3, [3]],
    [
      [0, '2'],
      [0, 2],
    ],
  ] as const)('reads %j as %j', (value, expected) => {
    expect(readRefs(value, [], 0)).toEqual(expected);
  });
});
