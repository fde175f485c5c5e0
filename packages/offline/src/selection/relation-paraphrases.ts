import { escapeRegExp, inferAnswerType } from '@rootweaver/innovations/selection';

/**
 * One relation asked about an entity, in the ways a question may ask it. `{x}` stands for the
 * entity; a form's "is" also reads "was". The table is generic English question grammar (the
 * relations of an encyclopaedia's infobox), not taken from any question set: the selector's training
 * questions are re-asked in other forms so that a planner's wording is not new to it (ADR-0007).
 */
export interface RelationFamily {
  readonly id: string;
  /** The agent noun a later question may use for the answer ("the director"), when there is one. */
  readonly role?: string;
  readonly forms: readonly string[];
}

export const relationFamilies: readonly RelationFamily[] = [
  {
    id: 'director',
    role: 'director',
    forms: ['Who directed {x}?', 'Who is the director of {x}?', 'Who was {x} directed by?'],
  },
  {
    id: 'author',
    role: 'author',
    forms: ['Who wrote {x}?', 'Who is the author of {x}?', 'Who is the writer of {x}?'],
  },
  {
    id: 'composer',
    role: 'composer',
    forms: ['Who composed {x}?', 'Who is the composer of {x}?', 'Who wrote the music for {x}?'],
  },
  { id: 'producer', role: 'producer', forms: ['Who produced {x}?', 'Who is the producer of {x}?'] },
  {
    id: 'performer',
    role: 'performer',
    forms: [
      'Who performed {x}?',
      'Who is the performer of {x}?',
      'Who sang {x}?',
      'Which artist recorded {x}?',
    ],
  },
  {
    id: 'publisher',
    role: 'publisher',
    forms: ['Who published {x}?', 'Who is the publisher of {x}?', 'Which company published {x}?'],
  },
  {
    id: 'founder',
    role: 'founder',
    forms: ['Who founded {x}?', 'Who is the founder of {x}?', 'Who established {x}?'],
  },
  { id: 'creator', role: 'creator', forms: ['Who created {x}?', 'Who is the creator of {x}?'] },
  {
    id: 'birth-date',
    forms: [
      'When was {x} born?',
      'What is the date of birth of {x}?',
      "What is {x}'s date of birth?",
      'On what date was {x} born?',
    ],
  },
  {
    id: 'birth-year',
    forms: ['In what year was {x} born?', 'What year was {x} born?', 'What is the birth year of {x}?'],
  },
  {
    id: 'birthplace',
    forms: [
      'Where was {x} born?',
      'What is the place of birth of {x}?',
      "What is {x}'s birthplace?",
      'In which city was {x} born?',
    ],
  },
  {
    id: 'death-date',
    forms: [
      'When did {x} die?',
      'What is the date of death of {x}?',
      'When did {x} pass away?',
      'On what date did {x} die?',
    ],
  },
  {
    id: 'death-place',
    forms: ['Where did {x} die?', 'What is the place of death of {x}?', 'In which city did {x} die?'],
  },
  {
    id: 'burial',
    forms: ['Where was {x} buried?', 'Where is {x} buried?', 'What is the burial place of {x}?'],
  },
  {
    id: 'spouse',
    role: 'spouse',
    forms: [
      'Who is the spouse of {x}?',
      'Who was {x} married to?',
      'Who did {x} marry?',
      "Who is {x}'s spouse?",
    ],
  },
  { id: 'father', role: 'father', forms: ['Who is the father of {x}?', "Who is {x}'s father?"] },
  { id: 'mother', role: 'mother', forms: ['Who is the mother of {x}?', "Who is {x}'s mother?"] },
  {
    id: 'nationality',
    forms: ['What nationality is {x}?', 'What is the nationality of {x}?', "What is {x}'s nationality?"],
  },
  {
    id: 'country',
    forms: ['Which country is {x} in?', 'In which country is {x}?', 'In which country is {x} located?'],
  },
  {
    id: 'country-of-origin',
    forms: [
      'What country is {x} from?',
      'Which country does {x} come from?',
      'What is the country of origin of {x}?',
    ],
  },
  {
    id: 'release-date',
    forms: ['When was {x} released?', 'What is the release date of {x}?', 'When did {x} come out?'],
  },
  { id: 'release-year', forms: ['In what year was {x} released?', 'What year was {x} released?'] },
  { id: 'founding-date', forms: ['When was {x} founded?', 'When was {x} established?'] },
  {
    id: 'founding-year',
    forms: [
      'In what year was {x} founded?',
      'What year was {x} founded?',
      'In what year was {x} established?',
    ],
  },
  { id: 'location', forms: ['Where is {x} located?', 'Where is {x}?', 'What is the location of {x}?'] },
  {
    id: 'headquarters',
    forms: ['Where is {x} headquartered?', 'Where is the headquarters of {x}?', 'Where is {x} based?'],
  },
  {
    id: 'occupation',
    forms: [
      "What is {x}'s occupation?",
      'What is the occupation of {x}?',
      "What is {x}'s profession?",
      'What does {x} do for a living?',
    ],
  },
  {
    id: 'education',
    forms: ['Where did {x} study?', 'Where was {x} educated?', 'Which university did {x} attend?'],
  },
  { id: 'award', forms: ['What award did {x} win?', 'Which award did {x} receive?'] },
  { id: 'capital', forms: ['What is the capital of {x}?', 'Which city is the capital of {x}?'] },
];

