import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { composeAnswer } from './compose-answer.js';
import { classifyQuestion, parseChoiceOptions, parseConjunctionOptions } from './question-form.js';

describe('question forms', () => {
  it('reads the options of a choice as written, titles with commas and colons included', () => {
    expect(
      parseChoiceOptions('Which film came out first, Harbour Lights or Stone Orchard: The Return?'),
    ).toEqual(['Harbour Lights', 'Stone Orchard: The Return']);
    expect(
      parseChoiceOptions('Which film has the director born later, Hush, Little Ferry or Blue Gate?'),
    ).toEqual(['Hush, Little Ferry', 'Blue Gate']);
    expect(parseChoiceOptions('Was Mara Quill or Ivo Brand born first?')).toEqual([
      'Mara Quill',
      'Ivo Brand',
    ]);
  });

  it('accepts options that start with "the"', () => {
    expect(parseChoiceOptions('Which siege ended first, the Siege of Tarrow or the Siege of Kell?')).toEqual([
      'the Siege of Tarrow',
      'the Siege of Kell',
    ]);
  });

  it('reads the subjects of a yes/no conjunction', () => {
    expect(parseConjunctionOptions('Are Salt Harbour and Blue Ferry from the same country?')).toEqual([
      'Salt Harbour',
      'Blue Ferry',
    ]);
  });

  it.each([
    ['Which film came out first, A Tide or B Stone?', 'date', 'min'],
    ['Which one was established earlier, Gull Press or Tern Books?', 'date', 'min'],
    ['Who died later, Mara Quill or Ivo Brand?', 'date', 'max'],
    ['Which film was released more recently, A Tide or B Stone?', 'date', 'max'],
    ['Who is older, Mara Quill or Ivo Brand?', 'age', 'max'],
    ['Which film has the director who is younger, A Tide or B Stone?', 'age', 'min'],
    ['Who lived longer, Mara Quill or Ivo Brand?', 'lifespan', 'max'],
    ['Which river is longer, Tarrow or Kell?', 'number', 'max'],
    ['Which lake is smaller, Tarrow Water or Kell Mere?', 'number', 'min'],
  ])('%s → %s %s', (question, measure, direction) => {
    const form = classifyQuestion(question);
    expect(form).toMatchObject({ kind: 'comparison', measure, direction });
  });

  it('reads the compared event without looking inside the options', () => {
    expect(classifyQuestion('Which film came out first, Count the Lanterns or Blue Gate?')).toMatchObject({
      event: 'other',
    });
    expect(classifyQuestion('Who died first, Mara Quill or Ivo Brand?')).toMatchObject({ event: 'death' });
  });
});

