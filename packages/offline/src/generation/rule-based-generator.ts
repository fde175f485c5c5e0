import { throwIfAborted } from '@rootweaver/core';
import {
  type Annotation,
  dateSource,
  type EntityKind,
  nameConnectors,
} from '../annotation/annotate-entities.js';
import { CompromiseLexicon } from '../annotation/compromise-lexicon.js';
import { normaliseText } from '../validation/normalise-text.js';
import { decontextualise, titleEntity } from './decontextualise.js';
import type { GeneratedPair, GenerateQaOptions, GenerateQaResult, QaGenerator } from './qa-generator.js';

const date = `(?:${dateSource})`;
const nameWord = "(?:[\\p{Lu}][\\p{L}\\p{M}\\d'’.\\-]*|\\d+(?:st|nd|rd|th)?)";
const nameConnector = '(?:of|the|de|du|des|del|della|di|da|van|von|der|den|la|le|y|bin|ibn|al|on|upon|for)';
const name = `${nameWord}(?:\\s+(?:${nameConnector}\\s+)*${nameWord})*`;
const names = `${name}(?:(?:,\\s+|\\s+and\\s+|,\\s+and\\s+|\\s+&\\s+)${name})*`;
const clauseEnd = String.raw`(?=\s*(?:[.;:()\[\]]|,\s+(?:\p{Ll}|\d)|\s+(?:which|who|whose|where|that|while|but|whereas|although|since|after|before|until|when|as|and\s+(?:is|was|has|had|were|are))\b|$))`;
const place = `(?:the\\s+)?${names}(?:\\s+(?:district|region|area|part|province|state|county|suburb|city|town|village|municipality|department|prefecture|borough|coast|island|valley)\\s+of\\s+(?:the\\s+)?${names})?`;
const descriptor =
  '(?:(?:[\\p{Lu}][\\p{L}\\-]+\\s+)?(?:[\\p{Ll}\\-]+\\s+){0,3}?(?:band|singer|singer-songwriter|artist|group|rapper|duo|trio|quartet|ensemble|orchestra|choir|supergroup|collective|director|filmmaker|author|writer|novelist|composer|musician|producer|songwriter|guitarist|DJ|company|studio|label|poet|playwright|comedian|actor|actress|cartoonist|developer|publisher)\\s+)?';