interface CompiledForm {
  readonly family: RelationFamily;
  readonly form: string;
  readonly pattern: RegExp;
}

function compile(form: string): RegExp {
  const [before = '', after = ''] = form.replace(/\?$/, '').split('{x}');
  const head = escapeRegExp(before).replace(/\bis\b/g, '(?:is|was)');
  const possessive = after.startsWith("'s");
  const tail = escapeRegExp(possessive ? after.slice(2) : after).replace(/\bis\b/g, '(?:is|was)');
  return new RegExp(`^${head}(.+?)${possessive ? "(?:'s|’s|'|’)" : ''}${tail}\\s*\\?\\s*$`, 'i');
}

/** Every form, the most specific (most fixed words) first: "Who wrote the music for {x}?" before "Who wrote {x}?". */
const compiled: readonly CompiledForm[] = relationFamilies
  .flatMap((family) => family.forms.map((form) => ({ family, form, pattern: compile(form) })))
  .sort((left, right) => right.form.length - left.form.length);

/** A question read as one relation of one entity. */
export interface ParsedRelation {
  readonly family: RelationFamily;
  /** The form the question was written in. */
  readonly form: string;
  /** The entity as the question names it. */
  readonly entity: string;
  /** The question said "was" where the form says "is". */
  readonly past: boolean;
}

/** Reads a question as a relation of the table, or `undefined` when no form fits it. */
export function parseRelation(question: string): ParsedRelation | undefined {
  const text = question.trim();
  for (const { family, form, pattern } of compiled) {
    const entity = pattern.exec(text)?.[1]?.trim();
    if (entity === undefined || entity.length === 0) continue;
    const past = /\bis\b/.test(form) && /\bwas\b/i.test(text) && !/\bis\b/i.test(text);
    return { family, form, entity, past };
  }
  return undefined;
}

/** A form of a relation written out for an entity, in the tense given. */
export function renderRelation(form: string, entity: string, past = false): string {
  const possessive = /s$/i.test(entity) ? `${entity}'` : `${entity}'s`;
  const text = form.replace("{x}'s", possessive).replace('{x}', entity);
  return past ? text.replace(/\bis\b/, 'was') : text;
}

/**
 * The question asked in another form of its relation (same entity, same answer type), chosen with
 * `random`, or `undefined` when the table has no other form for it.
 */
export function paraphraseRelation(question: string, random: () => number): string | undefined {
  const parsed = parseRelation(question);
  if (parsed === undefined) return undefined;
  const type = inferAnswerType(question);
  const others = parsed.family.forms
    .filter((form) => form !== parsed.form)
    .map((form) => renderRelation(form, parsed.entity, parsed.past))
    .filter((text) => inferAnswerType(text) === type);
  if (others.length === 0) return undefined;
  return others[Math.floor(random() * others.length)];
}
