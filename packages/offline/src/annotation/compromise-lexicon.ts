import nlp from 'compromise';

interface CompromiseModel {
  readonly one: {
    readonly lexicon: Readonly<Record<string, string | readonly string[]>>;
    readonly tagSet: Readonly<Record<string, { readonly parents?: readonly string[] }>>;
  };
  readonly two: {
    readonly orgWords: Readonly<Record<string, unknown>>;
    readonly placeWords: Readonly<Record<string, unknown>>;
  };
}

const none: ReadonlySet<string> = new Set();

/**
 * compromise's word knowledge without its tagger: the lexicon (first names, cities, countries,
 * demonyms, months, function words) with each tag's parents, and its
 * organisation and place head words. Lookups are memoised per tag combination.
 */
export class CompromiseLexicon {
  private readonly model = nlp.model() as unknown as CompromiseModel;
  private readonly byTags = new Map<string, ReadonlySet<string>>();
  readonly organizationWords: ReadonlySet<string>;
  readonly placeWords: ReadonlySet<string>;

  constructor() {
    this.organizationWords = new Set(Object.keys(this.model.two.orgWords));
    this.placeWords = new Set(Object.keys(this.model.two.placeWords));
  }

  /** The tags compromise's lexicon gives a word (lower-cased), with their parents. */
  tagsOf(word: string): ReadonlySet<string> {
    const lower = word.toLowerCase();
    const lexicon = this.model.one.lexicon;
    // Own keys only: "constructor" and friends are not words compromise knows.
    if (!Object.hasOwn(lexicon, lower)) return none;
    const entry = lexicon[lower];
    if (typeof entry !== 'string' && !Array.isArray(entry)) return none;
    const key = typeof entry === 'string' ? entry : entry.join(',');
    let tags = this.byTags.get(key);
    if (tags === undefined) {
      const set = new Set<string>();
      for (const tag of typeof entry === 'string' ? [entry] : entry) {
        set.add(tag);
        for (const parent of this.model.one.tagSet[tag]?.parents ?? []) set.add(parent);
      }
      tags = set;
      this.byTags.set(key, tags);
    }
    return tags;
  }
}
