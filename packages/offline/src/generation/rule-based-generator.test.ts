import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { annotateEntities } from '../annotation/annotate-entities.js';
import { normaliseText } from '../validation/normalise-text.js';
import { RuleBasedGenerator } from './rule-based-generator.js';

const generator = new RuleBasedGenerator();

function pairsOf(title: string, text: string): Record<string, string[]> {
  const pairs = generator.generateSync({ title }, annotateEntities(text));
  const byQuestion: Record<string, string[]> = {};
  for (const pair of pairs) {
    const answers = byQuestion[pair.question] ?? [];
    answers.push(pair.answer);
    byQuestion[pair.question] = answers;
  }
  return byQuestion;
}

describe('RuleBasedGenerator', () => {
  it('answers every pair from one sentence: a passage of several sentences is no pair of its own', () => {
    const text = 'Vell Harbour is a port town. Its lighthouse was rebuilt by Ana Lund after the storm.';
    const pairs = generator.generateSync({ title: 'Vell Harbour', text }, annotateEntities(text));
    expect(pairs.length).toBeGreaterThan(0);
    const sentences = [
      'Vell Harbour is a port town.',
      'Its lighthouse was rebuilt by Ana Lund after the storm.',
    ];
    for (const pair of pairs) expect(sentences.some((sentence) => sentence.includes(pair.answer))).toBe(true);
  });

  it('turns a birth sentence into when/where pairs', () => {
    const pairs = pairsOf('Nadia Wren', 'Nadia Wren was born on March 3, 1981 in Haifa, Israel.');
    expect(pairs['When was Nadia Wren born?']).toEqual(['March 3, 1981']);
    expect(pairs['Where was Nadia Wren born?']).toEqual(['Haifa, Israel']);
  });

  it('turns "X is a 1994 American film directed by Y" into director, year and nationality pairs', () => {
    const pairs = pairsOf(
      'Blue Sky (film)',
      'Blue Sky is a 1994 American drama film directed by Tony Richardson.',
    );
    expect(pairs['Who directed Blue Sky?']).toEqual(['Tony Richardson']);
    expect(pairs['When was Blue Sky released?']).toEqual(['1994']);
    expect(pairs['What nationality is Blue Sky?']).toEqual(['American']);
    expect(pairs['What is Blue Sky?']).toEqual(['1994 American drama film directed by Tony Richardson']);
  });

  it('decontextualises pronouns and "the film" before matching', () => {
    const pairs = pairsOf(
      'John Smith (actor)',
      'John Smith (1 January 1900 – 2 February 1980) was an English actor. He married Mary Jones in 1925. He died in Paris.',
    );
    expect(pairs['When was John Smith born?']).toEqual(['1 January 1900']);
    expect(pairs['When did John Smith die?']).toEqual(['2 February 1980']);
    expect(pairs['Who did John Smith marry?']).toEqual(['Mary Jones']);
    expect(pairs['Where did John Smith die?']).toEqual(['Paris']);
    const family = pairsOf('John Smith', 'His son was Bob Smith. He was educated at Eton College.');
    expect(family["Who was John Smith's son?"]).toEqual(['Bob Smith']);
    expect(family['Where was John Smith educated?']).toEqual(['Eton College']);
    expect(pairs["What was John Smith's occupation?"]).toEqual(['actor']);
    expect(pairs['What nationality was John Smith?']).toEqual(['English']);
    const film = pairsOf(
      'Quorral',
      'Quorral is a 2008 film by Odile Marchetti. The film stars Rémi Bellarde and was filmed on location in Tokyo.',
    );
    expect(film['Who starred in Quorral?']).toEqual(['Rémi Bellarde']);
    expect(film['Where was Quorral filmed?']).toEqual(['Tokyo']);
    expect(film['Who directed Quorral?']).toEqual(['Odile Marchetti']);
  });

  it('answers location and role questions and both directions of "X is the director of Y"', () => {
    const pairs = pairsOf(
      'Corin Halloway',
      'Corin Halloway is the director of the Eastmere County Museum of Art. Stillwater Bend is an unincorporated community in Harrow County, Arkansas.',
    );
    expect(pairs['Who is the director of the Eastmere County Museum of Art?']).toEqual(['Corin Halloway']);
    expect(pairs['Where is Stillwater Bend?']).toEqual(['Harrow County, Arkansas']);
  });

  it('turns active sentences into questions about the agent and the object', () => {
    const pairs = pairsOf(
      'Elena Marsh',
      'Elena Marsh founded Bright Harbor Pictures in 1985. She studied literature at the University of Halden. She won the Golden Heron award in 1995. Bright Harbor Pictures was founded in 1985.',
    );
    expect(pairs['Who founded Bright Harbor Pictures?']).toEqual(['Elena Marsh']);
    expect(pairs['What did Elena Marsh found?']).toEqual(['Bright Harbor Pictures']);
    expect(pairs['When was Bright Harbor Pictures founded?']).toEqual(['1985']);
    expect(pairs['Where did Elena Marsh study?']).toEqual(['University of Halden']);
    expect(pairs['What did Elena Marsh win?']).toEqual(['Golden Heron award']);
    expect(pairs['When did Elena Marsh win Golden Heron award?']).toEqual(['1995']);
    // A passive sentence is not read as "1985 was founded by someone".
    expect(
      Object.keys(pairs).some(
        (question) => question.includes('found 1985') || question.includes('founded 1985'),
      ),
    ).toBe(false);
    const relative = pairsOf('Kim Lee', 'Kim Lee met the man who founded Acme Corp.');
    expect(relative['Who founded Acme Corp?']).toBeUndefined();
  });

  it('names the performer of songs, past descriptors like "American country music artist"', () => {
    const pairs = pairsOf(
      'Vell Days Tonight',
      'Vell Days Tonight is a song recorded by American country music artist Luke Bryan. Blue Eyes is a 1990 album by British band The Waves.',
    );
    expect(pairs['Who recorded Vell Days Tonight?']).toEqual(['Luke Bryan']);
    expect(pairs['Who is the performer of Blue Eyes?']).toEqual(['The Waves']);
  });

  it('answers with the subject for descriptions, aliases, cast lists and location parts', () => {
    const film = pairsOf(
      'Bramblewood',
      'Bramblewood is a 1995 American comedy-drama film directed by Stefan Orrin. The film stars Tomas Wexley as Tony Marrow and Aaron Fell as Gerry.',
    );
    expect(film['What is a 1995 American comedy-drama film directed by Stefan Orrin?']).toEqual([
      'Bramblewood',
    ]);
    expect(film['Who played Tony Marrow in Bramblewood?']).toEqual(['Tomas Wexley']);
    expect(film['Which character did Aaron Fell play in Bramblewood?']).toEqual(['Gerry']);
    const alias = pairsOf(
      'Miles Hartigan',
      'Ivo Patrick Quill (born 19 January 1942), known as Miles Hartigan, is an English actor.',
    );
    expect(alias['What is the full name of Miles Hartigan?']).toEqual(['Ivo Patrick Quill']);
    const city = pairsOf(
      'Fort Calloway, Kentucky',
      'Fort Calloway is a home rule-class city in Tern County, Kentucky, United States.',
    );
    expect(city['Where is Fort Calloway?']).toEqual(['Tern County, Kentucky, United States']);
    expect(city['Which county is Fort Calloway in?']).toEqual(['Tern County']);
    expect(city['Which country is Fort Calloway in?']).toEqual(['United States']);
  });

  it('falls back to a question about the title entity with the whole sentence as answer', () => {
    const sentence = 'Borat and Brüno segments appear along with new and unseen interviews.';
    const pairs = pairsOf('Borat Programme', sentence);
    expect(pairs['What is known about Borat Programme?']).toEqual([sentence]);
  });

  it('keeps the source sentence and produces answers that occur in the passage', () => {
    const text =
      'Inception is a 2010 American science fiction film written and directed by Christopher Nolan. It stars Leonardo DiCaprio.';
    const pairs = generator.generateSync({ title: 'Inception' }, annotateEntities(text));
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    for (const pair of pairs) {
      expect(pair.question.endsWith('?')).toBe(true);
      expect(normaliseText(text)).toContain(normaliseText(pair.answer));
      expect(text).toContain(pair.sentence);
    }
  });

  const musique = '../shared/datasets/compactrag/musique/corpus.jsonl';
  let lines: string[] = [];
  try {
    lines = readFileSync(new URL(`../../../../${musique}`, import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(0, 300);
  } catch {
    lines = [];
  }
  it.skipIf(lines.length === 0)(
    `on 300 musique passages most answers are verbatim and short (skipped without ${musique})`,
    () => {
      let total = 0;
      let verbatim = 0;
      let short = 0;
      for (const line of lines) {
        const record = JSON.parse(line) as { title: string; text: string };
        for (const pair of generator.generateSync(record, annotateEntities(record.text))) {
          total += 1;
          if (normaliseText(record.text).includes(normaliseText(pair.answer))) verbatim += 1;
          if (pair.answer.split(' ').length <= 6) short += 1;
        }
      }
      expect(total).toBeGreaterThan(600);
      expect(verbatim / total).toBeGreaterThan(0.95);
      expect(short / total).toBeGreaterThan(0.25);
    },
  );
});

describe('RuleBasedGenerator precise relations', () => {
  it('asks about the name a relative or parenthetical "by" clause describes, not the sentence subject', () => {
    const pairs = pairsOf(
      'Quillon City',
      'Quillon City lost several firms, such as Zorbin Labs, which was acquired by Kestrel Holdings in 2011.',
    );
    expect(pairs['Who acquired Zorbin Labs?']).toEqual(['Kestrel Holdings']);
    expect(pairs['Who acquired Quillon City?']).toBeUndefined();
    const voiced = pairsOf('Star Drift', 'The crew meets Captain Mardo (voiced by Elin Tavers) on the moon.');
    expect(voiced['Who voiced Captain Mardo?']).toEqual(['Elin Tavers']);
    expect(voiced['Which character did Elin Tavers voice?']).toEqual(['Captain Mardo']);
    const credits = pairsOf(
      'Night Bell',
      'Night Bell was written by Ana Lund and Bo Rask, produced by Cal Mirren.',
    );
    expect(credits['Who produced Bo Rask?']).toBeUndefined();
  });

  it('reads "founded in YEAR by Z" after a company noun', () => {
    const pairs = pairsOf('Vorlen Foods', 'Vorlen Foods is a snack company founded in 1961 by Hal Dree.');
    expect(pairs['Who founded Vorlen Foods?']).toEqual(['Hal Dree']);
    const song = pairsOf(
      'Blue Lantern (song)',
      '"Blue Lantern" is a popular song written in 1950 by Ada Morr and Leo Quint, recorded by Nina Sol in 1951.',
    );
    expect(song['Who recorded Blue Lantern?']).toEqual(['Nina Sol']);
    expect(song['Who recorded Leo Quint?']).toBeUndefined();
  });

  it('turns tributaries and "flows into" into mouth pairs', () => {
    const creek = pairsOf('Brisk Creek', 'Brisk Creek is a tributary of the Olmen River in Tarl County.');
    expect(creek['What is Brisk Creek a tributary of?']).toEqual(['Olmen River']);
    expect(creek['What is the mouth of Brisk Creek?']).toEqual(['Olmen River']);
    const brook = pairsOf(
      'Tamsin Brook',
      'It flows north into the Sava Lake, the Olmen River, a tributary of the Great Marl.',
    );
    expect(brook['What does Tamsin Brook flow into?']).toEqual(['Sava Lake']);
    expect(brook['What is Olmen River a tributary of?']).toEqual(['Great Marl']);
  });

  it('answers where an organisation is headquartered and where it started, only from its own possessive', () => {
    const pairs = pairsOf(
      'Pello Pizza',
      'Pello Pizza is a pizza chain that started in Dunmore, Ohio, and has 40 locations. Its headquarters are in Varda, Ohio.',
    );
    expect(pairs['Where is Pello Pizza headquartered?']).toEqual(['Varda, Ohio']);
    expect(pairs['Where did Pello Pizza start?']).toEqual(['Dunmore, Ohio']);
    const other = pairsOf('Kelby', 'The Varn Trust operates in Kelby; its headquarters are in Exmoor.');
    expect(other['Where is Kelby headquartered?']).toBeUndefined();
    const chain = pairsOf('Orla Mills', 'Orla Mills is a textile company headquartered in Brack, Wales.');
    expect(chain['Where is Orla Mills headquartered?']).toEqual(['Brack, Wales']);
    const player = pairsOf('Jon Vail', 'Jon Vail was born in 1970. He started in Super Bowl Nine.');
    expect(player['Where did Jon Vail start?']).toBeUndefined();
  });

  it('pairs capitals, largest cities and seats in both directions', () => {
    const pairs = pairsOf('Ardel', 'Ardel is the capital and largest city of Veshland.');
    expect(pairs['What is the capital of Veshland?']).toEqual(['Ardel']);
    expect(pairs['What is the largest city of Veshland?']).toEqual(['Ardel']);
    expect(pairs['Which place is Ardel the capital of?']).toEqual(['Veshland']);
    const appositive = pairsOf(
      'Mirel Council',
      'The council met in Porto Vesk, the capital of the Mirel region.',
    );
    expect(appositive['What is the capital of Mirel?']).toEqual(['Porto Vesk']);
    const country = pairsOf('Veshland', 'The capital is Ardel, though Brin was the seat until 1900.');
    expect(country['What is the capital of Veshland?']).toEqual(['Ardel']);
  });

  it('reads spouses from possessives and "married" with a person descriptor, not from cast lists', () => {
    const pairs = pairsOf('Tomas Ridel', "Tomas Ridel's wife, Anka Broz, was a painter.");
    expect(pairs["Who was Tomas Ridel's wife?"]).toContain('Anka Broz');
    expect(pairs['Who was Anka Broz married to?']).toEqual(['Tomas Ridel']);
    const cast = pairsOf('Cold Shore', "Jo Pell as Mira Dane, Kit's husband Sam Orr as Ned Voss.");
    expect(cast["Who was Kit's husband?"]).toBeUndefined();
    const married = pairsOf(
      'Ole Brandt',
      'Ole Brandt was a Danish painter. He married Swedish actress Lise Varn in 1950.',
    );
    expect(married['Who did Ole Brandt marry?']).toEqual(['Lise Varn']);
    expect(married['Who is the spouse of Ole Brandt?']).toEqual(['Lise Varn']);
    expect(married['Who is the spouse of Lise Varn?']).toEqual(['Ole Brandt']);
    expect(pairs['Who is the spouse of Tomas Ridel?']).toEqual(['Anka Broz']);
    const owned = pairsOf('Radio Vell', 'Radio Vell is owned by Harlow Media.');
    expect(owned['Who is the owner of Radio Vell?']).toEqual(['Harlow Media']);
  });

  it('names office holders from possessives, appositives and "became"', () => {
    const pairs = pairsOf(
      'Tarn Motors',
      "Analysts praised Tarn Motors' founder and CEO Eli Varga. The deal was signed by Mona Ekdal, chairman of Brightwater Group. Rolf Amsel became the new CEO of Pelham Records.",
    );
    expect(pairs['Who is the CEO of Tarn Motors?']).toEqual(['Eli Varga']);
    expect(pairs['Who is the chairman of Brightwater Group?']).toEqual(['Mona Ekdal']);
    expect(pairs['Who was the CEO of Pelham Records?']).toEqual(['Rolf Amsel']);
  });

  it('reads a cast list of characters with actors in parentheses, but not a single parenthesis', () => {
    const pairs = pairsOf(
      'Harbour Lights (TV series)',
      'Harbour Lights follows Dana Kirov (Mia Stoll) and her brother Lev Kirov (Tom Asher).',
    );
    expect(pairs['Who played Dana Kirov in Harbour Lights?']).toEqual(['Mia Stoll']);
    expect(pairs['Which character did Tom Asher play in Harbour Lights?']).toEqual(['Lev Kirov']);
    const single = pairsOf(
      'Harbour Lights (TV series)',
      'Harbour Lights follows Dana Kirov (Mia Stoll) at sea.',
    );
    expect(single['Who played Dana Kirov in Harbour Lights?']).toBeUndefined();
  });

  it('reads namesakes and offices held', () => {
    const school = pairsOf('Varnell High School', 'The school is named after Norwegian poet Ivar Lund.');
    expect(school['Who or what is Varnell High School named after?']).toEqual(['Ivar Lund']);
    const person = pairsOf(
      'Ruth Ambel',
      'Ruth Ambel (born 1950) is a lawyer. Earlier, she had served as the Chief Justice of Tarn High Court.',
    );
    expect(person['Who was the Chief Justice of Tarn High Court?']).toEqual(['Ruth Ambel']);
    expect(person['What office did Ruth Ambel hold?']).toEqual(['Chief Justice of Tarn High Court']);
    expect(person['What office did Earlier hold?']).toBeUndefined();
  });

  it('reads an opening "Built in YEAR by Z," participle', () => {
    const ride = pairsOf(
      'Comet (Harlan Park)',
      'Built in 1990 by the Marlow company, it was the tallest coaster in the park.',
    );
    expect(ride['Who built Comet?']).toEqual(['Marlow company']);
  });

  it('does not take a sentence adverb or an opening participle for the subject', () => {
    const pairs = pairsOf(
      'Orlo Watches',
      'Founded in 1908, Orlo Watches was purchased in 1970 by the Tessel Group.',
    );
    expect(pairs['Who purchased Founded in 1908?']).toBeUndefined();
    expect(pairs['Who purchased Orlo Watches?']).toEqual(['Tessel Group']);
  });
});
