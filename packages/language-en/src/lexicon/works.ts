/** How a kind of work comes out: its year is asked as "When was X released / published / first aired?". */
export type WorkRelease = 'released' | 'published' | 'aired';

/** Kinds of creative work that come out, each with how (released, published, first aired). */
export const workKinds: Readonly<Record<string, WorkRelease>> = {
  film: 'released',
  movie: 'released',
  documentary: 'released',
  album: 'released',
  song: 'released',
  single: 'released',
  EP: 'released',
  'video game': 'released',
  game: 'released',
  novel: 'published',
  book: 'published',
  poem: 'published',
  'short story': 'published',
  comic: 'published',
  manga: 'published',
  magazine: 'published',
  newspaper: 'published',
  series: 'aired',
  'television series': 'aired',
  'TV series': 'aired',
  sitcom: 'aired',
  show: 'aired',
  miniseries: 'aired',
  programme: 'aired',
  program: 'aired',
};

/** Every kind of work: those that come out (`workKinds`) and those that are staged, shown or broadcast in parts. */
export const workNouns: readonly string[] = [
  ...Object.keys(workKinds),
  'episode',
  'play',
  'opera',
  'musical',
  'painting',
];

/**
 * The kinds of work questions name most ("the film X", "What album …?"): the nouns a question's
 * answer is a title for, and the filler around a title ("the film 'X'").
 */
export const titleNouns: readonly string[] = [
  'film',
  'movie',
  'song',
  'album',
  'novel',
  'book',
  'series',
  'show',
];
