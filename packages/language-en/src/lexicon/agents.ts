/**
 * The verb ↔ agent table: a verb's forms and the noun for who does it ("directed" ↔ "director").
 * `question` is the verb as the question about the agent asks it when that is not the past tense
 * ("Who owns X?" for "owned by").
 */
export interface AgentVerb {
  readonly base: string;
  readonly past: string;
  readonly participle: string;
  readonly agent?: string;
  readonly question?: string;
}

const row = (
  base: string,
  past: string,
  participle: string,
  agent?: string,
  question?: string,
): AgentVerb => ({
  base,
  past,
  participle,
  ...(agent === undefined ? {} : { agent }),
  ...(question === undefined ? {} : { question }),
});

export const agentVerbs: readonly AgentVerb[] = [
  row('direct', 'directed', 'directed', 'director'),
  row('write', 'wrote', 'written', 'writer'),
  row('co-write', 'co-wrote', 'co-written', 'co-writer'),
  row('produce', 'produced', 'produced', 'producer'),
  row('co-produce', 'co-produced', 'co-produced', 'co-producer'),
  row('found', 'founded', 'founded', 'founder'),
  row('co-found', 'co-founded', 'co-founded', 'co-founder'),
  row('compose', 'composed', 'composed', 'composer'),
  row('develop', 'developed', 'developed', 'developer'),
  row('publish', 'published', 'published', 'publisher'),
  row('design', 'designed', 'designed', 'designer'),
  row('create', 'created', 'created', 'creator'),
  row('perform', 'performed', 'performed', 'performer'),
  row('record', 'recorded', 'recorded'),
  row('sing', 'sang', 'sung', 'singer'),
  row('build', 'built', 'built', 'builder'),
  row('own', 'owned', 'owned', 'owner', 'owns'),
  row('establish', 'established', 'established'),
  row('distribute', 'distributed', 'distributed', 'distributor'),
  row('edit', 'edited', 'edited', 'editor'),
  row('illustrate', 'illustrated', 'illustrated', 'illustrator'),
  row('host', 'hosted', 'hosted', 'host'),
  row('narrate', 'narrated', 'narrated', 'narrator'),
  row('invent', 'invented', 'invented', 'inventor'),
  row('discover', 'discovered', 'discovered', 'discoverer'),
  row('paint', 'painted', 'painted', 'painter'),
  row('coach', 'coached', 'coached', 'coach'),
  row('manage', 'managed', 'managed', 'manager'),
  row('lead', 'led', 'led', 'leader'),
  row('command', 'commanded', 'commanded', 'commander'),
  row('operate', 'operated', 'operated', 'operator', 'operates'),
  row('manufacture', 'manufactured', 'manufactured', 'manufacturer'),
  row('voice', 'voiced', 'voiced'),
  row('portray', 'portrayed', 'portrayed'),
  row('play', 'played', 'played', 'player'),
  row('name', 'named', 'named'),
  row('acquire', 'acquired', 'acquired', 'acquirer'),
  row('purchase', 'purchased', 'purchased', 'purchaser'),
  row('buy', 'bought', 'bought', 'buyer'),
  row('release', 'released', 'released'),
  row('translate', 'translated', 'translated', 'translator'),
  row('adapt', 'adapted', 'adapted'),
  row('head', 'headed', 'headed', 'head'),
  row('win', 'won', 'won', 'winner'),
  row('form', 'formed', 'formed'),
  row('join', 'joined', 'joined'),
  row('attend', 'attended', 'attended'),
  row('succeed', 'succeeded', 'succeeded', 'successor'),
  row('replace', 'replaced', 'replaced'),
  row('defeat', 'defeated', 'defeated'),
  row('star', 'starred', 'starred'),
  row('represent', 'represented', 'represented'),
  row('sign', 'signed', 'signed'),
];

/** A verb of the table by any of its forms ("wrote", "written", "write"). */
export function agentVerb(form: string): AgentVerb | undefined {
  return byForm.get(form.toLowerCase());
}

const byForm = new Map<string, AgentVerb>();
for (const verb of agentVerbs)
  for (const form of [verb.past, verb.participle, verb.base]) if (!byForm.has(form)) byForm.set(form, verb);

/** Agent nouns by verb form, and verb bases by agent noun ("director" → "direct"). */
export const verbOfAgent: ReadonlyMap<string, string> = new Map(
  agentVerbs.flatMap((verb) => (verb.agent === undefined ? [] : [[verb.agent, verb.base] as const])),
);