describe('composeAnswer — chain', () => {
  it('answers with the last sink when a plan ends in several, whichever says more of the question', () => {
    const nodes = [
      node(0, 'Who is the Veltrian painter born on 4 March 1921 in Orlen?', 'Ivo Brand'),
      node(1, 'Who is Mara Quill?', 'a sculptor'),
      node(2, 'Who is the brother of Mara Quill?', 'Tomas Quill', [1]),
    ];
    const question = 'What Veltrian painter born on 4 March 1921 in Orlen is the brother of Mara Quill?';
    expect(composeAnswer({ question, nodes })).toMatchObject({
      composed: true,
      answer: 'Tomas Quill',
      usedNodeIds: [2],
    });
    // One sink (a plain chain): its answer, whatever the wording.
    const chain = [
      node(0, 'Who directed Harbour Lights?', 'Mara Quill'),
      node(1, 'Where was Mara Quill born?', 'Orlen', [0]),
    ];
    expect(
      composeAnswer({ question: 'Where was the director of Harbour Lights born?', nodes: chain }),
    ).toMatchObject({
      answer: 'Orlen',
    });
  });

  it('answers with the last node of the chain', () => {
    const nodes = [
      node(0, 'Who is the director of Harbour Lights?', 'Mara Quill'),
      node(1, 'Where was Mara Quill born?', 'Tarrow', [0]),
    ];
    expect(composeAnswer({ question: 'Where was the director of Harbour Lights born?', nodes })).toEqual({
      composed: true,
      answer: 'Tarrow',
      reason: 'chain',
      usedNodeIds: [1],
    });
  });

  it('refuses when the last node is unresolved (low confidence)', () => {
    const nodes = [
      node(0, 'Who is the director of Harbour Lights?', 'Mara Quill'),
      node(1, 'Where was Mara Quill born?', 'Tarrow', [0], false),
    ];
    expect(composeAnswer({ question: 'Where was the director of Harbour Lights born?', nodes })).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
  });

  it('refuses when the answer has the wrong type for the question', () => {
    const nodes = [node(0, 'When did Mara Quill die?', 'Tarrow')];
    expect(composeAnswer({ question: 'When did Mara Quill die?', nodes })).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
  });

  it('refuses a bare date, number or demonym where a name is asked for', () => {
    const nodes = [node(0, 'Who is the director of Harbour Lights?', 'American')];
    expect(composeAnswer({ question: 'Who is the director of Harbour Lights?', nodes })).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
    const dated = [node(0, 'Where was Mara Quill born?', '3 May 1901')];
    expect(composeAnswer({ question: 'Where was Mara Quill born?', nodes: dated })).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
  });

  it('refuses yes or no where the question is not a yes/no question', () => {
    const nodes = [node(0, 'Was Ana Lund the founder of Brix Pies?', 'no')];
    expect(composeAnswer({ question: 'Who founded Brix Pies?', nodes })).toEqual({
      composed: false,
      reason: 'type-mismatch',
    });
  });

  it('refuses an empty plan', () => {
    expect(composeAnswer({ question: 'Where?', nodes: [] })).toEqual({ composed: false, reason: 'no-nodes' });
  });
});

