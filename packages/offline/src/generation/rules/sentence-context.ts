import { nameConnectors } from '../../annotation/annotate-entities.js';
import { CompromiseLexicon } from '../../annotation/compromise-lexicon.js';

/** One decontextualised sentence of a passage, as the relation families see it. */
export interface SentenceContext {
  /** Decontextualised (pronouns and "the film" → the title entity), a leading adverbial dropped. */
  readonly text: string;
  /** The passage's title entity. */
  readonly title: string;
  /** What the sentence is about: a named subject, else the title entity. */
  readonly subject: string;
  /** "X is/was …" with a named subject (or the title): the copula and its complement. */
  readonly copula?: { readonly verb: string; readonly complement: string };
  /** Adds a pair; `rule` names the pattern that made it. Empty, repeated or self-answering pairs are dropped. */
  readonly add: (question: string, answer: string, rule: string) => void;
}

/** compromise's lexicon: function words, countries and demonyms. */
export const wordTags = new CompromiseLexicon();
const functionWordTags = [
  'Adverb',
  'Conjunction',
  'Determiner',
  'Preposition',
  'Pronoun',
  'QuestionWord',
  'Copula',
  'Verb',
];

function hasFunctionTag(word: string): boolean {
  const tags = wordTags.tagsOf(word);
  return functionWordTags.some((tag) => tags.has(tag));
}

/** Words that may stand inside a sentence's subject: name connectors plus articles, joins and dashes. */
const subjectConnectors: ReadonlySet<string> = new Set([
  ...nameConnectors,
  'and',
  'in',
  'a',
  'an',
  'to',
  'at',
  '-',
  '–',
  ':',
]);

export function clean(text: string): string {
  return text
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:"“”'‘’]+|[\s,;:"“”'‘’]+$/g, '')
    .trim();
}

export function trimAnswer(text: string): string {
  return text
    .replace(/^(?:the|a|an)\s+/i, (match) => (/^the\s/i.test(match) ? match : ''))
    .replace(/[\s,;:.]+$/g, '')
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
}

/** The noun phrase a sentence is about, when it looks like a name ("Tern Dam", not "the area"). */
export function entitySubject(raw: string): string | undefined {
  const withoutParentheses = raw.replace(/\s*\([^()]*\)/g, '').replace(/\s*\([^()]*\)/g, '');
  const beforeAppositive = withoutParentheses.split(/,\s+/)[0] ?? withoutParentheses;
  if (
    /^(?:As|From|With|Under|Following|Despite|Although|While|When|After|Before|During|In|On|By|Since|At|For|Upon|Between|Through|Throughout|Over|Unlike|Like|Along|According)\s/u.test(
      beforeAppositive,
    )
  )
    return undefined;
  const subject = clean(beforeAppositive).replace(
    /^(?:The|A|An)\s+(?:\p{Ll}[\p{L}-]*\s+){1,3}(?=\p{Lu})/u,
    '',
  );
  if (subject === '' || subject.split(' ').length > 10) return undefined;
  const first = subject.codePointAt(0);
  if (first === undefined) return undefined;
  const character = String.fromCodePoint(first);
  if (character === character.toLowerCase() && !/^\d/.test(subject)) return undefined;
  if (/^(?:The|This|These|Those|It|There|A|An|Some|Many|Most|All|Its|Their|His|Her)\s+\p{Ll}/u.test(subject))
    return undefined;
  if (/^(?:It|There|This|That|These|Those|He|She|They)$/u.test(subject)) return undefined;
  // A lone function word ("Thus", "In", "However") is not a name.
  if (!subject.includes(' ') && hasFunctionTag(subject)) return undefined;
  // "Ana Lund's son", "Orlen's mayor": a name, a possessive and up to three lower-case words.
  const possessive = /^(.+?)['’]s?\s+((?:\p{Ll}[\p{L}-]*\s*){1,3})$/u.exec(subject);
  if (possessive?.[1] !== undefined && entitySubject(possessive[1]) === possessive[1]) return subject;
  // A name: capitalised words, numbers and connectors only ("Tern Creek Bridge", "University of Orlen").
  const words = subject.split(' ');
  if (!words.every((word) => /^[\p{Lu}\d"“'‘(&]/u.test(word) || subjectConnectors.has(word)))
    return undefined;
  return subject;
}

/** A subject that is not a sentence adverb or preposition the subject finder kept ("Formerly", "Until 1990"). */
export function plausibleSubject(subject: string): boolean {
  const first = subject.split(' ')[0] ?? subject;
  return !/^\p{Lu}\p{Ll}+ly$/u.test(first) && !hasFunctionTag(first);
}
