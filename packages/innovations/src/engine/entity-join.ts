import { isFunctionWord, nameConnectors, tokenizeWords, type WordToken } from '@rootweaver/language-en';

const connectors = new Set(nameConnectors);
const capitalised = /^\p{Lu}/u;
const hasDigit = /\p{N}/u;
/** A quoted title: "…", “…” or ‘…’ (a straight single quote is an apostrophe too often). */
const quotedPattern = /"([^"]{2,})"|“([^”]{2,})”|‘([^’]{2,})’/gu;

/**
 * Whether a (sub-)question names something: a capitalised word other than its first (the first is
 * capitalised by position), a number, or a quoted title. "What year was the film released?" names
 * nothing; "What year was Casablanca released?" and "Who won in 1998?" do.
 */
export function namesEntity(text: string): boolean {
  quotedPattern.lastIndex = 0;
  if (quotedPattern.test(text)) return true;
  return tokenizeWords(text).some(
    (token, index) => hasDigit.test(token.text) || (index > 0 && capitalised.test(token.text)),
  );
}

/**
 * The named entities of a question, in order, each once: quoted titles, numbers, and runs of
 * capitalised words (with the name connectors of `@rootweaver/language-en` between them — "Prince of
 * Wales"). The first word counts only when the run goes on past it ("New York is…"), since a
 * question's first word is capitalised by position ("Who", "When").
 */
export function namedEntities(question: string): string[] {
  const found: string[] = [];
  const add = (value: string) => {
    const trimmed = value.trim();
    if (trimmed !== '' && !found.some((known) => known.toLowerCase() === trimmed.toLowerCase()))
      found.push(trimmed);
  };
  quotedPattern.lastIndex = 0;
  for (const match of question.matchAll(quotedPattern)) add(match[1] ?? match[2] ?? match[3] ?? '');
  const tokens = tokenizeWords(question);
  let run: WordToken[] = [];
  let runStartsAtFirst = false;
  const flush = () => {
    // A question's first word is capitalised by position: dropped when it is a function word ("Was
    // Alice born…" gives "Alice"), otherwise kept only as part of a longer run ("New York").
    if (runStartsAtFirst && run.length > 0 && isFunctionWord((run[0] as WordToken).text.toLowerCase())) {
      run.shift();
      runStartsAtFirst = false;
    }
    while (run.length > 0 && connectors.has((run[run.length - 1] as WordToken).text)) run.pop();
    const longEnough = !runStartsAtFirst || run.length > 1;
    if (run.length > 0 && longEnough) {
      const first = run[0] as WordToken;
      const last = run[run.length - 1] as WordToken;
      add(question.slice(first.start, last.end));
    }
    run = [];
    runStartsAtFirst = false;
  };
  tokens.forEach((token, index) => {
    if (capitalised.test(token.text)) {
      if (run.length === 0) runStartsAtFirst = index === 0;
      run.push(token);
    } else if (run.length > 0 && connectors.has(token.text)) {
      run.push(token);
    } else {
      flush();
      if (hasDigit.test(token.text)) add(token.text);
    }
  });
  flush();
  return found;
}

/**
 * The text to retrieve for a sub-question: itself when it names an entity (`namesEntity`), else itself
 * followed by the question's named entities it does not already contain — a sub-question such as
 * "Who directed the film?" otherwise retrieves every film's director.
 */
export function retrievalQueryOf(options: {
  readonly subQuestion: string;
  readonly question: string;
}): string {
  const { subQuestion, question } = options;
  if (namesEntity(subQuestion)) return subQuestion;
  const lower = subQuestion.toLowerCase();
  const missing = namedEntities(question).filter((entity) => !lower.includes(entity.toLowerCase()));
  return missing.length === 0 ? subQuestion : `${subQuestion} ${missing.join(' ')}`;
}
