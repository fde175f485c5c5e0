/**
 * Words that end with a full stop without ending a sentence (lower case, without the final stop):
 * titles (Dr, Mr, St, Gen), company and place suffixes (Inc, Ltd, Mt, Ave), months (Jan, Sept), US
 * state forms (Calif, Tex), units and Latin forms (e.g, i.e, ca, c). compromise 14's abbreviation list
 * (MIT) plus the titles, suffixes and months it lacks; a single capital letter (an initial) is always one.
 */
export const abbreviations: ReadonlySet<string> = new Set([
  'approx', 'apt', 'bc', 'cyn', 'eg', 'esp', 'est', 'etc', 'ex', 'exp', 'prob', 'pron', 'gal', 'min',
  'pseud', 'fig', 'jd', 'lat', 'lng', 'vol', 'fm', 'def', 'misc', 'plz', 'ea', 'ps', 'sec', 'pt', 'pref',
  'pl', 'pp', 'qt', 'fr', 'sq', 'nee', 'ss', 'tel', 'temp', 'vet', 'ver', 'fem', 'masc', 'eng', 'adj', 'vb',
  'rb', 'inf', 'situ', 'vivo', 'vitro', 'wr', 'dl', 'ml', 'tbl', 'tsp', 'tbsp', 'km', 'dm', 'cm', 'mm', 'mi',
  'td', 'hr', 'hrs', 'kg', 'hg', 'dg', 'cg', 'mg', 'µg', 'lb', 'oz', 'sq ft', 'hz', 'mps', 'mph', 'kmph',
  'kb', 'mb', 'tb', 'lx', 'lm', 'fl oz', 'yb', 'ad', 'al', 'arc', 'ba', 'bl', 'ca', 'cca', 'col', 'corp',
  'ft', 'fy', 'ie', 'lit', 'ma', 'md', 'pd', 'tce', 'adm', 'adv', 'asst', 'atty', 'bldg', 'brig', 'capt',
  'cmdr', 'comdr', 'cpl', 'det', 'dr', 'esq', 'gen', 'gov', 'hon', 'jr', 'llb', 'lt', 'maj', 'messrs',
  'mlle', 'mme', 'mr', 'mrs', 'ms', 'mstr', 'phd', 'prof', 'pvt', 'rep', 'reps', 'res', 'rev', 'sen', 'sens',
  'sfc', 'sgt', 'sir', 'sr', 'supt', 'surg', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept',
  'oct', 'nov', 'dec', 'dept', 'univ', 'assn', 'bros', 'inc', 'ltd', 'co', 'rd', 'st', 'dist', 'mt', 'ave',
  'blvd', 'cl', 'cres', 'hwy', 'ariz', 'cal', 'calif', 'colo', 'conn', 'fla', 'fl', 'ga', 'ida', 'ia', 'kan',
  'kans', 'minn', 'neb', 'nebr', 'okla', 'penna', 'penn', 'pa', 'dak', 'tenn', 'tex', 'ut', 'vt', 'va',
  'wis', 'wisc', 'wy', 'wyo', 'usafa', 'alta', 'ont', 'que', 'sask', 'no', 'vs', 'u.s', 'u.k', 'e.g', 'i.e',
  'c', 'b', 'd', 'op',
]);

/** Whether `word` (with or without its final full stop, any case) is an abbreviation or an initial. */
export function isAbbreviation(word: string): boolean {
  const bare = word.replace(/\.$/u, '');
  return /^\p{Lu}$/u.test(bare) || abbreviations.has(bare.toLowerCase());
}
