import { type KnowledgeItem, seededRandom } from '@rootweaver/core';

export { seededRandom };

const syllables = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ven',
  'dor',
  'el',
  'sa',
  'tor',
  'bri',
  'an',
  'fel',
  'go',
  'hal',
  'is',
  'jun',
  'kor',
  'lin',
  'mar',
  'nes',
  'ol',
  'pra',
  'quin',
  'ros',
  'sel',
  'tam',
  'ul',
  'vas',
  'wen',
  'yor',
  'zan',
  'ber',
];

function name(random: () => number, parts: number): string {
  let word = '';
  for (let index = 0; index < parts; index += 1) word += syllables[Math.floor(random() * syllables.length)];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const templates: readonly ((subject: string, object: string, year: number) => [string, string])[] = [
  (film, person) => [`Who directed ${film}?`, person],
  (person, _object, year) => [`When was ${person} born?`, String(year)],
  (person, place) => [`Where was ${person} born?`, place],
  (place, country) => [`Which country is ${place} located in?`, country],
  (person, spouse) => [`Who is the spouse of ${person}?`, spouse],
  (person, university) => [`Which university did ${person} attend?`, `${university} University`],
  (film, _object, year) => [`In which year was the film ${film} released?`, String(year)],
  (person, award) => [`Which award did ${person} win?`, `the ${award} Prize`],
];

/**
 * `count` atomic QA pairs shaped like CompactRAG's knowledge base: entity names made of random
 * syllables (so most are rare, as real names are), relation words that recur across the corpus,
 * about five pairs per ~400-character passage.
 */
export function syntheticQaPairs(count: number, seed = 7): KnowledgeItem[] {
  const random = seededRandom(seed);
  const entities = Array.from(
    { length: Math.max(100, Math.floor(count / 2)) },
    () => `${name(random, 2)} ${name(random, 3)}`,
  );
  const pick = (): string => entities[Math.floor(random() * entities.length)] ?? 'Nobody';
  const items: KnowledgeItem[] = [];
  let passage = '';
  let documentId = '';
  for (let index = 0; index < count; index += 1) {
    if (index % 5 === 0) {
      documentId = `doc-${Math.floor(index / 5)}`;
      const subject = pick();
      passage = `${subject} is known for work with ${pick()} and ${pick()}. Born in ${1900 + Math.floor(random() * 120)} in ${pick()}, ${subject} later moved to ${pick()}, where the studio ${pick()} produced several films. Critics compared the style to ${pick()}, and the collaboration with ${pick()} won wide attention.`;
    }
    const template = templates[Math.floor(random() * templates.length)] ?? templates[0];
    const [question, answer] = template
      ? template(pick(), pick(), 1900 + Math.floor(random() * 120))
      : ['', ''];
    items.push({
      id: `qa-${index}`,
      documentId,
      kind: 'qa',
      text: `${question} ${answer}`,
      title: documentId,
      passage,
      question,
      answer,
    });
  }
  return items;
}

/** Random unit vectors (Gaussian directions), `count` × `dimension`, row-major. */
export function randomUnitVectors(count: number, dimension: number, seed = 11): Float32Array[] {
  const random = seededRandom(seed);
  const gaussian = (): number => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  return Array.from({ length: count }, () => {
    const vector = new Float32Array(dimension);
    let norm = 0;
    for (let index = 0; index < dimension; index += 1) {
      const value = gaussian();
      vector[index] = value;
      norm += value * value;
    }
    norm = Math.sqrt(norm);
    for (let index = 0; index < dimension; index += 1) vector[index] = (vector[index] ?? 0) / norm;
    return vector;
  });
}

/**
 * Unit vectors around `clusters` random centres (noise of relative size `spread`), like embeddings
 * of texts on a limited set of topics; and queries made the same way.
 */
export function clusteredUnitVectors(
  count: number,
  dimension: number,
  options: { clusters?: number; spread?: number; seed?: number } = {},
): Float32Array[] {
  const centres = randomUnitVectors(options.clusters ?? 1000, dimension, (options.seed ?? 5) + 1);
  const noise = randomUnitVectors(count, dimension, options.seed ?? 5);
  const random = seededRandom((options.seed ?? 5) + 2);
  const spread = options.spread ?? 0.6;
  return noise.map((direction) => {
    const centre = centres[Math.floor(random() * centres.length)] ?? direction;
    const vector = new Float32Array(dimension);
    let norm = 0;
    for (let index = 0; index < dimension; index += 1) {
      const value = (centre[index] ?? 0) + spread * (direction[index] ?? 0);
      vector[index] = value;
      norm += value * value;
    }
    norm = Math.sqrt(norm);
    for (let index = 0; index < dimension; index += 1) vector[index] = (vector[index] ?? 0) / norm;
    return vector;
  });
}