describe('composeAnswer — comparison', () => {
  it('reads a bare number answering "how many" as a count, not a year ("700" species against "two")', () => {
    const nodes = [
      node(0, 'How many species does Quellina have?', '700'),
      node(1, 'How many species does Tessing have?', 'two'),
    ];
    expect(
      composeAnswer({ question: 'Which genus has more species, Quellina or Tessing?', nodes }),
    ).toMatchObject({ composed: true, answer: 'Quellina', reason: 'comparison' });
  });

  const question = (word: string): string => `Which film came out ${word}, Harbour Lights or Stone Orchard?`;
  const nodes = [
    node(0, 'When was Harbour Lights released?', '12 June 1951'),
    node(1, 'When was Stone Orchard released?', '1948'),
    node(2, 'Which film came out first?', 'Harbour Lights', [0, 1], false),
  ];

  it.each([
    ['first', 'Stone Orchard'],
    ['earlier', 'Stone Orchard'],
    ['later', 'Harbour Lights'],
    ['more recently', 'Harbour Lights'],
  ])('"%s" names the right option', (word, expected) => {
    expect(composeAnswer({ question: question(word), nodes })).toEqual({
      composed: true,
      answer: expected,
      reason: 'comparison',
      usedNodeIds: [0, 1],
    });
  });

  it('follows bridge branches through the refs (the film of the director who died first)', () => {
    const bridge = [
      node(0, 'Who is the director of Harbour Lights?', 'Mara Quill'),
      node(1, 'Who is the director of Stone Orchard?', 'Ivo Brand'),
      node(2, 'When did this director die?', '4 March 1970', [0]),
      node(3, 'When did this director die?', '1 January 1960', [1]),
      node(4, 'Which director died first?', '', [2, 3], false),
    ];
    const composed = composeAnswer({
      question: 'Which film has the director who died first, Harbour Lights or Stone Orchard?',
      nodes: bridge,
    });
    expect(composed).toEqual({
      composed: true,
      answer: 'Stone Orchard',
      reason: 'comparison',
      usedNodeIds: [2, 3],
    });
  });

  it('compares birth dates for older / younger and born first', () => {
    const people = [
      node(0, 'When was Mara Quill born?', '3 May 1901'),
      node(1, 'When was Ivo Brand born?', 'May 9, 1899'),
    ];
    const ask = (question: string): unknown =>
      (composeAnswer({ question, nodes: people }) as { answer?: string }).answer;
    expect(ask('Who is older, Mara Quill or Ivo Brand?')).toBe('Ivo Brand');
    expect(ask('Who is younger, Mara Quill or Ivo Brand?')).toBe('Mara Quill');
    expect(ask('Who was born first, Mara Quill or Ivo Brand?')).toBe('Ivo Brand');
  });

  it('reads a birth date given for an age question as a date, not as the day number', () => {
    const people = [
      node(0, 'What is the age of Mara Quill?', '17 September 1900'),
      node(1, 'What is the age of Ivo Brand?', '21 March 1920'),
    ];
    expect(
      composeAnswer({ question: 'Who is younger, Mara Quill or Ivo Brand?', nodes: people }),
    ).toMatchObject({
      answer: 'Ivo Brand',
    });
  });

  it('compares ages when the values are ages', () => {
    const people = [node(0, 'How old is Mara Quill?', '41'), node(1, 'How old is Ivo Brand?', '37')];
    expect(
      composeAnswer({ question: 'Who is younger, Mara Quill or Ivo Brand?', nodes: people }),
    ).toMatchObject({
      answer: 'Ivo Brand',
    });
  });

  it('compares life spans for "lived longer" and refuses without both dates', () => {
    const full = [
      node(0, 'When was Mara Quill born?', '1901'),
      node(1, 'When did Mara Quill die?', '1970'),
      node(2, 'When was Ivo Brand born?', '1899'),
      node(3, 'When did Ivo Brand die?', '1950'),
    ];
    expect(
      composeAnswer({ question: 'Who lived longer, Mara Quill or Ivo Brand?', nodes: full }),
    ).toMatchObject({
      composed: true,
      answer: 'Mara Quill',
    });
    expect(
      composeAnswer({ question: 'Who lived longer, Mara Quill or Ivo Brand?', nodes: full.slice(0, 3) }),
    ).toEqual({
      composed: false,
      reason: 'missing-value',
    });
  });

  it('compares numbers for more / longer / fewer', () => {
    const rivers = [node(0, 'How long is the Tarrow?', '120 km'), node(1, 'How long is the Kell?', '95 km')];
    expect(
      composeAnswer({ question: 'Which river is longer, Tarrow or Kell?', nodes: rivers }),
    ).toMatchObject({ answer: 'Tarrow' });
    expect(
      composeAnswer({ question: 'Which river is shorter, Tarrow or Kell?', nodes: rivers }),
    ).toMatchObject({ answer: 'Kell' });
  });

  it('refuses when a needed value node is unresolved, missing, or the values tie', () => {
    const lowConfidence = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1948', [], false),
    ];
    expect(composeAnswer({ question: question('first'), nodes: lowConfidence })).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
    const missing = [node(0, 'When was Harbour Lights released?', '1951')];
    expect(composeAnswer({ question: question('first'), nodes: missing })).toEqual({
      composed: false,
      reason: 'missing-value',
    });
    const tie = [
      node(0, 'When was Harbour Lights released?', '1951'),
      node(1, 'When was Stone Orchard released?', '1951'),
    ];
    expect(composeAnswer({ question: question('first'), nodes: tie })).toEqual({
      composed: false,
      reason: 'tie',
    });
  });
});

