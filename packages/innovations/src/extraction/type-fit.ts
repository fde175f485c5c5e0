/**
 * How well a candidate's kind and shape fit the answer type a question asks for, in [0, 1] (a factor
 * above 1 only for the event a date is said to be): the heuristic extractor's type conventions, named.
 * They are defaults written from what each answer type means, not fitted; ADR-0020 switched the ones a
 * commit had tied to a dev gain off one at a time on the extraction set's `valid` and `test` questions and
 * deleted those that did not earn their place, and found none of the rest to move an answer either way
 * on that set (its "six small type conventions"). 0 means "never this answer"; 1 "exactly what is asked".
 */
export const typeFit = {
  /** A person is asked. */
  person: {
    /** A name of two or more words ("Ada Lee"). */
    fullName: 0.9,
    /** One capitalised word: a surname, or a word that is no name at all. */
    singleWord: 0.4,
    /** Added after "by", "directed by", "married", "son of" …: the text says a person follows. */
    cue: 0.1,
    /** Taken off a name that holds a country or demonym ("the American Film Institute"). */
    holdsCountry: 0.4,
    /** A name with an organisation word ("… Records", "… University"). */
    organisation: 0.2,
    /** A country, or a one-word demonym. */
    country: 0.05,
  },
  /** A place is asked. */
  place: {
    /** A name right after "in", "at", "born in", "located in" …. */
    afterPlaceCue: 1,
    /** A country name: a place, if often coarser than the one asked. */
    country: 0.7,
    /** A capitalised name with no place cue before it. */
    otherName: 0.3,
    /** A name with an organisation word. */
    organisation: 0.3,
    /** A country, when the place is found as a country mention rather than as a name. */
    countryMention: 0.65,
  },
  /** An organisation is asked. */
  organisation: {
    /** A name with an organisation word. */
    organisationName: 0.9,
    /** Another capitalised name. */
    otherName: 0.55,
    /** A country. */
    country: 0.2,
    /** A corporate or generational suffix alone ("Inc.", "Jr."). */
    suffixAlone: 0.05,
  },
  /** A title (a work's name) is asked. */
  title: {
    /** A quoted span. */
    quoted: 1,
    /** A name right after a work noun ("the film …", "the album …"). */
    afterTitleCue: 0.85,
    /** Another capitalised name. */
    otherName: 0.65,
    /** A country or demonym of one or two words. */
    country: 0.05,
  },
  /** A nationality or a country is asked. */
  nationality: {
    /** A country mention written as the country, for "which country". */
    countryAsked: 1,
    /** A demonym, for "what nationality". */
    demonym: 1,
    /** A country name, for "what nationality". */
    countryName: 0.9,
    /** A whole capitalised name that is a country or demonym. */
    countryChunk: 0.9,
    /** Any other name. */
    otherName: 0.1,
  },
  /** A date (day, month and year, or less) is asked. */
  date: { day: 1, month: 0.85, year: 0.75 },
  /** A year is asked. */
  year: {
    /** A date's year, written as the year. */
    yearOfDate: 1,
    /** A decade ("the 1960s"). */
    decade: 0.5,
  },
  /** A number is asked. */
  number: {
    /** A number that is no date. */
    number: 1,
    /** A date, for an age asked (the age is reckoned from a birth date). */
    dateForAge: 0.9,
    /** A bare number, for an age asked. */
    numberForAge: 0.5,
    /** A date, for a count asked. */
    dateForCount: 0.25,
  },
  /** Anything else is asked ("what", "which" + a noun the types do not know). */
  other: {
    /** A capitalised name. */
    name: 0.5,
    /** A quoted span. */
    quoted: 0.5,
    /** A date or a number. */
    dateOrNumber: 0.3,
    /** A country, or a country mention. */
    country: 0.2,
    /** A one-word demonym: it describes, it rarely answers. */
    demonym: 0.15,
  },
  /** A quoted span, when a person, place, organisation or nationality is asked. */
  quotedForOtherTypes: 0.4,
  /**
   * The date or place of the event asked (birth or death) by what the text says before it: said to be
   * that event, `saidEvent`; said to be the other event ("born … 1926" for a death), `otherEvent`.
   */
  event: { saidEvent: 1.15, otherEvent: 0.25 },
} as const;
