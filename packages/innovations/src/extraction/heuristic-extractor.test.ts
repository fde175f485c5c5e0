import type { SearchHit } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { defaultMultiHopConfig } from '../config/multi-hop-config.js';
import { inferAnswerType } from './answer-type.js';
import { countryOf, findCountries, regionOf } from './countries.js';
import { findDates, findNumbers } from './dates.js';
import { analyseCandidates, HeuristicExtractor } from './heuristic-extractor.js';
import { capitalisedChunks } from './text.js';

let counter = 0;
function pair(title: string, question: string, answer: string, passage = `${question} ${answer}`): SearchHit {
  counter += 1;
  return {
    id: `pair-${counter}`,
    documentId: title,
    kind: 'qa',
    title,
    passage,
    question,
    answer,
    text: `${question} ${answer}`,
    score: 1,
    rank: 1,
  };
}

function ranked(hits: SearchHit[]): SearchHit[] {
  return hits.map((hit, index) => ({ ...hit, rank: index + 1, score: 1 / (index + 1) }));
}

const extractor = new HeuristicExtractor();

describe('inferAnswerType', () => {
  it.each([
    ['Who is the director of Harbour Lights?', 'person'],
    ['Whose novel inspired the film?', 'person'],
    ['When did Mara Quill die?', 'date'],
    ["What is Lena Ostrow's birthday?", 'date'],
    ['In what year was Harbour Lights released?', 'year'],
    ['When was Gull House Press founded?', 'date'],
    ['Where was Mara Quill born?', 'place'],
    ['What is the place of death of Ivo Brand?', 'place'],
    ['In which city is the Gull House Press based?', 'place'],
    ['What is the nationality of Mara Quill?', 'nationality'],
    ['Which country is the band Salt Harbour from?', 'country'],
    ['What is the country of origin of Salt Harbour?', 'country'],
    ['How many films did Mara Quill direct?', 'number'],
    ['What is the age of Ivo Brand?', 'number'],
    ['Which company published The Tidewater Review?', 'organisation'],
    ['Where did Mara Quill study?', 'organisation'],
    ['Which film did Mara Quill direct first?', 'title'],
    ['Are Salt Harbour and Blue Ferry from the same country?', 'yes-no'],
    ['Did Mara Quill and Ivo Brand both win?', 'yes-no'],
    ['What is the colour of the harbour flag?', 'other'],
    // "when" as a conjunction is no date asked
    ['What was the ferry called when it first sailed?', 'other'],
    ['What was the age of Ivo Brand when he retired?', 'number'],
    ['Which city did Mara Quill live in when she wrote Harbour Lights?', 'place'],
    ['Since when has Gull House Press been based in Orlen?', 'date'],
    // a cue word inside a capitalised title is part of the name, not a cue
    ['Who directed The Year of Glass Houses?', 'person'],
    ['Who plays the lead in Lanterns: Age of Salt?', 'person'],
    ['Who wrote the music for Where the Tides Turn?', 'person'],
    ['Which album was "Country Roads Home" taken from?', 'title'],
    ['Was Salt Or Sand written by Mara Quill?', 'yes-no'],
    // a question with no lower-case word reads its cues as written
    ['WHERE WAS MARA QUILL BORN?', 'place'],
    ['What Is The Age Of Ivo Brand?', 'number'],
  ])('%s → %s', (question, type) => {
    expect(inferAnswerType(question)).toBe(type);
  });
});