describe('composeAnswer — yes/no', () => {
  it('says yes when demonym and country name the same nation', () => {
    const nodes = [
      node(0, 'What is the nationality of Mara Quill?', 'American'),
      node(1, 'What is the nationality of Ivo Brand?', 'United States'),
      node(2, 'Do they share the same nationality?', '', [0, 1], false),
    ];
    expect(
      composeAnswer({ question: 'Are Mara Quill and Ivo Brand of the same nationality?', nodes }),
    ).toEqual({
      composed: true,
      answer: 'yes',
      reason: 'yes-no',
      usedNodeIds: [0, 1],
    });
  });

  it('says no for different countries, and treats England and Scotland as one United Kingdom', () => {
    const differ = [
      node(0, 'Which country is Salt Harbour from?', 'Canada'),
      node(1, 'Which country is Blue Ferry from?', 'Australian'),
    ];
    expect(
      composeAnswer({ question: 'Are Salt Harbour and Blue Ferry from the same country?', nodes: differ }),
    ).toMatchObject({
      answer: 'no',
    });
    const british = [
      node(0, 'Which country is Salt Harbour from?', 'English'),
      node(1, 'Which country is Blue Ferry from?', 'Scotland'),
    ];
    expect(
      composeAnswer({ question: 'Are Salt Harbour and Blue Ferry from the same country?', nodes: british }),
    ).toMatchObject({
      answer: 'yes',
    });
  });

  it('compares the country of two places', () => {
    const nodes = [
      node(0, 'In which country is Tarrow Water located?', 'Lyon, France'),
      node(1, 'In which country is Kell Mere located?', 'France'),
    ];
    expect(
      composeAnswer({ question: 'Are Tarrow Water and Kell Mere located in the same country?', nodes }),
    ).toMatchObject({
      answer: 'yes',
    });
  });

  it('refuses membership questions it cannot read as an equality of typed values', () => {
    const nodes = [
      node(0, 'What is Harbour Lights?', 'a documentary film'),
      node(1, 'What is Stone Orchard?', 'a documentary film'),
    ];
    expect(
      composeAnswer({ question: 'Are Harbour Lights and Stone Orchard both documentaries?', nodes }),
    ).toEqual({
      composed: false,
      reason: 'unsupported-yes-no',
    });
  });

  it('refuses when a value is unresolved or cannot be read as a country', () => {
    const unresolved = [
      node(0, 'What is the nationality of Mara Quill?', 'American'),
      node(1, 'What is the nationality of Ivo Brand?', 'American', [], false),
    ];
    expect(
      composeAnswer({ question: 'Are Mara Quill and Ivo Brand of the same nationality?', nodes: unresolved }),
    ).toEqual({
      composed: false,
      reason: 'low-confidence',
    });
    const unreadable = [
      node(0, 'What is the nationality of Mara Quill?', 'Atlantean'),
      node(1, 'What is the nationality of Ivo Brand?', 'American'),
    ];
    expect(
      composeAnswer({ question: 'Are Mara Quill and Ivo Brand of the same nationality?', nodes: unreadable }),
    ).toEqual({
      composed: false,
      reason: 'incomparable',
    });
  });
});

describe('composeAnswer — shared values and undecidable choices', () => {
  it('answers a shared attribute only when both branches agree', () => {
    const agree = [
      node(0, 'What occupation did Mara Quill have?', 'painter'),
      node(1, 'What occupation did Ivo Brand have?', 'Painter'),
    ];
    expect(
      composeAnswer({ question: 'What occupation did Mara Quill and Ivo Brand share?', nodes: agree }),
    ).toEqual({
      composed: true,
      answer: 'painter',
      reason: 'chain',
      usedNodeIds: [0, 1],
    });
    const differ = [
      node(0, 'What occupation did Mara Quill have?', 'painter'),
      node(1, 'What occupation did Ivo Brand have?', 'poet'),
    ];
    expect(
      composeAnswer({ question: 'What occupation did Mara Quill and Ivo Brand share?', nodes: differ }),
    ).toEqual({
      composed: false,
      reason: 'no-common-value',
    });
  });

  it('refuses a choice that no typed value decides', () => {
    const nodes = [node(0, 'Which family does Tarrowort belong to?', 'Kellaceae')];
    expect(
      composeAnswer({
        question: 'Between Tarrowort and Kellweed, which plant belongs to the Kellaceae?',
        nodes,
      }),
    ).toEqual({ composed: false, reason: 'unsupported-choice' });
  });
});
