import type { Plan } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { maxPlanChars, maxSubQuestionChars, parsePlan, planFromValue, readRefs } from './parse-plan.js';
import { validatePlan } from './validate-plan.js';

// What a caller of parsePlan / planFromValue sees for each way a model writes a decomposition: the
// nodes (id, question, refs) and the repairs recorded, or the error. Names are invented.

function planOf(text: string): Plan {
  const result = parsePlan(text);
  if (!('plan' in result)) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

function planOfValue(value: unknown): Plan {
  const result = planFromValue(value);
  if (!('plan' in result)) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

const nodesOf = (plan: Plan) => plan.nodes.map(({ id, question, refs }) => [id, question, [...refs]]);

const zorblat = 'Who founded Zorblat Mills?';
const quillon = 'Where was [founder] born?';

describe('parsePlan: the size cap and empty text', () => {
  it('reads a plan of exactly the cap and rejects one character more, saying how long it was', () => {
    const json = JSON.stringify([zorblat]);
    const atCap = json.padEnd(maxPlanChars, ' ');
    expect(nodesOf(planOf(atCap))).toEqual([[0, zorblat, []]]);
    expect(parsePlan(`${atCap} `)).toEqual({
      error: `The decomposition is ${maxPlanChars + 1} characters long; the cap is ${maxPlanChars}.`,
    });
  });

  it.each(['', '   ', ' \n\t '])('says %j is empty', (text) => {
    expect(parsePlan(text)).toEqual({ error: 'The decomposition is empty.' });
  });
});

describe('parsePlan: code fences', () => {
  const json = JSON.stringify([zorblat, quillon]);
  const expected = [
    [0, zorblat, []],
    [1, quillon, []],
  ];

  it.each([
    ['a json fence', `\`\`\`json\n${json}\n\`\`\``],
    ['a fence with no language', `\`\`\`\n${json}\n\`\`\``],
    ['a fence with a hyphenated language', `\`\`\`json-lines\n${json}\n\`\`\``],
    ['a fence on one line', `\`\`\`${json}\`\`\``],
    ['a fence with a language on one line', `\`\`\`json ${json}\`\`\``],
    ['a fence with spaces after the language', `\`\`\`python   \n${json}\n\`\`\``],
    ['a fence with prose before and after', `Here it is:\n\`\`\`json\n${json}\n\`\`\`\nDone.`],
  ])('reads the plan inside %s', (_name, text) => {
    const plan = planOf(text);
    expect(nodesOf(plan)).toEqual(expected);
    expect(plan.repairs).toEqual(['removed a code fence', 'read a plain list of question strings']);
  });

  it('reads the first of two fences', () => {
    const plan = planOf(`\`\`\`json\n${json}\n\`\`\`\nor\n\`\`\`json\n["What is Quibble Lake?"]\n\`\`\``);
    expect(nodesOf(plan)).toEqual(expected);
  });

  it('records a Python literal inside a fence', () => {
    const plan = planOf("```python\n['Who founded Zorblat Mills?']\n```");
    expect(plan.repairs).toEqual([
      'removed a code fence',
      'read a non-JSON (Python-style) literal',
      'read a plain list of question strings',
    ]);
  });

  it('records prose inside a fence and a numbered list inside a fence', () => {
    expect(planOf(`\`\`\`\nThe plan: ${json} (two steps)\n\`\`\``).repairs).toEqual([
      'removed a code fence',
      'ignored prose around the JSON',
      'read a plain list of question strings',
    ]);
    const listed = planOf(`\`\`\`\n1. ${zorblat}\n2. ${quillon}\n\`\`\``);
    expect(nodesOf(listed)).toEqual(expected);
    expect(listed.repairs).toEqual([
      'removed a code fence',
      'read a numbered list instead of JSON',
      'read a plain list of question strings',
    ]);
  });
});

describe('parsePlan: a whole-text literal', () => {
  it('reads strict JSON with no repair and a Python literal with one', () => {
    expect(planOf(`  [{"q": "${zorblat}"}]  `).repairs).toEqual([]);
    expect(planOf(`[{'q': '${zorblat}', 'ref': None}]`).repairs).toEqual([
      'read a non-JSON (Python-style) literal',
    ]);
  });

  it('reads a lone string or number as no decomposition at all', () => {
    expect(parsePlan('"Who founded Zorblat Mills?"')).toEqual({
      error: 'No decomposition could be read from the model output: "Who founded Zorblat Mills?"',
    });
    expect(parsePlan('42')).toEqual({ error: 'No decomposition could be read from the model output: 42' });
  });

  it('says a bare null is not a list', () => {
    expect(parsePlan('null')).toEqual({ error: 'The decomposition is not a list of sub-questions.' });
  });

  it('says what is wrong with a whole-text object or list', () => {
    expect(parsePlan('{}')).toEqual({ error: 'The decomposition object holds no list of sub-questions.' });
    expect(parsePlan('{"verdict": "unknown"}')).toEqual({
      error: 'The decomposition object holds no list of sub-questions.',
    });
    expect(parsePlan('[]')).toEqual({ error: 'The decomposition lists no sub-questions.' });
    expect(parsePlan('["?", "..."]')).toEqual({ error: 'The decomposition lists no sub-questions.' });
  });
});

describe('parsePlan: a literal inside prose', () => {
  it('skips earlier bracketed literals that are no plan and reads the first that is', () => {
    const plan = planOf(
      `Steps [1, 2] and {"n": 3} and [null] give ["${zorblat}"] and ["What is Quibble Lake?"]`,
    );
    expect(nodesOf(plan)).toEqual([[0, zorblat, []]]);
    expect(plan.repairs).toEqual(['ignored prose around the JSON', 'read a plain list of question strings']);
  });

  it('reads an object literal in prose', () => {
    const plan = planOf(`Plan: {"steps": [{"id": 0, "q": "${zorblat}"}]} — that is all.`);
    expect(nodesOf(plan)).toEqual([[0, zorblat, []]]);
    expect(plan.repairs).toEqual(['ignored prose around the JSON']);
  });

  it('records a Python literal in prose', () => {
    const plan = planOf(`Plan: [{'q': '${zorblat}'}] ok`);
    expect(plan.repairs).toEqual(['ignored prose around the JSON', 'read a non-JSON (Python-style) literal']);
  });

  it('reads a literal that ends the text', () => {
    expect(nodesOf(planOf(`Plan: ["${zorblat}"]`))).toEqual([[0, zorblat, []]]);
  });

  it('reads a literal after an unbalanced bracket', () => {
    expect(nodesOf(planOf(`Plan [draft: ["${zorblat}"]`))).toEqual([[0, zorblat, []]]);
  });

  it('reads a literal after a pile of unclosed brackets', () => {
    expect(nodesOf(planOf(`${'['.repeat(3_000)} ["${zorblat}"]`))).toEqual([[0, zorblat, []]]);
  });

  it('stops searching after deeply nested junk instead of scanning it again from every bracket', () => {
    // Each of the 3,000 nested starts would scan to its end: ~9 million characters for a 6,000-character text.
    const text = `${'['.repeat(3_000)}${']'.repeat(3_000)} ["${zorblat}"]`;
    expect(parsePlan(text)).toEqual({
      error: `No decomposition could be read from the model output: ${text.slice(0, 157)}...`,
    });
  });
});

describe('parsePlan: numbered and bulleted lists', () => {
  it('reads every list marker a model uses and skips lines that are no question', () => {
    const text = [
      'Plan:',
      '  1) Who founded Zorblat Mills?  ',
      '2: Where was [founder] born?',
      '3. When did Zorblat Mills close?',
      '- What river runs past [town]?',
      '* Which county is [town] in?',
      '• Who governs [county]?',
      'Q7 Who owns Quibble Lake?',
      'q8: How deep is Quibble Lake?',
      'Q9) How old is Quibble Lake?',
      'Q10. Who named Quibble Lake?',
      '11.No space after the marker?',
      '12. no question mark',
      'A plain sentence?',
      '13.  ',
    ].join('\n');
    const plan = planOf(text);
    expect(plan.nodes.map((node) => node.question)).toEqual([
      'Who founded Zorblat Mills?',
      'Where was [founder] born?',
      'When did Zorblat Mills close?',
      'What river runs past [town]?',
      'Which county is [town] in?',
      'Who governs [county]?',
      'Who owns Quibble Lake?',
      'How deep is Quibble Lake?',
      'How old is Quibble Lake?',
      'Who named Quibble Lake?',
    ]);
    expect(plan.nodes.map((node) => node.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(plan.repairs).toEqual([
      'read a numbered list instead of JSON',
      'read a plain list of question strings',
    ]);
  });

  it('infers refs from #N placeholders in a numbered list', () => {
    const plan = planOf(`1. ${zorblat}\n2. Where was #0 born?`);
    expect(nodesOf(plan)).toEqual([
      [0, zorblat, []],
      [1, 'Where was #0 born?', [0]],
    ]);
  });

  it('reports prose with no list, and with only unusable list lines', () => {
    expect(parsePlan('1. ...?')).toEqual({ error: 'The decomposition lists no sub-questions.' });
    expect(parsePlan('Nothing to split here.')).toEqual({
      error: 'No decomposition could be read from the model output: Nothing to split here.',
    });
  });
});

describe('parsePlan: the error preview', () => {
  it('flattens white space and shows 160 characters whole, cutting longer text at 157', () => {
    const words = (count: number) => 'w'.repeat(count);
    expect(parsePlan(`  ${words(4)}\n\n\t${words(5)}  `)).toEqual({
      error: 'No decomposition could be read from the model output: wwww wwwww',
    });
    expect(parsePlan(words(160))).toEqual({
      error: `No decomposition could be read from the model output: ${words(160)}`,
    });
    expect(parsePlan(words(161))).toEqual({
      error: `No decomposition could be read from the model output: ${words(157)}...`,
    });
  });
});

describe('planFromValue: where the list is', () => {
  it.each([
    'subQuestions',
    'sub_questions',
    'subquestions',
    'questions',
    'plan',
    'steps',
    'nodes',
    'decomposition',
    'sub_queries',
    'subQueries',
  ])('reads the list under %s', (key) => {
    const plan = planOfValue({ note: 'x', [key]: [zorblat] });
    expect(nodesOf(plan)).toEqual([[0, zorblat, []]]);
    expect(plan.repairs).toEqual(['read a plain list of question strings']);
  });

  it('prefers the first known key that holds a list', () => {
    expect(nodesOf(planOfValue({ plan: 'see below', steps: [zorblat], nodes: [quillon] }))).toEqual([
      [0, zorblat, []],
    ]);
  });

  it.each(['question', 'q', 'sub_question', 'subQuestion', 'sub_query', 'subQuery', 'query', 'text'])(
    'wraps a single node object keyed %s in a list, and reads the key in a list entry',
    (key) => {
      const single = planOfValue({ [key]: zorblat });
      expect(nodesOf(single)).toEqual([[0, zorblat, []]]);
      expect(single.repairs).toEqual(['wrapped a single node object in a list']);
      const listed = planOfValue([{ [key]: zorblat }, { [key]: quillon, refs: [0] }]);
      expect(nodesOf(listed)).toEqual([
        [0, zorblat, []],
        [1, quillon, [0]],
      ]);
      expect(listed.repairs).toEqual([]);
    },
  );

  it('says what is wrong when there is no list', () => {
    expect(planFromValue({ question: 5 })).toEqual({
      error: 'The decomposition object holds no list of sub-questions.',
    });
    expect(planFromValue({ steps: 'first this, then that' })).toEqual({
      error: 'The decomposition object holds no list of sub-questions.',
    });
    expect(planFromValue('Who founded Zorblat Mills?')).toEqual({
      error: 'The decomposition is not a list of sub-questions.',
    });
    expect(planFromValue(undefined)).toEqual({ error: 'The decomposition is not a list of sub-questions.' });
    expect(planFromValue([])).toEqual({ error: 'The decomposition lists no sub-questions.' });
    expect(planFromValue({ steps: [] })).toEqual({ error: 'The decomposition lists no sub-questions.' });
  });

  it('records the source and keeps the repairs it was given', () => {
    const plan = planOfValue({ steps: [zorblat] });
    expect(plan.source).toBe('llm');
    const given = planFromValue([{ q: zorblat }], { source: 'rules', repairs: ['earlier repair'] });
    expect(given).toEqual({
      plan: { nodes: [{ id: 0, question: zorblat, refs: [] }], source: 'rules', repairs: ['earlier repair'] },
    });
    expect(parsePlan(`["${zorblat}"]`, { source: 'fallback' })).toMatchObject({
      plan: { source: 'fallback' },
    });
  });
});

describe('planFromValue: entries', () => {
  it('reads bare strings among objects and drops what is not a node, saying which entry', () => {
    const plan = planOfValue([
      zorblat,
      5,
      { q: quillon },
      { answer: 'x' },
      null,
      [quillon],
      { q: 7, text: 'What is Quibble Lake?' },
    ]);
    expect(nodesOf(plan)).toEqual([
      [0, zorblat, []],
      [1, quillon, []],
      [2, 'What is Quibble Lake?', []],
    ]);
    expect(plan.repairs).toEqual([
      'read entry 0 as a bare question string',
      'dropped entry 1: not an object',
      'dropped entry 3: no question',
      'dropped entry 4: not an object',
      'dropped entry 5: not an object',
    ]);
  });

  it('drops questions over the cap (after trimming) and questions with no word, saying why', () => {
    const long = 'x'.repeat(maxSubQuestionChars - 1).concat('?');
    const plan = planOfValue([
      { q: zorblat },
      { q: `  ${long}  ` },
      { q: `${long}!` },
      { q: '?' },
      { q: '   ' },
      { q: '' },
      { q: '42?' },
      { q: 'Où est Ébène?' },
    ]);
    expect(nodesOf(plan)).toEqual([
      [0, zorblat, []],
      [1, long, []],
      [2, '42?', []],
      [3, 'Où est Ébène?', []],
    ]);
    expect(plan.repairs).toEqual([
      `dropped entry 2: ${maxSubQuestionChars + 1} characters, over the cap of ${maxSubQuestionChars}`,
      'dropped entry 3: no word in the question',
      'dropped entry 4: empty question',
      'dropped entry 5: empty question',
    ]);
  });

  it('says so when no entry is left', () => {
    expect(planFromValue([{ q: '?' }, 3])).toEqual({ error: 'The decomposition lists no sub-questions.' });
  });
});

describe('planFromValue: ids', () => {
  it.each(['id', 'index', 'idx', 'step', 'number'])('reads 1-based ids under %s and shifts them', (key) => {
    const plan = planOfValue([
      { [key]: 1, q: zorblat },
      { [key]: 2, q: quillon, refs: [1] },
    ]);
    expect(nodesOf(plan)).toEqual([
      [0, zorblat, []],
      [1, quillon, [0]],
    ]);
    expect(plan.repairs).toEqual(['converted 1-based ids to 0-based']);
  });

  it('reads ids written as strings: "#2", " q3 ", "Step 4", "node5", "# Q 6"', () => {
    const plan = planOfValue([
      { id: '#2', q: 'A?' },
      { id: ' q3 ', q: 'B?' },
      { id: 'Step 4', q: 'C?' },
      { id: 'node5', q: 'D?' },
      { id: '# Q 6', q: 'E?' },
    ]);
    expect(plan.nodes.map((node) => node.id)).toEqual([2, 3, 4, 5, 6]);
    expect(plan.repairs).toEqual([]);
  });

  it('keeps ids that start above 1 as they are', () => {
    expect(
      nodesOf(
        planOfValue([
          { id: 2, q: 'A?' },
          { id: 3, q: 'B?', refs: [2] },
        ]),
      ),
    ).toEqual([
      [2, 'A?', []],
      [3, 'B?', [2]],
    ]);
  });

  it.each([
    ['a word', 'first'],
    ['null', null],
    ['a negative number', -1],
    ['a fraction', 1.5],
    ['an id after other text', 'x1'],
    ['two numbers', '1 2'],
  ])('ignores an id that is %s, numbering by position', (_name, id) => {
    const plan = planOfValue([{ id, q: 'A?' }, { q: 'B?' }]);
    expect(nodesOf(plan)).toEqual([
      [0, 'A?', []],
      [1, 'B?', []],
    ]);
    expect(plan.repairs).toEqual(["ignored entry 0's unreadable id"]);
  });

  it('numbers by position when only some entries have ids, shifting 1-based refs but not the ids', () => {
    const plan = planOfValue([
      { id: 1, q: 'A?' },
      { q: 'B?', refs: [1] },
    ]);
    expect(nodesOf(plan)).toEqual([
      [0, 'A?', []],
      [1, 'B?', [0]],
    ]);
    expect(plan.repairs).toEqual([
      'ignored partial ids; numbered nodes by position',
      'converted 1-based ids to 0-based',
    ]);
  });

  it('reads positional refs 1-based only when 0-based cannot fit and 1-based does', () => {
    const positional = (refs: number[][]) =>
      nodesOf(planOfValue(refs.map((nodeRefs, position) => ({ q: `Q${position}?`, refs: nodeRefs }))));
    // Refs to the node itself: only 1-based fits.
    expect(positional([[], [1], [2]])).toEqual([
      [0, 'Q0?', []],
      [1, 'Q1?', [0]],
      [2, 'Q2?', [1]],
    ]);
    expect(positional([[], [1], [1, 2]])).toEqual([
      [0, 'Q0?', []],
      [1, 'Q1?', [0]],
      [2, 'Q2?', [0, 1]],
    ]);
    // 0-based fits: kept.
    expect(positional([[], [0], [1]])).toEqual([
      [0, 'Q0?', []],
      [1, 'Q1?', [0]],
      [2, 'Q2?', [1]],
    ]);
    // Neither fits (a ref to 0 and one to the node itself, or one past the end): kept as written.
    expect(positional([[], [0], [0, 2]])).toEqual([
      [0, 'Q0?', []],
      [1, 'Q1?', [0]],
      [2, 'Q2?', [0, 2]],
    ]);
    expect(positional([[], [2]])).toEqual([
      [0, 'Q0?', []],
      [1, 'Q1?', [2]],
    ]);
  });

  it('validates a plan of positional 1-based refs', () => {
    const parsed = parsePlan(
      '[{"q":"Who founded Zorblat Mills?","ref":"None"},{"q":"Where was [founder] born?","ref":"1"}]',
    );
    if (!('plan' in parsed)) throw new Error(parsed.error);
    const validated = validatePlan(parsed.plan);
    if (!('plan' in validated)) throw new Error(validated.error);
    expect(nodesOf(validated.plan)).toEqual([
      [0, zorblat, []],
      [1, quillon, [0]],
    ]);
  });

  it('trims the questions', () => {
    expect(nodesOf(planOfValue([{ q: `  ${zorblat}\n` }]))).toEqual([[0, zorblat, []]]);
  });
});

describe('planFromValue: refs', () => {
  it.each(['refs', 'ref', 'depends_on', 'dependsOn', 'dependencies', 'deps', 'parents', 'requires'])(
    'reads refs under %s',
    (key) => {
      expect(nodesOf(planOfValue([{ q: 'A?' }, { q: 'B?', [key]: '0' }]))).toEqual([
        [0, 'A?', []],
        [1, 'B?', [0]],
      ]);
    },
  );

  it('records unreadable refs with the entry they belong to', () => {
    const plan = planOfValue([
      { q: 'A?', refs: -1 },
      { q: 'B?', refs: 1.5 },
      { q: 'C?', refs: true },
      { q: 'D?', refs: { first: 1 } },
      { q: 'E?', refs: 'the first one' },
      { q: 'F?', refs: [[0], 'x'] },
    ]);
    expect(plan.nodes.map((node) => [...node.refs])).toEqual([[], [], [], [], [], [0]]);
    expect(plan.repairs).toEqual([
      "ignored entry 2's unreadable refs",
      "ignored entry 3's unreadable refs",
      'ignored entry 4\'s unreadable refs "the first one"',
      'ignored entry 5\'s unreadable refs "x"',
    ]);
  });
});

describe('readRefs: the words for "none"', () => {
  it.each(['none', 'None', ' NONE ', 'null', 'nil', 'n/a', 'na', '-', '[]', 'no', 'nothing', '  '])(
    'reads %j as no refs without a repair',
    (word) => {
      const repairs: string[] = [];
      expect(readRefs(word, repairs, 0)).toEqual([]);
      expect(repairs).toEqual([]);
    },
  );

  it('reads undefined and false as no refs and true as unreadable', () => {
    const repairs: string[] = [];
    expect(readRefs(undefined, repairs, 3)).toEqual([]);
    expect(readRefs(false, repairs, 3)).toEqual([]);
    expect(repairs).toEqual([]);
    expect(readRefs(true, repairs, 3)).toEqual([]);
    expect(repairs).toEqual(["ignored entry 3's unreadable refs"]);
  });

  it('reads every number in a string', () => {
    expect(readRefs('#1; #12 and 3', [], 0)).toEqual([1, 12, 3]);
  });
});

describe('planFromValue: #N placeholders', () => {
  it('infers refs from #N once each, not to itself, not to a node that does not exist', () => {
    const plan = planOfValue(['Who is A?', 'Where is #0 and #0?', 'What of #1, #0, #2 and #7?']);
    expect(plan.nodes.map((node) => [...node.refs])).toEqual([[], [0], [1, 0]]);
    expect(plan.repairs).toEqual([
      'read a plain list of question strings',
      'inferred refs [0] of entry 1 from its #N placeholders',
      'inferred refs [1,0] of entry 2 from its #N placeholders',
    ]);
  });

  it('reads #N against the given ids', () => {
    const plan = planOfValue([
      { id: 3, q: 'Who is A?' },
      { id: 4, q: 'Where is #3, not #1?' },
    ]);
    expect(nodesOf(plan)).toEqual([
      [3, 'Who is A?', []],
      [4, 'Where is #3, not #1?', [3]],
    ]);
  });

  it('does not infer a ref to the node itself when the ids are given', () => {
    const plan = planOfValue([
      { id: 3, q: 'Who is A?' },
      { id: 4, q: 'Is #4 older than #3?' },
    ]);
    expect(plan.nodes.map((node) => [...node.refs])).toEqual([[], [3]]);
  });

  it('infers nothing when any node has refs', () => {
    const plan = planOfValue([{ q: 'Who is A?' }, { q: 'Where is #0?' }, { q: 'When was #0?', refs: '0' }]);
    expect(plan.nodes.map((node) => [...node.refs])).toEqual([[], [], [0]]);
    expect(plan.repairs).toEqual([]);
  });
});

describe('planFromValue: the flat token list', () => {
  it('needs two key tokens, one of them a question key', () => {
    expect(planOfValue(['index', '0', 'q', zorblat]).repairs).toEqual([
      'rebuilt nodes from a flat key/value token list',
    ]);
    expect(nodesOf(planOfValue(['q', zorblat]))).toEqual([
      [0, 'q', []],
      [1, zorblat, []],
    ]);
    expect(nodesOf(planOfValue(['index', 'ref', zorblat]))).toEqual([
      [0, 'index', []],
      [1, 'ref', []],
      [2, zorblat, []],
    ]);
  });

  it('reads keys in any case and with spaces, and refs after a ref key', () => {
    const plan = planOfValue([
      ' Index ',
      '1',
      ' Q ',
      zorblat,
      'REF',
      'None',
      'index',
      '2',
      'q',
      quillon,
      'ref',
      '#1',
    ]);
    expect(nodesOf(plan)).toEqual([
      [0, zorblat, []],
      [1, quillon, [0]],
    ]);
    expect(plan.repairs).toEqual([
      'rebuilt nodes from a flat key/value token list',
      'converted 1-based ids to 0-based',
    ]);
  });

  it('reads refs written as "0, 1", "[0]" and "#0 and #1"', () => {
    const plan = planOfValue([
      'q',
      'A?',
      'q',
      'B?',
      'ref',
      '[0]',
      'q',
      'C?',
      'ref',
      '0, 1',
      'q',
      'D?',
      'ref',
      '#0 and #1; #2',
    ]);
    expect(plan.nodes.map((node) => [...node.refs])).toEqual([[], [0], [0, 1], [0, 1, 2]]);
  });

  it('opens a node at each index or at a question after a question', () => {
    const plan = planOfValue(['index', 'q', 'A?', 'index', 'q', 'B?', 'q', 'C?', 'ref', '#', 'q']);
    expect(nodesOf(plan)).toEqual([
      [0, 'A?', []],
      [1, 'B?', []],
      [2, 'C?', []],
    ]);
    expect(plan.repairs).toEqual([
      'rebuilt nodes from a flat key/value token list',
      'ignored entry 2\'s unreadable refs "#"',
      'dropped 1 key token(s) with no value',
    ]);
  });

  it('drops strays and dangling keys, and an index with no question', () => {
    const plan = planOfValue(['ref', '0', 'q', 'A?', 'index', 'x', 'q', 'q', 'B?', 'A?', 'index', '7']);
    expect(nodesOf(plan)).toEqual([
      [0, 'A?', []],
      [1, 'B?', []],
    ]);
    expect(plan.repairs).toEqual([
      'rebuilt nodes from a flat key/value token list',
      'dropped 3 stray token(s) outside any key (repeated questions)',
      'dropped 2 key token(s) with no value',
    ]);
  });

  it.each(['The year 2', '2 of which?'])(
    'takes a ref key followed by %j, which is no list of refs, as dangling',
    (token) => {
      const plan = planOfValue(['q', 'A?', 'ref', token, 'q', 'C?']);
      expect(nodesOf(plan)).toEqual([
        [0, 'A?', []],
        [1, 'C?', []],
      ]);
      expect(plan.repairs).toEqual([
        'rebuilt nodes from a flat key/value token list',
        'dropped 1 stray token(s) outside any key (repeated questions)',
        'dropped 1 key token(s) with no value',
      ]);
    },
  );

  it('reads a "none" word after a ref key as no refs', () => {
    const plan = planOfValue(['q', 'A?', 'ref', 'n/a', 'q', 'C?', 'ref', 'N/A']);
    expect(nodesOf(plan)).toEqual([
      [0, 'A?', []],
      [1, 'C?', []],
    ]);
    expect(plan.repairs).toEqual(['rebuilt nodes from a flat key/value token list']);
  });

  it('takes a ref key followed by a question as dangling, and the question as a stray', () => {
    const plan = planOfValue(['q', 'A?', 'ref', 'B?', 'q', 'C?', 'ref']);
    expect(nodesOf(plan)).toEqual([
      [0, 'A?', []],
      [1, 'C?', []],
    ]);
    expect(plan.repairs).toEqual([
      'rebuilt nodes from a flat key/value token list',
      'dropped 1 stray token(s) outside any key (repeated questions)',
      'dropped 2 key token(s) with no value',
    ]);
  });
});