describe('text, dates, numbers, countries', () => {
  it('finds proper-noun chunks with connectors and drops sentence words', () => {
    const chunks = capitalisedChunks(
      'He married Anna of Cleves in Paris. The Paper Lantern was released later.',
    );
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Anna of Cleves', 'Paris', 'The Paper Lantern']);
  });

  it('keeps a noble title after a comma as part of the name', () => {
    const chunks = capitalisedChunks('His father was Hugo Brand, 2nd Earl of Lisle, a soldier.');
    expect(chunks.map((chunk) => chunk.text)).toContain('Hugo Brand, 2nd Earl of Lisle');
  });

  it('parses dates of every common shape into sortable values', () => {
    const dates = findDates(
      'Born 3 May 1901, died March 4, 1970; founded in June 1920; active 1950s; c. 1654; 44 BC.',
    );
    expect(dates.map((date) => [date.text, date.precision, date.sortKey])).toEqual([
      ['3 May 1901', 'day', 19010503],
      ['March 4, 1970', 'day', 19700304],
      ['June 1920', 'month', 19200600],
      ['1950s', 'year', 19500000],
      ['1654', 'year', 16540000],
      ['44 BC', 'year', -440000],
    ]);
  });

  it('parses numbers in digits, with scales and in words', () => {
    expect(
      findNumbers('It sold 1,200 copies, then 3 million, in four weeks.').map((number) => number.value),
    ).toEqual([1200, 3_000_000, 4]);
  });

  it('maps demonyms and countries both ways', () => {
    expect(countryOf('American')).toBe('United States');
    expect(countryOf('United States of America')).toBe('United States');
    expect(countryOf('born in Lyon, France')).toBe('France');
    expect(countryOf('Atlantis')).toBeUndefined();
    expect(regionOf('Scotland')).toBe('United Kingdom');
    // Names are compared in their normaliseAnswer form: case, full stops and articles do not matter.
    expect(countryOf('the U.S.')).toBe('United States');
    expect(countryOf('u.k.')).toBe('United Kingdom');
    expect(
      findCountries('born in the U.S., raised in The Netherlands').map((mention) => [
        mention.text,
        mention.country,
      ]),
    ).toEqual([
      ['U.S.', 'United States'],
      ['Netherlands', 'Netherlands'],
    ]);
    expect(
      findCountries('a French-Italian film').map((mention) => [mention.country, mention.isDemonym]),
    ).toEqual([
      ['France', true],
      ['Italy', true],
    ]);
  });
});

