/** Which side of a family a kin noun names, and the person's sex when the noun tells it. */
export type KinTopic = 'parent' | 'spouse' | 'sibling' | 'child' | 'extended';
export interface KinNoun {
  readonly word: string;
  readonly topic: KinTopic;
  readonly sex?: 'male' | 'female';
}

const kin = (word: string, topic: KinTopic, sex?: 'male' | 'female'): KinNoun => ({
  word,
  topic,
  ...(sex === undefined ? {} : { sex }),
});

export const kinNouns: readonly KinNoun[] = [
  kin('father', 'parent', 'male'),
  kin('mother', 'parent', 'female'),
  kin('parent', 'parent'),
  kin('husband', 'spouse', 'male'),
  kin('wife', 'spouse', 'female'),
  kin('spouse', 'spouse'),
  kin('widow', 'spouse', 'female'),
  kin('widower', 'spouse', 'male'),
  kin('brother', 'sibling', 'male'),
  kin('sister', 'sibling', 'female'),
  kin('sibling', 'sibling'),
  kin('son', 'child', 'male'),
  kin('daughter', 'child', 'female'),
  kin('child', 'child'),
  kin('grandson', 'extended', 'male'),
  kin('granddaughter', 'extended', 'female'),
  kin('grandfather', 'extended', 'male'),
  kin('grandmother', 'extended', 'female'),
  kin('uncle', 'extended', 'male'),
  kin('aunt', 'extended', 'female'),
  kin('nephew', 'extended', 'male'),
  kin('niece', 'extended', 'female'),
  kin('cousin', 'extended'),
];

/** The kin nouns of one topic or sex: `kinWords({ topic: 'child' })` → son, daughter, child. */
export function kinWords(
  filter: { readonly topic?: KinTopic; readonly sex?: 'male' | 'female' } = {},
): string[] {
  return kinNouns
    .filter(
      (noun) =>
        (filter.topic === undefined || noun.topic === filter.topic) &&
        (filter.sex === undefined || noun.sex === filter.sex),
    )
    .map((noun) => noun.word);
}
