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

/**
 * Generational suffixes that follow a person's name ("Ada Quill Jr", "Ada Quill Sr."), lower case.
 * They are often left out when the person is named again (a passage titled "Ada Quill" about
 * "Ada Quill Jr."), so a name matches with or without one. Regnal numbers ("Henry VIII") are no
 * suffix of this kind: they tell people apart and always stay.
 */
export const nameSuffixes: ReadonlySet<string> = new Set(['jr', 'sr', 'junior', 'senior']);