describe('HeuristicExtractor', () => {
  it('keeps an abbreviation inside the answer and its sentence ("St. Louis", not "St")', async () => {
    const passage = 'John Doe was born in St. Louis, Missouri. He studied law.';
    for (const hit of [
      pair('John Doe', 'What is known about John Doe?', passage, passage),
      pair('John Doe', 'What did John Doe study?', 'law', passage),
    ]) {
      const result = await extractor.extract({ question: 'Where was John Doe born?', evidence: [hit] });
      expect(result.answer).toMatch(/^St\. Louis/);
    }
    expect(
      capitalisedChunks('Dr. Jane Smith met J. R. R. Tolkien in the U.S. Army.').map((chunk) => chunk.text),
    ).toEqual(['Dr. Jane Smith', 'J. R. R. Tolkien', 'U.S. Army']);
  });

  it('picks the typed span and not the question entity', async () => {
    const result = await extractor.extract({
      question: 'Who is the director of Harbour Lights?',
      evidence: ranked([
        pair('Harbour Lights', 'Who directed Harbour Lights?', 'Harbour Lights was directed by Mara Quill.'),
      ]),
    });
    expect(result.answer).toBe('Mara Quill');
    expect(result.answerType).toBe('person');
    expect(result.evidenceIds).toHaveLength(1);
  });

  it('finds the span in the passage when the pair answer talks around the title', async () => {
    const hit = pair(
      'Harbour Lights',
      'What is the title of the 1951 British drama film?',
      'Harbour Lights is the title of the 1951 British drama film.',
      'Harbour Lights is a 1951 British drama film directed by Mara Quill and starring Ivo Brand.',
    );
    const result = await extractor.extract({
      question: 'Who is the director of Harbour Lights?',
      evidence: [hit],
    });
    expect(result.answer).toBe('Mara Quill');
  });

  it('answers a death-date question with the death date, not the birth date', async () => {
    const hit = pair(
      'Mara Quill',
      'Who was Mara Quill?',
      'Mara Quill (3 May 1901 – 4 March 1970) was a director.',
    );
    const death = await extractor.extract({ question: 'When did Mara Quill die?', evidence: [hit] });
    const birth = await extractor.extract({ question: 'When was Mara Quill born?', evidence: [hit] });
    expect(death.answer).toBe('4 March 1970');
    expect(birth.answer).toBe('3 May 1901');
  });

  it('answers a year question with the year only', async () => {
    const hit = pair(
      'Harbour Lights',
      'When was Harbour Lights released?',
      'Harbour Lights was released on 12 June 1951.',
    );
    const result = await extractor.extract({
      question: 'In what year was Harbour Lights released?',
      evidence: [hit],
    });
    expect(result.answer).toBe('1951');
  });

  it('answers "what year" with a year before a decade, and keeps a decade when nothing more precise is said', async () => {
    const precise = pair(
      'Ivo Brand',
      'What is known about Ivo Brand?',
      'Ivo Brand was born in the 1890s; the parish register gives 1895.',
    );
    const year = await extractor.extract({
      question: 'In what year was Ivo Brand born?',
      evidence: [precise],
    });
    expect(year.answer).toBe('1895');
    const vague = pair(
      'Orlen Party',
      'What is known about Orlen Party?',
      'The Orlen Party began in the 1960s.',
    );
    const decade = await extractor.extract({
      question: 'When did the Orlen Party begin?',
      evidence: [vague],
    });
    expect(decade.answer).toBe('1960s');
  });

  it('prefers the place after "born in" over other proper nouns', async () => {
    const hit = pair(
      'Ivo Brand',
      'Where was Ivo Brand born?',
      'Ivo Brand, a friend of Mara Quill, was born in Tarrow.',
    );
    const result = await extractor.extract({ question: 'Where was Ivo Brand born?', evidence: [hit] });
    expect(result.answer).toBe('Tarrow');
  });

  it('answers nationality with the demonym and country questions with the country', async () => {
    const hit = pair('Mara Quill', 'Who is Mara Quill?', 'Mara Quill is a Canadian film director.');
    const nationality = await extractor.extract({
      question: 'What is the nationality of Mara Quill?',
      evidence: [hit],
    });
    const country = await extractor.extract({
      question: 'Which country is Mara Quill from?',
      evidence: [hit],
    });
    expect(nationality.answer).toBe('Canadian');
    expect(country.answer).toBe('Canada');
  });

  it('answers a number question with the number', async () => {
    const hit = pair(
      'Mara Quill',
      'How many films did Mara Quill direct?',
      'Mara Quill directed 14 films between 1930 and 1960.',
    );
    const result = await extractor.extract({
      question: 'How many films did Mara Quill direct?',
      evidence: [hit],
    });
    expect(result.answer).toBe('14');
  });

  it('does not count the asked noun a name ends in as repeating the question ("Orlen City" for "what city")', () => {
    const hit = pair(
      'Kell Holdings',
      'What is known about Kell Holdings?',
      'The company has its headquarters in Upper Harbour, Orlen City.',
    );
    const city = analyseCandidates('What city does Kell Holdings have its headquarters in?', [hit]);
    expect(city.candidates.find((candidate) => candidate.display === 'Orlen City')).toMatchObject({
      headFit: true,
      overlap: 0,
    });
    // Asked for a district, "City" is a word like any other: no name here ends in the asked noun.
    const district = analyseCandidates('In what district does Kell Holdings have its headquarters?', [hit]);
    expect(district.candidates.every((candidate) => !candidate.headFit)).toBe(true);
  });

  it('does not answer a question that asks for no place with a bare country name', async () => {
    const resort = pair(
      'Orlen',
      'What is known about Orlen?',
      'In spring, visitors to Orlen come from France.',
    );
    const fair = { ...pair('Orlen', 'What is known about Orlen?', 'Orlen hosts the Lantern Week.'), rank: 2 };
    const result = await extractor.extract({
      question: 'What is the spring festival of Orlen?',
      evidence: [resort, fair],
    });
    expect(result.answer).toBe('Lantern Week');
  });

  it('meets "won" in "victory" and "played" in "portrayed" (relation words said another way)', async () => {
    const race = pair(
      'Orlen Grand Prix',
      'What is known about Orlen Grand Prix?',
      'The track saw a crash involving Ivo Brand in 1980, and the final career victory for Mara Quill in 1993.',
    );
    const won = await extractor.extract({ question: 'Who won the Orlen Grand Prix race?', evidence: [race] });
    expect(won.answer).toBe('Mara Quill');
    const film = pair(
      'Harbour Lights',
      'What is known about Harbour Lights?',
      'Harbour Lights was produced by Ivo Brand, and the lighthouse keeper Tam was portrayed by Jonah Vale.',
    );
    const played = await extractor.extract({
      question: 'Who played the lighthouse keeper Tam in Harbour Lights?',
      evidence: [film],
    });
    expect(played.answer).toBe('Jonah Vale');
  });

  it('returns an empty answer with zero confidence when nothing fits', async () => {
    expect(await extractor.extract({ question: 'When did Mara Quill die?', evidence: [] })).toEqual({
      answer: '',
      confidence: 0,
      evidenceIds: [],
      answerType: 'date',
    });
    const hit = pair('Mara Quill', 'Who is Mara Quill?', 'Mara Quill is a director.');
    const result = await extractor.extract({ question: 'When did Mara Quill die?', evidence: [hit] });
    expect(result.answer).toBe('');
    expect(result.confidence).toBe(0);
  });

  it('orders confidence: a clear, on-topic answer above a contested one above an off-topic one', async () => {
    const question = 'Who is the director of Harbour Lights?';
    const clear = await extractor.extract({
      question,
      evidence: ranked([
        pair('Harbour Lights', 'Who directed Harbour Lights?', 'Mara Quill directed Harbour Lights.'),
      ]),
    });
    const contested = await extractor.extract({
      question,
      evidence: ranked([
        pair('Harbour Lights', 'Who directed Harbour Lights?', 'Mara Quill directed Harbour Lights.'),
        pair(
          'Harbour Lights',
          'Who co-directed Harbour Lights?',
          'Ivo Brand directed Harbour Lights with a partner.',
        ),
      ]),
    });
    const offTopic = await extractor.extract({
      question,
      evidence: ranked([
        pair('Stone Orchard', 'Who starred in Stone Orchard?', 'Ada Brook starred in Stone Orchard.'),
      ]),
    });
    expect(clear.answer).toBe('Mara Quill');
    expect(clear.confidence).toBeGreaterThan(contested.confidence);
    expect(contested.confidence).toBeGreaterThan(offTopic.confidence);
    for (const result of [clear, contested, offTopic]) {
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('cites every pair that gives the answer', async () => {
    const result = await extractor.extract({
      question: 'Who is the director of Harbour Lights?',
      evidence: ranked([
        pair('Stone Orchard', 'Who directed Stone Orchard?', 'Ivo Brand directed Stone Orchard.'),
        pair('Harbour Lights', 'Who directed Harbour Lights?', 'Mara Quill directed Harbour Lights.'),
        pair(
          'Mara Quill',
          'Which film did Mara Quill direct?',
          'Mara Quill directed Harbour Lights in 1951.',
        ),
      ]),
    });
    expect(result.answer).toBe('Mara Quill');
    expect(result.evidenceIds).toHaveLength(2);
  });

  it('is certain of what the clearest evidence states, so a chain of such hops composes without synthesis', async () => {
    // One on-topic pair, asked exactly this, states one typed answer and nothing contests it. The
    // compact planner composes a chain's answer without the synthesis call when the product of its
    // nodes' confidences reaches `composeMinConfidence`: three hops like this one must.
    const hops = [
      ['Who is the director of Harbour Lights?', 'Mara Quill directed Harbour Lights.', 'Mara Quill'],
      ['Where was Mara Quill born?', 'Mara Quill was born in Orlen.', 'Orlen'],
      ['When was Orlen founded?', 'Orlen was founded in 1803.', '1803'],
    ] as const;
    let chain = 1;
    for (const [question, statement, answer] of hops) {
      const result = await extractor.extract({
        question,
        evidence: ranked([pair('Harbour Lights', question, statement)]),
      });
      expect(result.answer).toBe(answer);
      chain *= result.confidence;
    }
    expect(chain).toBeGreaterThanOrEqual(defaultMultiHopConfig.composeMinConfidence);
  });

  it.each([
    [
      "no name made mostly of the question's own words",
      'Which company published the Orlen Review?',
      'Which company published the Orlen Review?',
      'Orlen Review Holdings sold it to Gull Press, which published it.',
      'Gull Press',
    ],
    [
      'a count for how many, not a year the sentence also gives',
      'How many films did Mara Quill direct?',
      'How many films did Mara Quill direct?',
      'Mara Quill directed films from 1950, 12 of them in all.',
      '12',
    ],
  ])('takes %s', async (_what, question, pairQuestion, pairAnswer, expected) => {
    const result = await extractor.extract({
      question,
      evidence: ranked([pair('Harbour Lights', pairQuestion, pairAnswer)]),
    });
    expect(result.answer).toBe(expected);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      extractor.extract({
        question: 'Who is the director of Harbour Lights?',
        evidence: [],
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});
