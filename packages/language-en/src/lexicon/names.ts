/**
 * Lower-case words that stand inside a proper name between capitalised words ("Anna of Cleves",
 * "Ludwig van Beethoven", "Prince of Wales", "Kingston upon Tern"). "and" and "&" are not among them:
 * they join two names as often as they stand inside one.
 */
export const nameConnectors: readonly string[] = [
  'of',
  'the',
  'de',
  'du',
  'des',
  'del',
  'della',
  'di',
  'da',
  'dos',
  'das',
  'do',
  'van',
  'von',
  'der',
  'den',
  'zu',
  'la',
  'le',
  'y',
  'e',
  'al',
  'bin',
  'ibn',
  'for',
  'on',
  'upon',
];