const byVerbs: Record<string, string> = {
  directed: 'directed',
  written: 'wrote',
  'co-written': 'co-wrote',
  produced: 'produced',
  'co-produced': 'co-produced',
  founded: 'founded',
  'co-founded': 'co-founded',
  composed: 'composed',
  developed: 'developed',
  published: 'published',
  designed: 'designed',
  created: 'created',
  performed: 'performed',
  recorded: 'recorded',
  sung: 'sang',
  built: 'built',
  owned: 'owns',
  established: 'established',
  distributed: 'distributed',
  edited: 'edited',
  illustrated: 'illustrated',
  hosted: 'hosted',
  narrated: 'narrated',
  invented: 'invented',
  discovered: 'discovered',
  painted: 'painted',
  coached: 'coached',
  managed: 'managed',
  led: 'led',
  commanded: 'commanded',
  operated: 'operates',
  manufactured: 'manufactured',
  voiced: 'voiced',
  portrayed: 'portrayed',
  played: 'played',
  named: 'named',
  acquired: 'acquired',
  purchased: 'purchased',
  bought: 'bought',
  released: 'released',
  translated: 'translated',
  popularized: 'popularized',
  popularised: 'popularised',
  adapted: 'adapted',
  headed: 'headed',
  won: 'won',
};
const byPattern = new RegExp(
  `\\b(?:(is|was|were|are|been|being)\\s+)?(?:(?:also|originally|first|later|jointly|co-)\\s*)?(${Object.keys(byVerbs).join('|')})(?:\\s+(?:in|on)\\s+${date},?)?\\s+by\\s+(?:the\\s+)?${descriptor}(${names})`,
  'gu',
);
const workTypes: Record<string, 'released' | 'published' | 'aired'> = {
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
const creatorQuestion: Record<'released' | 'published' | 'aired', Record<string, string>> = {
  released: { film: 'directed', movie: 'directed', documentary: 'directed', default: 'performed' },
  published: { default: 'wrote' },
  aired: { default: 'created' },
};
const workPattern = new RegExp(
  `^an?\\s+(?:(${date})\\s+)?((?:[\\p{Lu}][\\p{L}\\-]+(?:[\\s\\-][\\p{Lu}][\\p{L}\\-]+)*\\s+)?)((?:(?!(?:of|for|in|and|about|with)\\s)[\\p{Ll}\\d\\-]+\\s+){0,4}?)(${Object.keys(
    workTypes,
  )
    .sort((left, right) => right.length - left.length)
    .join(
      '|',
    )})\\b(?!\\s+(?:director|maker|producer|critic|score|studio|composer|editor|company|industry|festival|actor|actress|writer|character|adaptation|version|distributor|division))(?:\\s+(?:directed\\s+)?by\\s+${descriptor}(${names}))?`,
  'u',
);
const locationNouns =
  'city|town|village|community|river|creek|lake|mountain|county|district|suburb|municipality|island|region|province|state|neighbourhood|neighborhood|hamlet|area|locality|commune|settlement|borough|township|park|station|airport|school|university|college|museum|church|building|bridge|dam|street|road|capital|port|valley|peninsula|watercourse|reservoir|castle|palace|stadium|arena|hospital|temple|mosque|cathedral|prison|library|theatre|theater|cemetery|monastery';
const locationPattern = new RegExp(
  `^an?\\s+(?:[\\p{L}\\-]+\\s+){0,4}?(?:${locationNouns})\\s+(?:(?:located|situated|based|lying)\\s+)?(?:in|on|near|within)\\s+(${place})`,
  'u',
);
const locatedPattern = new RegExp(
  `\\b(is|was|are|were)\\s+(?:\\w+ly\\s+)?(?:located|situated|based|headquartered|found)\\s+(?:in|on|at|near|within)\\s+(${place})`,
  'u',
);
const passivePlaceOrDate = new RegExp(
  `\\b(is|was|were|are)\\s+(?:(?:also|first|originally|later)\\s+)?(born|founded|established|formed|created|opened|built|completed|released|published|launched|incorporated|constructed|inaugurated|premiered|filmed|shot|recorded|held|buried|killed|married|elected|appointed|introduced|signed|discovered|produced|made|set|written|educated|raised|based|first\\s+aired|broadcast|named|renamed|closed|demolished|abolished|dissolved)\\s+(?:on\\s+location\\s+)?(?:(?:on|in|at)\\s+)(${date}|${place})`,
  'gu',
);
const bornPattern = new RegExp(
  `\\bborn\\s+(?:(?:on|in)\\s+)?(${date})(?:\\s*,?\\s+in\\s+(${place}))?|\\bborn\\s+in\\s+(${place})`,
  'u',
);
const lifeSpanPattern = new RegExp(`\\(\\s*(?:[^()]*?;\\s*)?(${date})\\s*[–—-]\\s*(${date})\\s*\\)`, 'u');
const diedPattern = new RegExp(
  `\\bdied\\s+(?:(?:on|in)\\s+)?(${date})(?:\\s*,?\\s+in\\s+(${place}))?|\\bdied\\s+in\\s+(${place})`,
  'u',
);
const populationPattern =
  /\bpopulation\s+(?:of\s+|was\s+|is\s+|stood\s+at\s+)?(?:about\s+|approximately\s+|around\s+|over\s+|some\s+)?(\d[\d,.]*(?:\s+(?:million|billion|thousand))?)(?:[^.]*?\b(?:at|in|as of)\s+the\s+(\d{4})\s+[Cc]ensus)?/u;
const starringPattern = new RegExp(`\\bstar(?:s|red|ring)\\s+(${names})`, 'u');
/** Active verbs: past tense → [base form, participle, question about the object]. */
const activeVerbs: Record<string, readonly [string, string, string]> = {
  founded: ['found', 'founded', 'Who founded'],
  'co-founded': ['co-found', 'co-founded', 'Who co-founded'],
  established: ['establish', 'established', 'Who established'],
  created: ['create', 'created', 'Who created'],
  formed: ['form', 'formed', 'Who formed'],
  directed: ['direct', 'directed', 'Who directed'],
  wrote: ['write', 'written', 'Who wrote'],
  'co-wrote': ['co-write', 'co-written', 'Who co-wrote'],
  produced: ['produce', 'produced', 'Who produced'],
  composed: ['compose', 'composed', 'Who composed'],
  designed: ['design', 'designed', 'Who designed'],
  built: ['build', 'built', 'Who built'],
  invented: ['invent', 'invented', 'Who invented'],
  discovered: ['discover', 'discovered', 'Who discovered'],
  developed: ['develop', 'developed', 'Who developed'],
  published: ['publish', 'published', 'Who published'],
  painted: ['paint', 'painted', 'Who painted'],
  recorded: ['record', 'recorded', 'Who recorded'],
  released: ['release', 'released', 'Who released'],
  acquired: ['acquire', 'acquired', 'Who acquired'],
  bought: ['buy', 'bought', 'Who bought'],
  purchased: ['purchase', 'purchased', 'Who purchased'],
  owned: ['own', 'owned', 'Who owned'],
  owns: ['own', 'owned', 'Who owns'],
  led: ['lead', 'led', 'Who led'],
  coached: ['coach', 'coached', 'Who coached'],
  managed: ['manage', 'managed', 'Who managed'],
  hosted: ['host', 'hosted', 'Who hosted'],
  edited: ['edit', 'edited', 'Who edited'],
  illustrated: ['illustrate', 'illustrated', 'Who illustrated'],
  narrated: ['narrate', 'narrated', 'Who narrated'],
  sang: ['sing', 'sung', 'Who sang'],
  performed: ['perform', 'performed', 'Who performed'],
  won: ['win', 'won', 'Who won'],
  joined: ['join', 'joined', 'Who joined'],
  attended: ['attend', 'attended', 'Who attended'],
  succeeded: ['succeed', 'succeeded', 'Who succeeded'],
  replaced: ['replace', 'replaced', 'Who replaced'],
  defeated: ['defeat', 'defeated', 'Who defeated'],
  commanded: ['command', 'commanded', 'Who commanded'],
  starred: ['star', 'starred', 'Who starred'],
  portrayed: ['portray', 'portrayed', 'Who portrayed'],
  voiced: ['voice', 'voiced', 'Who voiced'],
  represented: ['represent', 'represented', 'Who represented'],
  signed: ['sign', 'signed', 'Who signed'],
};
const objectHeads =
  '(?:\\s+(?:award|awards|prize|medal|trophy|cup|championship|championships|election|title|race|tournament|series|award\\s+for\\s+[\\p{L}\\s]+?))?';
const activePattern = new RegExp(
  `\\b(${Object.keys(activeVerbs).join('|')})\\s+(in\\s+)?(?:the\\s+|an?\\s+)?(${names}${objectHeads})(?:\\s+in\\s+(${date}))?`,
  'gu',
);
/** Where someone studied, lived, worked, moved or played. */
const placeVerbPattern = new RegExp(
  `\\b(studied|lived|worked|moved|played|graduated|taught|settled|retired|emigrated|competed|served)\\s+(?:[\\p{Ll}\\-]+\\s+){0,3}?(at|in|for|to|from|with)\\s+(?:the\\s+)?(${names})`,
  'gu',
);
const placeVerbQuestions: Record<string, string> = {
  studied: 'Where did SUBJECT study?',
  lived: 'Where did SUBJECT live?',
  worked: 'Where did SUBJECT work?',
  moved: 'Where did SUBJECT move to?',
  played: 'Which team did SUBJECT play for?',
  graduated: 'Where did SUBJECT graduate from?',
  taught: 'Where did SUBJECT teach?',
  settled: 'Where did SUBJECT settle?',
  retired: 'Where did SUBJECT retire?',
  emigrated: 'Where did SUBJECT emigrate to?',
  competed: 'What did SUBJECT compete for?',
  served: 'What did SUBJECT serve in?',
};
const partOfPattern = new RegExp(
  `\\b(?:is|was|are|were)\\s+(?:a\\s+)?part\\s+of\\s+(?:the\\s+)?(${names})`,
  'u',
);
const personPossessive =
  /['’]s?\s+(?:\p{Ll}+\s+)?(?:son|daughter|wife|husband|father|mother|brother|sister|child|spouse|partner|uncle|aunt|cousin|nephew|niece|grandson|granddaughter|grandfather|grandmother|widow|successor|predecessor|founder|director|leader|owner|coach|manager|captain|president|chairman|mayor|king|queen|heir)$/u;
const startsWithDate = new RegExp(`^${date}`, 'u');
const relativeClause =
  /\b(?:who|which|that|whose|whom|where|when|while|after|before|because|although|if)\b|[;:]/u;

const knownAsPattern = new RegExp(
  `\\b(?:better\\s+|also\\s+|professionally\\s+|commonly\\s+|popularly\\s+|simply\\s+)?known\\s+(?:professionally\\s+|simply\\s+)?as\\s+["“]?(${name})`,
  'u',
);
const castPattern = new RegExp(
  `(${name})\\s+(?:\\([^)]*\\)\\s+)?as\\s+(?:the\\s+)?(${name}(?:\\s*/\\s*${name})?)`,
  'gu',
);
const playsPattern = new RegExp(
  `^(${name})\\s+(?:plays|played|portrays|portrayed|voices|voiced)\\s+(?:the\\s+)?(?:[\\p{Ll}\\-]+\\s+){0,2}?(${name})`,
  'u',
);
const countryLexicon = new CompromiseLexicon();
const functionWordTags = [
  'Adverb',
  'Conjunction',
  'Determiner',
  'Preposition',
  'Pronoun',
  'QuestionWord',
  'Copula',
  'Verb',
];

function hasFunctionTag(word: string): boolean {
  const tags = countryLexicon.tagsOf(word);
  return functionWordTags.some((tag) => tags.has(tag));
}
const administrativeHeads =
  /\b(County|Oblast|Province|Region|Voivodeship|Prefecture|Governorate|District|Department|State|Canton|Municipality|Parish|Shire|Borough|Krai|Republic)$/u;

/** "Tern County, Kentucky, United States": typed pairs for each part ("Which county…", "Which country…"). */
function locationParts(context: SentenceContext, tense: string, answer: string): void {
  const parts = answer
    .replace(
      /^(?:the\s+)?(?:[\p{Ll}-]+\s+){0,2}(?:district|region|area|part|province|state|county|suburb|municipality|department|prefecture|borough|coast|island|valley)\s+of\s+(?:the\s+)?/u,
      '',
    )
    .split(/,\s+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return;
  const verb = tense === 'are' || tense === 'were' ? tense : tense === 'was' ? 'was' : 'is';
  parts.forEach((part, index) => {
    const head = administrativeHeads.exec(part)?.[1];
    if (head !== undefined)
      context.add(`Which ${head.toLowerCase()} ${verb} ${context.subject} in?`, part, 'location-part');
    else if (index === parts.length - 1 && parts.length > 1 && countryLexicon.tagsOf(part).has('Country'))
      context.add(`Which country ${verb} ${context.subject} in?`, part, 'location-part');
    else if (index === 0 && parts.length > 1)
      context.add(`In which place ${verb} ${context.subject}?`, part, 'location-part');
  });
}

const marriedPattern = new RegExp(
  `\\bmarried\\s+(?:to\\s+)?(?:(?:[\\p{Lu}][\\p{Ll}]+\\s+)?((?:[\\p{Ll}-]+\\s+){1,2})(?=\\p{Lu}))?(${name})`,
  'u',
);
const familyPattern = new RegExp(
  `^(?:the\\s+)?(?:(?:eldest|youngest|only|second|third|illegitimate|adopted|elder|younger)\\s+)?(son|daughter|wife|husband|widow|widower|brother|sister|father|mother|child|grandson|granddaughter|grandfather|grandmother|nephew|niece|cousin|uncle|aunt)\\s+of\\s+(?:the\\s+)?(${name})`,
  'u',
);
const memberPattern = new RegExp(
  `\\b(?:is|was|are|were)\\s+(?:a\\s+)?members?\\s+of\\s+(?:the\\s+)?(${names})`,
  'u',
);
const copulaPattern = /^(.{1,160}?)\s+(is|was|are|were)\s+(.+)$/u;
const demonymLike =
  /^(?:[\p{Lu}][\p{Ll}]+(?:an|ian|ish|ese|ch|sh|ic|i|ean|ine|ite|er|Zealand|Korean))(?:[\s-][\p{Lu}][\p{Ll}]+(?:an|ian|ish|ese|ch|i|ean))*$/u;
const occupationPattern = new RegExp(
  `^an?\\s+(?:former\\s+|retired\\s+|professional\\s+)?(?:(${name})\\s+)?((?:[\\p{Ll}\\-]+)(?:\\s+[\\p{Ll}\\-]+){0,2}?(?:(?:,\\s+|\\s+and\\s+)[\\p{Ll}\\-]+(?:\\s+[\\p{Ll}\\-]+){0,2}?)*?)${clauseEnd.replace('(?=', '(?=\\s+(?:of|from|for|in|with|born|best|known)\\b|')}`,
  'u',
);
const personNouns =
  /\b(actor|actress|singer|songwriter|director|writer|author|poet|politician|player|footballer|musician|composer|producer|painter|artist|journalist|lawyer|judge|officer|general|king|queen|prince|princess|emperor|bishop|priest|scientist|physicist|chemist|mathematician|philosopher|economist|historian|engineer|architect|businessman|businesswoman|entrepreneur|model|dancer|comedian|rapper|guitarist|drummer|pianist|coach|manager|athlete|cyclist|boxer|wrestler|swimmer|photographer|designer|screenwriter|novelist|playwright|filmmaker|presenter|broadcaster|activist|diplomat|soldier|nobleman|noblewoman|saint|monk|nun|physician|surgeon|professor|teacher|scholar|linguist|sculptor|cartoonist|illustrator|editor|publisher|founder|chef|astronaut|explorer|inventor|pilot|jockey|racer|driver|cricketer|batsman|bowler|goalkeeper|midfielder|defender|forward|striker|queen consort|duke|duchess|count|countess|earl|baron|lord|lady|senator|governor|mayor|minister|president|chancellor|member)\b/u;

/** Words that may stand inside a sentence's subject: name connectors plus articles, joins and dashes. */
const subjectConnectors: ReadonlySet<string> = new Set([
  ...nameConnectors,
  'der',
  'den',
  'and',
  'in',
  'a',
  'an',
  'to',
  'at',
  '-',
  '–',
  ':',
]);

function clean(text: string): string {
  return text
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:"“”'‘’]+|[\s,;:"“”'‘’]+$/g, '')
    .trim();
}

function trimAnswer(text: string): string {
  return text
    .replace(/^(?:the|a|an)\s+/i, (match) => (/^the\s/i.test(match) ? match : ''))
    .replace(/[\s,;:.]+$/g, '')
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
}

/** The noun phrase a sentence is about, when it looks like a name ("Natural Dam", not "the area"). */
function entitySubject(raw: string): string | undefined {
  const withoutParentheses = raw.replace(/\s*\([^()]*\)/g, '').replace(/\s*\([^()]*\)/g, '');
  const beforeAppositive = withoutParentheses.split(/,\s+/)[0] ?? withoutParentheses;
  if (
    /^(?:As|From|With|Under|Following|Despite|Although|While|When|After|Before|During|In|On|By|Since|At|For|Upon|Between|Through|Throughout|Over|Unlike|Like|Along|According)\s/u.test(
      beforeAppositive,
    )
  )
    return undefined;
  const subject = clean(beforeAppositive).replace(
    /^(?:The|A|An)\s+(?:\p{Ll}[\p{L}-]*\s+){1,3}(?=\p{Lu})/u,
    '',
  );
  if (subject === '' || subject.split(' ').length > 10) return undefined;
  const first = subject.codePointAt(0);
  if (first === undefined) return undefined;
  const character = String.fromCodePoint(first);
  if (character === character.toLowerCase() && !/^\d/.test(subject)) return undefined;
  if (/^(?:The|This|These|Those|It|There|A|An|Some|Many|Most|All|Its|Their|His|Her)\s+\p{Ll}/u.test(subject))
    return undefined;
  if (/^(?:It|There|This|That|These|Those|He|She|They)$/u.test(subject)) return undefined;
  // A lone function word ("Thus", "In", "However") is not a name.
  if (!subject.includes(' ') && hasFunctionTag(subject)) return undefined;
  // "John Smith's son", "Paris's mayor": a name, a possessive and up to three lower-case words.
  const possessive = /^(.+?)['’]s?\s+((?:\p{Ll}[\p{L}-]*\s*){1,3})$/u.exec(subject);
  if (possessive?.[1] !== undefined && entitySubject(possessive[1]) === possessive[1]) return subject;
  // A name: capitalised words, numbers and connectors only ("Lee Creek Bridge", "University of Oslo").
  const words = subject.split(' ');
  if (!words.every((word) => /^[\p{Lu}\d"“'‘(&]/u.test(word) || subjectConnectors.has(word)))
    return undefined;
  return subject;
}

function isPerson(
  entity: string,
  kinds: ReadonlyMap<string, EntityKind>,
  hints: { person: boolean },
): boolean {
  return kinds.get(entity) === 'person' || hints.person;
}

function whoOrWhat(answer: string, kinds: ReadonlyMap<string, EntityKind>): 'Who' | 'What' {
  const kind = kinds.get(answer) ?? kinds.get(answer.split(/,\s+|\s+and\s+/)[0] ?? answer);
  if (kind === 'person') return 'Who';
  if (kind === 'place' || kind === 'organization' || kind === 'date') return 'What';
  return /^[\p{Lu}][\p{Ll}]+\s+[\p{Lu}][\p{Ll}]+$/u.test(answer) ? 'Who' : 'What';
}

interface SentenceContext {
  readonly original: string;
  readonly text: string;
  readonly title: string;
  readonly subject: string;
  readonly subjectIsTitle: boolean;
  readonly kinds: ReadonlyMap<string, EntityKind>;
  readonly person: { person: boolean };
  readonly add: (question: string, answer: string, rule: string) => void;
}

function lifeFacts(context: SentenceContext): void {
  const { text, subject, add } = context;
  const lifeSpan = lifeSpanPattern.exec(text);
  if (lifeSpan?.[1] !== undefined && lifeSpan[2] !== undefined) {
    add(`When was ${subject} born?`, lifeSpan[1], 'life-span');
    add(`When did ${subject} die?`, lifeSpan[2], 'life-span');
    context.person.person = true;
  }
  const born = bornPattern.exec(text);
  if (born !== null) {
    context.person.person = true;
    if (born[1] !== undefined) add(`When was ${subject} born?`, born[1], 'born');
    const where = born[2] ?? born[3];
    if (where !== undefined) add(`Where was ${subject} born?`, trimAnswer(where), 'born');
  }
  const died = diedPattern.exec(text);
  if (died !== null) {
    if (died[1] !== undefined) add(`When did ${subject} die?`, died[1], 'died');
    const where = died[2] ?? died[3];
    if (where !== undefined) add(`Where did ${subject} die?`, trimAnswer(where), 'died');
  }
}

function copulaFacts(context: SentenceContext, verb: string, complement: string): void {
  const { subject, add, kinds } = context;
  const tense = verb === 'are' || verb === 'were' ? verb : verb === 'is' ? 'is' : 'was';
  const work = workPattern.exec(complement);
  if (work !== null) {
    const [, year, nationality, , type, director] = work;
    const kind = workTypes[type ?? ''] ?? 'released';
    if (year !== undefined)
      add(`When was ${subject} ${kind === 'aired' ? 'first aired' : kind}?`, year, 'work-year');
    const nationalityText = nationality?.trim();
    if (nationalityText !== undefined && nationalityText !== '' && demonymLike.test(nationalityText))
      add(`What nationality ${tense} ${subject}?`, nationalityText, 'work-nationality');
    if (director !== undefined) {
      const creator = creatorQuestion[kind][type ?? ''] ?? creatorQuestion[kind].default ?? 'created';
      add(
        creator === 'performed' ? `Who is the performer of ${subject}?` : `Who ${creator} ${subject}?`,
        trimAnswer(director),
        'work-by',
      );
    }
  }
  const location = locationPattern.exec(complement);
  if (location?.[1] !== undefined) {
    add(`Where ${tense} ${subject}?`, trimAnswer(location[1]), 'location');
    locationParts(context, tense, trimAnswer(location[1]));
  }
  const family = familyPattern.exec(complement);
  if (family?.[1] !== undefined && family[2] !== undefined) {
    add(`Whose ${family[1]} ${tense} ${subject}?`, trimAnswer(family[2]), 'family');
    context.person.person = true;
  }
  const occupation = occupationPattern.exec(complement);
  if (occupation !== null && work === null && location === null) {
    const [, nationality, role] = occupation;
    const personLike = role !== undefined && personNouns.test(role);
    if (personLike) context.person.person = true;
    if (nationality !== undefined && demonymLike.test(nationality) && (personLike || context.person.person))
      add(`What nationality ${tense} ${subject}?`, nationality, 'nationality');
    if (personLike && role !== undefined) add(`What ${tense} ${subject}'s occupation?`, role, 'occupation');
  }
  const described = trimAnswer(
    complement.replace(/\s*\.$/, '').replace(/^(?:also|still|now|currently|once|formerly)\s+/u, ''),
  );
  if (/^(?:(?:also|still|now|currently|once|formerly)\s+)?(?:an?|the|one|\d|[\p{Lu}])\s*/u.test(complement)) {
    const questionWord =
      (isPerson(subject, kinds, context.person) && !/['’]s?\s/u.test(subject)) ||
      personPossessive.test(subject)
        ? 'Who'
        : 'What';
    add(`${questionWord} ${tense} ${subject}?`, described, 'copula');
  }
  // "X is the director of Y" also answers "Who is the director of Y?"; "X is a 1995 film directed
  // by Y" answers "What is a 1995 film directed by Y?" — the subject becomes the answer.
  const personLike = context.person.person || kinds.get(subject) === 'person';
  const role =
    /^the\s+([^,;()]+?\s+of\s+[^,;()]+?)(?=\s*(?:[,;().]|\s+(?:since|from|until|between|in\s+\d)\b|$))/u.exec(
      complement,
    );
  if (role?.[1] !== undefined) {
    const personRole = personNouns.test(role[1].split(' of ')[0] ?? '');
    add(`${personRole || personLike ? 'Who' : 'What'} ${tense} the ${role[1]}?`, subject, 'role');
  } else {
    const description =
      /^(an?\s+[^;()]+?)(?=\s*(?:[;()]|(?<!\b\p{Lu})\.(?=\s|$)|,\s+(?:\p{Ll}|\d)|\s+(?:who|which|that|whose|where|since)\b|$))/u.exec(
        complement,
      )?.[1];
    const words = description?.split(' ').length ?? 0;
    if (description !== undefined && words >= 3 && words <= 24) {
      add(
        `${personLike ? 'Who' : 'What'} ${tense} ${description.replace(/[\s,;:]+$/u, '')}?`,
        subject,
        'described',
      );
    }
  }
}

const relativeAntecedent = new RegExp(
  `(${name})\\s*(?:,\\s*|\\(\\s*)(?:which|who)\\s+(?:is\\s+|was\\s+|were\\s+|are\\s+)?$`,
  'u',
);
/** "Ice King (voiced by Tom Kenny)", "FleetBoston, which was acquired by Bank of America in 2004". */
const relativeAgentPattern = new RegExp(
  `(${name})\\s*(?:,\\s*(?:(?:which|who)\\s+(?:is|was|were|are|has\\s+been|had\\s+been)\\s+)?|\\(\\s*)(?:(?:also|originally|first|later|jointly|now|then|subsequently|formerly)\\s+)?(${Object.keys(byVerbs).join('|')})(?:\\s+(?:in|on)\\s+${date},?)?\\s+by\\s+(?:the\\s+)?${descriptor}(${names})`,
  'gu',
);
const characterVerbs: Record<string, string> = { played: 'play', portrayed: 'portray', voiced: 'voice' };
const tributaryPattern = new RegExp(
  `\\b(?:is|was)\\s+(?:an?|the)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?tributary\\s+of\\s+(?:the\\s+)?(${name})`,
  'u',
);
const appositiveTributaryPattern = new RegExp(
  `(${name}),\\s+an?\\s+(?:[\\p{Ll}-]+\\s+){0,2}?tributary\\s+of\\s+(?:the\\s+)?(${name})`,
  'gu',
);
const flowsIntoPattern = new RegExp(
  `\\b(?:flows|flowed|empties|emptied|drains|discharges)\\s+(?:(?:\\p{Ll}+ly|(?:north|south)?(?:east|west)?(?:ward)?|north|south|generally)\\s+)*into\\s+(?:the\\s+)?(${name})`,
  'gu',
);
const headquartersPattern = new RegExp(
  `(${name})['’]s?\\s+(?:headquarters|head\\s+office|main\\s+office)\\s+(?:is|are|was|were)\\s+(?:(?:located|based|situated)\\s+)?(?:in|at)\\s+(${place})`,
  'u',
);
const headquarteredPattern = new RegExp(
  `\\b(?:headquartered|has\\s+its\\s+headquarters)\\s+(?:in|at)\\s+(${place})`,
  'u',
);
const seatNouns =
  '(?:capital(?:\\s+city)?|largest\\s+city|most\\s+populous\\s+city|county\\s+seat|seat|administrative\\s+cent(?:re|er))';
const seatQualifiers = '(?:(?:state|provincial|national|regional|federal|former|historic|district)\\s+)?';
const placeHead =
  '(?:the\\s+)?(?:(?:state|province|region|county|country|city|island|kingdom|republic|department|prefecture|district)\\s+of\\s+(?:the\\s+)?)?';
const appositiveSeatPattern = new RegExp(
  `(${name}),\\s+(?:the\\s+)?${seatQualifiers}(${seatNouns})\\s+of\\s+${placeHead}(${place})`,
  'gu',
);
const copulaSeatPattern = new RegExp(
  `\\b(?:is|was)\\s+(?:also\\s+)?the\\s+${seatQualifiers}(${seatNouns})(?:\\s+and\\s+(?:the\\s+)?(${seatNouns}))?\\s+of\\s+${placeHead}(${place})`,
  'u',
);
const seatIsPattern = new RegExp(
  `^(?:The\\s+|(${name})['’]s?\\s+)(${seatNouns})\\s+(?:is|was)\\s+(${name})`,
  'u',
);
const spousePattern = new RegExp(
  `(${name})['’]s?\\s+(?:(?:first|second|third|late|former|future)\\s+)?(wife|husband|spouse)\\s*,?\\s+(?:the\\s+)?(?:(?:[\\p{Lu}][\\p{Ll}]+\\s+)?(?:[\\p{Ll}-]+\\s+)(?=\\p{Lu}))?(${name})`,
  'gu',
);
const intendedPurchasePattern = new RegExp(
  `\\b(?:would|will|to)\\s+(purchase|acquire|buy)\\s+(?:(?:${nameWord}\\s*-\\s*based|(?!(?:from|back|out|up|into|in|on|at|for|with|of)\\s)[\\p{Ll}-]+)\\s+){0,2}?(?:(?:bank|company|firm|retailer|airline|carrier|chain|rival|competitor|studio|label|publisher|maker|manufacturer|operator|developer|network|broadcaster|newspaper|team|club)\\s+)?(${name})(?![\\p{L}\\p{M}\\d'’])(?!\\s*-\\s*\\p{Ll})(?!\\s+\\p{Lu})`,
  'gu',
);
const pastOf: Record<string, string> = { purchase: 'purchased', acquire: 'acquired', buy: 'bought' };
const agentNounOf: Record<string, string> = {
  purchase: 'purchaser',
  purchased: 'purchaser',
  acquire: 'acquirer',
  acquired: 'acquirer',
  buy: 'buyer',
  bought: 'buyer',
  owned: 'owner',
};
/** "X started in Fort Mitchell, Kentucky", "X was formed in Leeds". */
const originPattern = new RegExp(
  `\\b(?:started|began|originated|(?:was|were)\\s+(?:founded|formed|established|started))\\s+(?:\\p{Ll}+ly\\s+)?in\\s+(${place})`,
  'u',
);
const officeNouns =
  '(?:CEO|chief\\s+executive(?:\\s+officer)?|chairman|chairwoman|chairperson|president|founder|co-founder|owner|head\\s+coach|director|editor)';
const officeLead =
  '(?:(?:then|former|current|longtime|new)\\s+)?(?:(?:founder|co-founder|president|chairman)\\s+and\\s+)?';
const possessiveOfficePattern = new RegExp(
  `(${name})['’]s?\\s+${officeLead}(${officeNouns})\\s*,?\\s+(${name})`,
  'gu',
);
const appositiveOfficePattern = new RegExp(
  `(${name}),\\s+(?:the\\s+)?${officeLead}(${officeNouns})\\s+of\\s+(?:the\\s+)?(${name})`,
  'gu',
);
const becameOfficePattern = new RegExp(
  `\\b(?:named|appointed|became|served\\s+as|elected|promoted\\s+to)\\s+(?:the\\s+)?${officeLead}(${officeNouns})\\s+of\\s+(?:the\\s+)?(${name})`,
  'gu',
);

/**
 * A sentence-opening time or source phrase ("In 2004, ", "On 3 May 1990, ", "According to Genesis, "):
 * dropped before matching so that the clause's own subject leads; the rest is still a span of the sentence.
 */
const leadingAdverbial = new RegExp(
  `^(?:(?:In|On|By|Since|During|After|Before|Until|Around|Circa|As\\s+of)\\s+(?:(?:early|late|mid|the|about)[\\s-]+)?(?:${date})s?|According\\s+to\\s+[^,;()]{1,60}|However|Later|Earlier|Previously|Formerly|Afterwards|Then|Eventually|Meanwhile|Today|Currently|Subsequently|Originally|Initially|Finally|Additionally|Also|Thus|Therefore)\\s*,\\s+(?=\\p{Lu})`,
  'u',
);
/** "… the couple Marshall Eriksen (Jason Segel) and Lily Aldrin (Alyson Hannigan)": characters and their actors. */
const castParenthesesPattern = new RegExp(
  `(${nameWord}(?:\\s+${nameWord}){1,3})\\s+\\((${nameWord}(?:\\s+${nameWord}){1,3})\\)`,
  'gu',
);

/** "X is named after Y", "X was named in honour of Y". */
const namedAfterPattern = new RegExp(
  `\\b(?:is|was|are|were)\\s+(?:(?:also|originally|probably|presumably)\\s+)?named\\s+(?:after|for|in\\s+honou?r\\s+of)\\s+(?:the\\s+)?(?:(?:${nameWord}\\s+)?(?:(?!(?:of|the|and)\\s)[\\p{Ll}-]+\\s+){1,2}(?=\\p{Lu}))?(${name})`,
  'u',
);
/** "X served as the first Deputy Prime Minister of India": a capitalised office of a named place or body. */
const servedOfficePattern = new RegExp(
  `\\b(?:served\\s+as|became|(?:was|is)\\s+(?:named|appointed|elected)(?:\\s+as)?)\\s+(?:the\\s+)?((?:(?:first|second|third|last|\\d+(?:st|nd|rd|th))\\s+)?[\\p{Lu}][\\p{L}-]*(?:\\s+[\\p{Lu}][\\p{L}-]*){0,3}\\s+of\\s+(?:the\\s+)?${name})`,
  'gu',
);
/** "X was released as the lead single from the album Y" / "from her second studio album, Y". */
const singleFromPattern = new RegExp(
  `\\breleased\\s+as\\s+the\\s+(?:[\\p{L}\\d-]+\\s+){0,3}?single\\s+(?:from|off)\\s+(?:the\\s+album\\s+|(?:the|her|his|their|its|${name}['’]s?)\\s+(?:[\\p{L}\\d-]+\\s+){0,3}?album,?\\s+)["“]?(${name})`,
  'u',
);

/** "Built in 1988 by the Togo company, it …": an opening participle about the sentence's subject. */
const leadingAgentPattern = new RegExp(
  `^(?:(?:originally|first|later)\\s+)?((?:${Object.keys(byVerbs).join('|')}))(?:\\s+(?:in|on)\\s+${date})?\\s+by\\s+(?:the\\s+)?${descriptor}(${names}(?:\\s+(?:company|corporation|group|studio|firm|brothers|family))?)\\s*,`,
  'u',
);
const weekdays = '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?';
/** "It airs on JTBC on Mondays at 21:30": the day of the week a programme airs. */
const airDayPattern = new RegExp(
  `\\b(?:airs|aired|broadcasts|is\\s+broadcast|was\\s+broadcast|runs|ran)\\s+(?:(?:on|every)\\s+(?!${weekdays})${name}\\s+)?(?:on\\s+|every\\s+)(${weekdays}(?:(?:,\\s+|\\s+and\\s+|\\s+(?:through|to)\\s+)${weekdays})*)`,
  'u',
);

const workCopula =
  /^\s+(?:is|was)\s+an?\s+(?:(?!\b(?:which|who|whose|that|where)\b)[^;])*?\b(?:song|single|film|movie|album|novel|book|play|opera|musical|poem|painting|game|series|sitcom)\b(?:(?!\b(?:which|who|whose|that|where)\b)[^;])*$/u;

/** Whether `before` opens with the (possibly quoted) subject and a copula describing a work. */
function workCopulaAbout(before: string, subject: string): boolean {
  const lead = before.replace(/^["“'‘]+/u, '');
  if (!lead.startsWith(subject)) return false;
  return workCopula.test(lead.slice(subject.length).replace(/^["”'’]+/u, ''));
}

const officeCue =
  /\b(?:CEO|chief|chairman|chairwoman|chairperson|president|founder|co-founder|owner|coach|director|editor)\b/u;
const seatCue = /\b(?:capital|largest|populous|seat|administrative)\b/u;
const tributaryCue = /tributary/u;

/** A cheap word test per pattern: most sentences lack the cue, so the name-led pattern never runs. */
const patternCues: ReadonlyMap<RegExp, RegExp> = new Map<RegExp, RegExp>([
  [relativeAgentPattern, /\bby\b/u],
  [castParenthesesPattern, /\(\p{Lu}[^()]*\)[^()]*\(\p{Lu}/u],
  [originPattern, /\b(?:started|began|originated|founded|formed|established)\b/u],
  [tributaryPattern, tributaryCue],
  [appositiveTributaryPattern, tributaryCue],
  [flowsIntoPattern, /\binto\b/u],
  [headquartersPattern, /\b(?:headquarters|head office|main office)\b/u],
  [headquarteredPattern, /\bheadquarter/u],
  [appositiveSeatPattern, seatCue],
  [copulaSeatPattern, seatCue],
  [seatIsPattern, seatCue],
  [spousePattern, /\b(?:wife|husband|spouse)\b/u],
  [intendedPurchasePattern, /\b(?:purchase|acquire|buy)\b/u],
  [possessiveOfficePattern, officeCue],
  [appositiveOfficePattern, officeCue],
  [leadingAgentPattern, /\bby\b/u],
  [airDayPattern, /days?\b/u],
  [namedAfterPattern, /\bnamed\s+(?:after|for|in)\b/u],
  [servedOfficePattern, /\b(?:served|became|named|appointed|elected)\b/u],
  [singleFromPattern, /\bsingle\b/u],
  [becameOfficePattern, officeCue],
]);

function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  return patternCues.get(pattern)?.test(text) === false ? [] : [...text.matchAll(pattern)];
}

function firstMatch(pattern: RegExp, text: string): RegExpExecArray | null {
  return patternCues.get(pattern)?.test(text) === false ? null : pattern.exec(text);
}

/** Whether a verb at `index` has the sentence's subject as its own subject (no clause between them). */
function governedBySubject(text: string, subject: string, index: number): boolean {
  if (!plausibleSubject(subject)) return false;
  const between = text.slice(0, index);
  const at = between.indexOf(subject);
  if (at < 0) return false;
  const rest = between.slice(at + subject.length);
  // "X is a pizza chain that started in …": a relative clause right after the copula's noun is about X.
  return (
    !relativeClause.test(rest) ||
    /^\s+(?:is|was|are|were)\s+an?\s+(?:[\p{L}-]+\s+){1,5}(?:that|which)\s+$/u.test(rest)
  );
}

function nameLike(text: string): boolean {
  return /^\p{Lu}/u.test(text) && entitySubject(text) === text && !startsWithDate.test(text);
}

/** A subject that is not a sentence adverb or preposition the subject finder kept ("Formerly", "Until 1990"). */
function plausibleSubject(subject: string): boolean {
  const first = subject.split(' ')[0] ?? subject;
  return !/^\p{Lu}\p{Ll}+ly$/u.test(first) && !hasFunctionTag(first);
}

/**
 * Precise pairs for relations the copula and verb rules miss: agents in relative clauses and
 * parentheses, tributaries and river mouths, headquarters, capitals and county seats, spouses,
 * intended purchases and offices (CEO, founder, chairman). Answers are spans of the sentence.
 */
function preciseFacts(context: SentenceContext): void {
  agentFacts(context);
  descriptionFacts(context);
  placeFacts(context);
  partyFacts(context);
}

/** Agents in relative clauses and parentheses ("X, which was acquired by Y"), and cast lists. */
function agentFacts(context: SentenceContext): void {
  const { text, subject, add } = context;
  for (const match of allMatches(relativeAgentPattern, text)) {
    const [whole, rawEntity, verb, rawAgent] = match;
    if (rawEntity === undefined || verb === undefined || rawAgent === undefined) continue;
    // "written by A and B, produced by C": B is an agent of the first verb, not C's work.
    if (
      !/\b(?:which|who)\b|\(/u.test(whole) &&
      /\bby\b[^,;()]*$|\b(?:and|with|&)\s+$/u.test(text.slice(0, match.index ?? 0))
    )
      continue;
    const entity = trimAnswer(rawEntity);
    const agent = trimAnswer(rawAgent);
    if (!nameLike(entity) || entity === agent) continue;
    add(`Who ${byVerbs[verb] ?? verb} ${entity}?`, agent, 'relative-by');
    const agentNoun = agentNounOf[verb];
    if (agentNoun !== undefined) add(`Who is the ${agentNoun} of ${entity}?`, agent, 'relative-by');
    const base = characterVerbs[verb];
    if (base !== undefined) {
      if (verb !== 'played') add(`Who played ${entity}?`, agent, 'relative-by');
      if (!/\sand\s|,/u.test(agent)) add(`Which character did ${agent} ${base}?`, entity, 'relative-by');
    }
  }
  // Only a sentence that pairs two or more characters with actors is a cast list.
  const castPairs = [...allMatches(castParenthesesPattern, text)];
  if (castPairs.length >= 2 && context.subjectIsTitle)
    for (const [, rawCharacter, rawActor] of castPairs) {
      if (rawCharacter === undefined || rawActor === undefined) continue;
      const character = trimAnswer(rawCharacter);
      const actor = trimAnswer(rawActor);
      if (!nameLike(character) || whoOrWhat(actor, context.kinds) !== 'Who' || character === actor) continue;
      add(`Who played ${character} in ${subject}?`, actor, 'cast-list');
      add(`Which character did ${actor} play in ${subject}?`, character, 'cast-list');
    }
}

/**
 * Where an organisation started, an opening "Built in 1988 by …", the weekday a show airs,
 * namesakes, offices held, the album a single is from.
 */
function descriptionFacts(context: SentenceContext): void {
  const { text, subject, add } = context;
  const origin = firstMatch(originPattern, text);
  if (origin?.[1] !== undefined && governedBySubject(text, subject, origin.index)) {
    const where = trimAnswer(origin[1]);
    // People "start in" games and roles; organisations start in places.
    const personSubject = isPerson(subject, context.kinds, context.person);
    if (
      !personSubject &&
      /^(?:the\s+)?\p{Lu}/u.test(where) &&
      !startsWithDate.test(where) &&
      !/['’]s?$/u.test(where)
    ) {
      add(`Where did ${subject} start?`, where, 'origin');
      add(`Where was ${subject} formed?`, where, 'origin');
    }
  }
  const leadingAgent = firstMatch(leadingAgentPattern, text.charAt(0).toLowerCase() + text.slice(1));
  if (leadingAgent?.[1] !== undefined && leadingAgent[2] !== undefined) {
    // The participle describes the main clause's subject: a pronoun there is the title entity.
    const rest = text.slice(leadingAgent[0].length).trim();
    const target =
      /^(?:it|he|she|they)\b/iu.test(rest) || rest.startsWith(context.title)
        ? context.title
        : entitySubject(rest.split(/\s+(?:is|was|were|are|has|had)\b/u)[0] ?? '');
    const agent = trimAnswer(leadingAgent[2]);
    if (target !== undefined && agent !== target)
      add(
        `Who ${byVerbs[leadingAgent[1].toLowerCase()] ?? leadingAgent[1].toLowerCase()} ${target}?`,
        agent,
        'by',
      );
  }
  const airDay = firstMatch(airDayPattern, text);
  if (airDay?.[1] !== undefined && governedBySubject(text, subject, airDay.index))
    add(`On which day of the week does ${subject} air?`, airDay[1], 'air-day');
  const namedAfter = firstMatch(namedAfterPattern, text);
  if (namedAfter?.[1] !== undefined && governedBySubject(text, subject, namedAfter.index)) {
    const namesake = trimAnswer(namedAfter[1]);
    if (namesake !== subject && !/['’]s?$/u.test(namesake))
      add(`Who or what is ${subject} named after?`, namesake, 'named-after');
  }
  for (const match of allMatches(servedOfficePattern, text)) {
    const office = match[1];
    if (office === undefined || !governedBySubject(text, subject, match.index ?? 0)) continue;
    if (!isPerson(subject, context.kinds, context.person) && whoOrWhat(subject, context.kinds) !== 'Who')
      continue;
    add(`Who was the ${trimAnswer(office)}?`, subject, 'served-office');
    add(`What office did ${subject} hold?`, trimAnswer(office), 'served-office');
  }
  const single = firstMatch(singleFromPattern, text);
  if (single?.[1] !== undefined && governedBySubject(text, subject, single.index))
    add(`Which album is ${subject} from?`, trimAnswer(single[1]), 'single-from');
}

/** Tributaries and river mouths, headquarters, capitals and seats. */
function placeFacts(context: SentenceContext): void {
  const { text, subject, add } = context;
  const tributary = firstMatch(tributaryPattern, text);
  if (tributary?.[1] !== undefined && governedBySubject(text, subject, tributary.index)) {
    const river = trimAnswer(tributary[1]);
    add(`What is ${subject} a tributary of?`, river, 'tributary');
    add(`What is the mouth of ${subject}?`, river, 'tributary');
  }
  for (const match of allMatches(appositiveTributaryPattern, text)) {
    const [, rawStream, rawRiver] = match;
    if (rawStream === undefined || rawRiver === undefined) continue;
    const stream = trimAnswer(rawStream);
    if (!nameLike(stream)) continue;
    add(`What is ${stream} a tributary of?`, trimAnswer(rawRiver), 'tributary');
    add(`What is the mouth of ${stream}?`, trimAnswer(rawRiver), 'tributary');
  }
  for (const match of allMatches(flowsIntoPattern, text)) {
    const river = match[1];
    if (river === undefined || !governedBySubject(text, subject, match.index ?? 0)) continue;
    add(`What does ${subject} flow into?`, trimAnswer(river), 'flows-into');
    add(`What is the mouth of ${subject}?`, trimAnswer(river), 'flows-into');
  }
  // Possessives from the original sentence unless it opens with one: a mid-sentence "its" may not be the title's.
  const possessiveSource = /^(?:His|Her|Its|Their)\s/u.test(context.original) ? text : context.original;
  const headquarters = firstMatch(headquartersPattern, possessiveSource);
  if (headquarters?.[1] !== undefined && headquarters[2] !== undefined) {
    const owner = trimAnswer(headquarters[1]);
    if (nameLike(owner)) add(`Where is ${owner} headquartered?`, trimAnswer(headquarters[2]), 'headquarters');
  }
  const headquartered = firstMatch(headquarteredPattern, text);
  if (headquartered?.[1] !== undefined && plausibleSubject(subject)) {
    const between = text.slice(0, headquartered.index);
    const at = between.indexOf(subject);
    if (at >= 0 && !/[,;:]|\b(?:who|which|that|where|whose)\b/u.test(between.slice(at + subject.length)))
      add(`Where is ${subject} headquartered?`, trimAnswer(headquartered[1]), 'headquarters');
  }
  for (const match of allMatches(appositiveSeatPattern, text)) {
    const [, rawCity, seat, rawPlace] = match;
    if (rawCity === undefined || seat === undefined || rawPlace === undefined) continue;
    const city = trimAnswer(rawCity);
    if (!nameLike(city)) continue;
    add(`What is the ${seat} of ${trimAnswer(rawPlace)}?`, city, 'seat');
  }
  const copulaSeat = firstMatch(copulaSeatPattern, text);
  if (
    copulaSeat?.[1] !== undefined &&
    copulaSeat[3] !== undefined &&
    governedBySubject(text, subject, copulaSeat.index)
  ) {
    const where = trimAnswer(copulaSeat[3]);
    for (const seat of [copulaSeat[1], copulaSeat[2]]) {
      if (seat === undefined) continue;
      add(`What is the ${seat} of ${where}?`, subject, 'seat');
      add(`Which place is ${subject} the ${seat} of?`, where, 'seat');
    }
  }
  const seatIs = firstMatch(seatIsPattern, text);
  if (seatIs?.[2] !== undefined && seatIs[3] !== undefined) {
    const of = seatIs[1] === undefined ? context.title : trimAnswer(seatIs[1]);
    add(`What is the ${seatIs[2]} of ${of}?`, trimAnswer(seatIs[3]), 'seat');
  }
}

/** Spouses, intended purchases and offices (CEO, founder, chairman). */
function partyFacts(context: SentenceContext): void {
  const { text, subject, add } = context;
  // Possessives from the original sentence only: "his wife" mid-sentence may not be the title's.
  const spouseSources = /^(?:His|Her)\s+(?:\p{Ll}+\s+)?(?:wife|husband|spouse)\b/u.test(context.original)
    ? [context.original, text]
    : [context.original];
  for (const source of spouseSources)
    for (const match of allMatches(spousePattern, source)) {
      const [, rawPartner, relation, rawSpouse] = match;
      if (rawPartner === undefined || relation === undefined || rawSpouse === undefined) continue;
      const partner = trimAnswer(rawPartner);
      const spouse = trimAnswer(rawSpouse);
      // "Celeste's husband Adam Scott as Ed": a cast list names actors, not spouses.
      const after = source.slice((match.index ?? 0) + match[0].length);
      if (!nameLike(partner) || !nameLike(spouse) || partner === spouse || /^\s+as\s/u.test(after)) continue;
      add(`Who was ${partner}'s ${relation}?`, spouse, 'spouse');
      add(`Who was ${partner} married to?`, spouse, 'spouse');
      add(`Who was ${spouse} married to?`, partner, 'spouse');
      add(`Who is the spouse of ${partner}?`, spouse, 'spouse');
      add(`Who is the spouse of ${spouse}?`, partner, 'spouse');
    }
  for (const match of allMatches(intendedPurchasePattern, text)) {
    const [, verb, rawTarget] = match;
    if (verb === undefined || rawTarget === undefined || !governedBySubject(text, subject, match.index ?? 0))
      continue;
    const target = trimAnswer(rawTarget);
    if (!nameLike(target) || target === subject) continue;
    add(`Who ${pastOf[verb] ?? verb} ${target}?`, subject, 'purchase');
    add(`Who is the ${agentNounOf[verb] ?? 'buyer'} of ${target}?`, subject, 'purchase');
    add(`What did ${subject} ${verb}?`, target, 'purchase');
  }
  for (const match of allMatches(possessiveOfficePattern, text)) {
    const [, rawOrganisation, office, rawHolder] = match;
    if (rawOrganisation === undefined || office === undefined || rawHolder === undefined) continue;
    const organisation = trimAnswer(rawOrganisation);
    const holder = trimAnswer(rawHolder);
    if (!nameLike(organisation) || !nameLike(holder) || holder === organisation) continue;
    if (whoOrWhat(holder, context.kinds) !== 'Who') continue;
    add(`Who is the ${office} of ${organisation}?`, holder, 'office');
  }
  for (const match of allMatches(appositiveOfficePattern, text)) {
    const [, rawHolder, office, rawOrganisation] = match;
    if (rawHolder === undefined || office === undefined || rawOrganisation === undefined) continue;
    const holder = trimAnswer(rawHolder);
    const organisation = trimAnswer(rawOrganisation);
    if (!nameLike(holder) || whoOrWhat(holder, context.kinds) !== 'Who' || /['’]s\s/u.test(organisation))
      continue;
    add(`Who is the ${office} of ${organisation}?`, holder, 'office');
  }
  for (const match of allMatches(becameOfficePattern, text)) {
    const [, office, rawOrganisation] = match;
    if (
      office === undefined ||
      rawOrganisation === undefined ||
      !governedBySubject(text, subject, match.index ?? 0)
    )
      continue;
    add(`Who was the ${office} of ${trimAnswer(rawOrganisation)}?`, subject, 'office');
  }
}

function relationFacts(context: SentenceContext): void {
  const { text, subject, add, kinds } = context;
  for (const match of text.matchAll(byPattern)) {
    const [, auxiliary, verb, agent] = match;
    if (verb === undefined || agent === undefined) continue;
    const before = text.slice(0, match.index ?? 0);
    // "FleetBoston, which was acquired by Bank of America": the relative clause is about the name
    // before it (relativeAgentFacts asks about that name), not about the sentence's subject.
    const antecedent = /\b(?:which|who)\s+(?:(?:is|was|were|are)\s+)?$/u.test(before)
      ? relativeAntecedent.exec(before)?.[1]
      : undefined;
    if (antecedent !== undefined && trimAnswer(antecedent) !== subject) continue;
    const directlyAboutSubject =
      auxiliary !== undefined ||
      /\b(?:film|movie|album|song|single|novel|book|series|game|show|documentary|company|building|sitcom|play|opera|musical|painting|poem|EP|franchise|chain|firm|brand|band|label|magazine|newspaper|character|organi[sz]ation)(?:\s+(?:[\p{Ll}-]+\s+and|[\p{Ll}-]+,))?\s*,?\s*$/u.test(
        before,
      ) ||
      // "X is a popular song written by A, popularized by B": participles after a comma in the
      // copula's description of a work describe X.
      (/,\s*$/u.test(before) && workCopulaAbout(before, subject));
    if (!directlyAboutSubject) continue;
    const active = byVerbs[verb] ?? verb;
    const answer = trimAnswer(agent);
    const word =
      active === 'won'
        ? 'Who'
        : whoOrWhat(answer, kinds) === 'Who'
          ? 'Who'
          : /^(?:founded|created|developed|published|built|owns|operates|manufactured|distributed|acquired|released)$/.test(
                active,
              )
            ? 'Who'
            : 'Who';
    add(`${word} ${active} ${subject}?`, answer, 'by');
    if (active === 'owns') add(`Who is the owner of ${subject}?`, answer, 'by');
    if (active === 'recorded' || active === 'performed' || active === 'sang')
      add(`Who is the performer of ${subject}?`, answer, 'by');
  }
  const population = populationPattern.exec(text);
  if (population?.[1] !== undefined) {
    const census = population[2] === undefined ? '' : ` in the ${population[2]} census`;
    add(`What was the population of ${subject}${census}?`, population[1].replace(/[.,]$/, ''), 'population');
  }
  for (const match of text.matchAll(activePattern)) {
    const [, verb, preposition, object, when] = match;
    const forms = verb === undefined ? undefined : activeVerbs[verb];
    if (forms === undefined || object === undefined) continue;
    if ((verb === 'starred') !== (preposition !== undefined)) continue;
    const between = text.slice(0, match.index ?? 0);
    // "was founded in 1985" is passive: the passive rules handle it.
    if (/\b(?:is|was|are|were|been|be|being|has|have|had)\s+(?:\p{Ll}+ly\s+)?$/u.test(between)) continue;
    // Only verbs whose subject is the sentence's subject: no relative clause or other clause before them.
    if (!between.includes(subject)) continue;
    if (relativeClause.test(between.slice(between.indexOf(subject) + subject.length))) continue;
    const [base, participle, who] = forms;
    const answer = trimAnswer(object);
    if (!/^\p{Lu}/u.test(answer) || answer === subject || startsWithDate.test(answer)) continue;
    const target = verb === 'starred' ? `in ${answer}` : answer;
    add(`${who} ${target}?`, subject, 'active-agent');
    add(`What did ${subject} ${base}${verb === 'starred' ? ' in' : ''}?`, answer, 'active-object');
    if (when !== undefined) {
      if (
        verb === 'won' ||
        verb === 'joined' ||
        verb === 'attended' ||
        verb === 'starred' ||
        verb === 'signed'
      )
        add(`When did ${subject} ${base} ${target}?`, when, 'active-when');
      else add(`When was ${answer} ${participle}?`, when, 'active-when');
    }
  }
  for (const match of text.matchAll(placeVerbPattern)) {
    const [, verb, preposition, object] = match;
    const template =
      verb === 'retired' && preposition === 'from'
        ? 'What did SUBJECT retire from?'
        : verb === undefined
          ? undefined
          : placeVerbQuestions[verb];
    if (
      template === undefined ||
      object === undefined ||
      !/^\p{Lu}/u.test(object) ||
      startsWithDate.test(object)
    )
      continue;
    const between = text.slice(0, match.index ?? 0);
    if (!between.includes(subject)) continue;
    if (relativeClause.test(between.slice(between.indexOf(subject) + subject.length))) continue;
    add(template.replace('SUBJECT', subject), trimAnswer(object), 'place-verb');
  }
  const knownAs = knownAsPattern.exec(text);
  if (knownAs?.[1] !== undefined && text.startsWith(subject)) {
    const alias = trimAnswer(knownAs[1]);
    if (alias !== subject && /^\p{Lu}/u.test(alias)) {
      add(`What is ${subject} known as?`, alias, 'known-as');
      add(`What is the full name of ${alias}?`, subject, 'known-as');
    }
  }
  const partOf = partOfPattern.exec(text);
  if (partOf?.[1] !== undefined) add(`What is ${subject} part of?`, trimAnswer(partOf[1]), 'part-of');
  const starring = starringPattern.exec(text);
  if (starring?.[1] !== undefined) add(`Who starred in ${subject}?`, trimAnswer(starring[1]), 'starring');
  const married = marriedPattern.exec(text);
  // "married French actress Jane Roe": a descriptor before the name only when it names a person.
  if (married?.[2] !== undefined && (married[1] === undefined || personNouns.test(married[1]))) {
    add(`Who did ${subject} marry?`, trimAnswer(married[2]), 'married');
    add(`Who is the spouse of ${subject}?`, trimAnswer(married[2]), 'married');
    add(`Who is the spouse of ${trimAnswer(married[2])}?`, subject, 'married');
  }
  const member = memberPattern.exec(text);
  if (member?.[1] !== undefined) add(`What was ${subject} a member of?`, trimAnswer(member[1]), 'member');
  const located = locatedPattern.exec(text);
  if (located?.[2] !== undefined) {
    add(`Where ${located[1] ?? 'is'} ${subject} located?`, trimAnswer(located[2]), 'located');
    locationParts(context, located[1] ?? 'is', trimAnswer(located[2]));
  }
  for (const match of text.matchAll(castPattern)) {
    const [, actor, role] = match;
    if (actor === undefined || role === undefined || actor === subject || !context.subjectIsTitle) continue;
    const lead = text.slice(0, match.index ?? 0);
    if (!/(?:^|,\s+|\band\s+|\bstars?\s+|\bstarring\s+|\bwith\s+|\bfeatures\s+|\bfeaturing\s+)$/u.test(lead))
      continue;
    if (
      !/\b(?:star|stars|starred|starring|cast|features|featured|featuring|voices?|voiced|plays|played|appears?|appeared)\b/u.test(
        text,
      )
    )
      continue;
    const character = trimAnswer(role);
    add(`Who played ${character} in ${subject}?`, trimAnswer(actor), 'cast');
    add(`Which character did ${trimAnswer(actor)} play in ${subject}?`, character, 'cast');
  }
  const plays = playsPattern.exec(text);
  if (plays?.[1] !== undefined && plays[2] !== undefined && text.startsWith(plays[1])) {
    add(`Who plays ${trimAnswer(plays[2])}?`, plays[1], 'plays');
  }
  for (const match of text.matchAll(passivePlaceOrDate)) {
    const [, auxiliary, verb, object] = match;
    if (auxiliary === undefined || verb === undefined || object === undefined || verb === 'born') continue;
    const answer = trimAnswer(object);
    const isDate = new RegExp(`^${date}$`, 'u').test(answer);
    if (!isDate && !/^(?:the\s+)?\p{Lu}/u.test(answer)) continue;
    add(`${isDate ? 'When' : 'Where'} ${auxiliary} ${subject} ${verb}?`, answer, isDate ? 'when' : 'where');
  }
}

/**
 * The whole passage as one more pair ("What is known about X?" → the passage), for a passage of
 * several sentences: lexical search over all its words finds facts that no pattern turned into a
 * precise pair, or that a pair's single sentence states only in part.
 */
export function passagePair(
  title: string,
  text: string | undefined,
  annotation: Annotation,
): GeneratedPair | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed.length === 0 || annotation.sentences.length < 2) return undefined;
  return { question: `What is known about ${title}?`, answer: trimmed, sentence: trimmed, rule: 'passage' };
}

/**
 * Atomic QA pairs without an LLM: each sentence is decontextualised (pronouns and "the film" become
 * the title entity), then matched against patterns for birth and death, works (year, nationality,
 * director), "by" agents, locations, family, marriage, membership and copulas; a sentence no
 * pattern matched yields "What is known about X?" with the sentence as answer. Answers are spans
 * of the passage.
 */
export class RuleBasedGenerator implements QaGenerator {
  readonly id = 'rules@1';
  readonly annotationMode = 'fast' as const;
  readonly workerRecipe = { kind: 'rules' } as const;

  async generate(options: GenerateQaOptions): Promise<GenerateQaResult> {
    throwIfAborted(options.signal);
    return { pairs: this.generateSync(options.passage, options.annotation) };
  }

  /** The same as `generate`, synchronously: rules need no I/O. */
  generateSync(
    passage: { readonly title: string; readonly text?: string },
    annotation: Annotation,
  ): GeneratedPair[] {
    const title = titleEntity(passage.title);
    const kinds = new Map<string, EntityKind>();
    for (const entity of annotation.entities)
      if (!kinds.has(entity.text)) kinds.set(entity.text, entity.kind);
    const person = { person: kinds.get(title) === 'person' };
    const pairs: GeneratedPair[] = [];
    const seen = new Set<string>();
    const normalisedTitle = normaliseText(title);
    for (const sentence of annotation.sentences) {
      const text = decontextualise(sentence.text, passage.title).replace(leadingAdverbial, '');
      const copula = copulaPattern.exec(text);
      const namedSubject = copula?.[1] === undefined ? undefined : entitySubject(copula[1]);
      const leadSubject =
        namedSubject ??
        entitySubject(
          text.split(/\s+(?:\p{Ll}+ed|\p{Ll}+s|has|had|became|won|played|served|starred|died|lived)\b/u)[0] ??
            '',
        );
      const rawLead = copula?.[1] ?? text.slice(0, 120);
      const lead = normaliseText(rawLead.split(/,\s+/)[0] ?? '').replace(/^the /, '');
      const mentionsTitle =
        lead.startsWith(normalisedTitle) &&
        !lead.startsWith(`${normalisedTitle} s `) &&
        lead.split(' ').length <= normalisedTitle.split(' ').length + 4;
      const subject = mentionsTitle
        ? title
        : leadSubject !== undefined &&
            leadSubject.length <= 80 &&
            plausibleSubject(leadSubject) &&
            !/^\p{Lu}\p{Ll}+ed\s+(?:in|on|by|at|as|from)\b/u.test(leadSubject)
          ? leadSubject
          : title;
      const before = pairs.length;
      const context: SentenceContext = {
        original: sentence.text,
        text,
        title,
        subject,
        subjectIsTitle: subject === title,
        kinds,
        person,
        add: (question, answer, rule) => {
          const trimmed = answer.trim();
          if (trimmed === '' || question.includes(trimmed)) return;
          // A lone demonym ("American") answers only nationality questions.
          if (
            !rule.includes('nationality') &&
            !trimmed.includes(' ') &&
            countryLexicon.tagsOf(trimmed).has('Demonym')
          )
            return;
          const key = `${question}\u0000${trimmed}`;
          if (seen.has(key)) return;
          seen.add(key);
          pairs.push({ question, answer: trimmed, sentence: sentence.text, rule });
        },
      };
      lifeFacts(context);
      if (
        copula?.[2] !== undefined &&
        copula[3] !== undefined &&
        (namedSubject !== undefined || mentionsTitle)
      )
        copulaFacts(context, copula[2], copula[3]);
      relationFacts(context);
      preciseFacts(context);
      if (pairs.length === before)
        context.add(`What is known about ${namedSubject ?? title}?`, sentence.text, 'sentence');
    }
    const whole = passagePair(title, passage.text, annotation);
    if (whole !== undefined) pairs.push(whole);
    return pairs;
  }
}
