/** The entity a passage is about: its title without a trailing disambiguation like "(film)". */
export function titleEntity(title: string): string {
  return title.replace(/\s*\([^)]*\)\s*$/, '').trim() || title.trim();
}

const referringNouns =
  'film|movie|album|song|single|company|band|group|novel|book|series|show|game|station|school|university|college|club|team|river|city|town|village|church|building|magazine|newspaper|party|organization|organisation|museum|airport|bridge|programme|program|episode|play|opera|EP|record|label|species|ship|work|poem|painting|character|language|region|island|lake|mountain|park|hotel|tournament|competition|festival|event|battle|war|game|franchise|sitcom|documentary|musical|comic|manga|brand|product|genus|family|dynasty|empire|kingdom|state|country|county|district|province';
const referringPhrase = new RegExp(
  `\\b[Tt]he (?:${referringNouns})\\b(?!\\s*(?:[\\p{Lu}"“'‘(]|of\\b|in\\b|by\\b|that\\b|which\\b|who\\b))`,
  'gu',
);
const sentenceSubjectPronoun = /^(He|She|They|It)\s+(?=\p{Ll})/u;
const sentencePossessive = /^(His|Her|Its|Their)\s+(?=\p{L})/u;
const subjectPronoun = /\b(he|she|they)\b(?=\s+\p{Ll})/gu;
const possessivePronoun = /\b(his|its|their)\b(?=\s+\p{L})/gu;

/**
 * Makes a sentence stand alone: subject pronouns (he/she/they/it at the start), possessives
 * (his/her/its/their) and referring phrases ("the film", "the album", "the company") become the
 * passage's title entity. Referring phrases followed by a name ("the film Inception") stay.
 */
export function decontextualise(sentence: string, title: string): string {
  const entity = titleEntity(title);
  const possessive = /s$/.test(entity) ? `${entity}'` : `${entity}'s`;
  let text = sentence
    .replace(sentenceSubjectPronoun, `${entity} `)
    .replace(sentencePossessive, `${possessive} `)
    .replace(subjectPronoun, entity)
    .replace(possessivePronoun, possessive);
  if (!text.includes(entity)) {
    let replaced = false;
    text = text.replace(referringPhrase, () => {
      replaced = true;
      return entity;
    });
    if (!replaced) return text;
  }
  return text;
}
