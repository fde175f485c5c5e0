import type { Plan, PlanNode } from '@rootweaver/core';
import { type ComparisonForm, classifyQuestion, type YesNoForm } from '../composition/question-form.js';
import { capitalisedChunks, quotedSpans } from '../extraction/text.js';

/** Relations whose value is an entity, so a question about it nests: "the director of X". */
const entityRelations =
  '(?:director|directors|composer|performer|singer|producer|writer|author|screenwriter|creator|founder|publisher|' +
  'father|mother|husband|wife|spouse|son|daughter|brother|sister|child|parent|owner|editor|star|lyricist|' +
  'company that published|company that produced|company that owns|record label|label)';

const placeholder = '[answer]';

class PlanBuilder {
  readonly nodes: PlanNode[] = [];

  add(question: string, refs: readonly number[] = []): number {
    const id = this.nodes.length;
    this.nodes.push({ id, question: tidy(question), refs: [...refs] });
    return id;
  }

  plan(repairs: readonly string[] = []): Plan {
    return { nodes: this.nodes, source: 'rules', repairs: [...repairs] };
  }
}

function tidy(question: string): string {
  const text = question
    .replace(/\s+/g, ' ')
    .replace(/\s+([?,])/g, '$1')
    .trim();
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /\?$/.test(capitalised) ? capitalised : `${capitalised}?`;
}

/** The kinship steps of an inferred relation: "paternal grandmother" → father, then mother. */
const kinship: Readonly<Record<string, readonly string[]>> = {
  'paternal grandfather': ['father', 'father'],
  'paternal grandmother': ['father', 'mother'],
  'maternal grandfather': ['mother', 'father'],
  'maternal grandmother': ['mother', 'mother'],
  'father-in-law': ['spouse', 'father'],
  'mother-in-law': ['spouse', 'mother'],
  grandfather: ['father', 'father'],
  grandmother: ['father', 'mother'],
  uncle: ['father', 'brother'],
  aunt: ['father', 'sister'],
};

/** Splits "the R1 of the R2 of film X" or "X's R2's R1" into the entity and its relations, innermost first. */
function relationChain(phrase: string): { entity: string; relations: string[] } | undefined {
  let text = phrase.trim().replace(/\?$/, '');
  const relations: string[] = [];
  // Possessives: "Ivo Brand's mother's" → entity "Ivo Brand", relations [mother].
  const possessive = /^(.+?)['’]s\s+(.+)$/.exec(text);
  if (possessive?.[1] !== undefined && possessive[2] !== undefined && /^[\p{Lu}'"‘“]/u.test(possessive[1])) {
    const parts = possessive[2].split(/['’]s\s+/);
    return { entity: possessive[1], relations: parts.map((part) => part.trim()) };
  }
  const pattern = new RegExp(
    `^(?:the\\s+)?(${entityRelations}|(?:paternal|maternal)\\s+grand(?:father|mother)|[\\w-]+-in-law)\\s+of\\s+(.+)$`,
    'i',
  );
  for (;;) {
    const match = pattern.exec(text);
    if (match?.[1] === undefined || match[2] === undefined) break;
    relations.unshift(match[1].toLowerCase());
    text = match[2].replace(
      /^(?:the\s+)?(?:film|movie|song|album|band|book|novel|magazine|journal|newspaper)\s+/i,
      '',
    );
  }
  if (relations.length === 0) return undefined;
  return { entity: text.trim(), relations };
}

function expandKinship(relations: readonly string[]): string[] {
  return relations.flatMap((relation) => kinship[relation.toLowerCase()] ?? [relation]);
}

function whoQuestion(relation: string, subject: string): string {
  if (/^company that (\w+)$/i.test(relation)) {
    const verb = /^company that (\w+)$/i.exec(relation)?.[1] ?? 'published';
    return `Which company ${verb} ${subject}?`;
  }
  return `Who is the ${relation} of ${subject}?`;
}

/** Builds the chain for `relations` of `entity`; the final node asks `final(subject)` unless the question asks for the relation itself. */
function buildChain(
  entity: string,
  relations: readonly string[],
  final: ((subject: string) => string) | undefined,
): Plan | undefined {
  const steps = expandKinship(relations);
  if (steps.length === 0 || entity.trim().length === 0) return undefined;
  const builder = new PlanBuilder();
  let previous: number | undefined;
  let subject = entity.trim();
  for (const relation of steps) {
    previous = builder.add(whoQuestion(relation, subject), previous === undefined ? [] : [previous]);
    subject = placeholder;
  }
  if (final !== undefined && previous !== undefined) builder.add(final(placeholder), [previous]);
  return builder.nodes.length >= 2 ? builder.plan() : undefined;
}

const relationPattern = new RegExp(
  `^(?:${entityRelations}|(?:paternal|maternal)\\s+grand(?:father|mother)|[\\w-]+-in-law|grand(?:father|mother)|uncle|aunt)$`,
  'i',
);

/** Whether a possessive noun is a relation to another entity ("father") rather than an attribute ("birthday"). */
function isRelation(noun: string): boolean {
  return relationPattern.test(noun.trim());
}

/**
 * Nested relational question: "Where was the place of death of the director of film X?" →
 * "Who is the director of X?" then "Where was the place of death of [answer]?"; possessives
 * ("X's father's birthday") and relative clauses ("the company that published X") likewise.
 */
function decomposeChain(question: string): Plan | undefined {
  const text = question.trim().replace(/\?\s*$/, '');
  // "the company that published X (founded)?"
  const relative =
    /^(.*?\b)the\s+([\p{Ll}-]+)\s+(that|which|who)\s+([\p{Ll}]+(?:s|ed)|wrote|made|sang|won|built|ran|led|owns|holds)\s+((?:the\s+[\p{Ll}-]+\s+)?['"‘“\p{Lu}\p{N}].*?)(\s+(?:founded|established|formed|created|born|located|based|die|died|headquartered))?$/u.exec(
      text,
    );
  if (relative?.[5] !== undefined) {
    const [, prefix = '', noun = 'company', , verb = 'published', object = '', suffix = ''] = relative;
    const builder = new PlanBuilder();
    const first = builder.add(`Which ${noun} ${verb} ${object}?`);
    builder.add(`${prefix}${placeholder}${suffix}?`, [first]);
    return builder.plan();
  }
  const possessive =
    /^(.*?\b(?:is|was|are|were|did|does|do|of)\s+)([\p{Lu}].*?)['’]s\s+((?:paternal\s+|maternal\s+)?[\p{Ll}-]+)(?:['’]s\s+([\p{Ll}-]+))?(.*)$/u.exec(
      text,
    );
  if (possessive?.[2] !== undefined && possessive[3] !== undefined && isRelation(possessive[3])) {
    const [, prefix = '', entity, first, second, rest = ''] = possessive;
    const relations = [first];
    let attribute: string | undefined;
    if (second !== undefined) {
      if (isRelation(second)) relations.push(second);
      else attribute = second;
    }
    const asksForRelation =
      attribute === undefined && rest.trim() === '' && /^\s*who(?:m)?\s+(?:is|was)\s+$/i.test(prefix);
    const final = asksForRelation
      ? undefined
      : (subject: string): string =>
          `${prefix}${subject}${attribute === undefined ? '' : `'s ${attribute}`}${rest}?`;
    return buildChain(entity, relations, final);
  }
  const relationStart = new RegExp(
    `\\b(?:the\\s+)?(?:${entityRelations}|(?:paternal|maternal)\\s+grand(?:father|mother)|[\\w-]+-in-law)\\s+of\\s+`,
    'i',
  );
  const match = relationStart.exec(text);
  if (match === null) return undefined;
  const prefix = text.slice(0, match.index);
  const rest = text.slice(match.index);
  // The entity ends where the question's own verb starts again: "… of film X born?" → "born".
  const tail =
    /\s+(born|die|died|work(?:s|ed)?(?: at)?|study|studied|live[ds]?|buried|located|founded|established|released)\s*$/i.exec(
      rest,
    );
  const phrase = tail === null ? rest : rest.slice(0, tail.index);
  const suffix = tail === null ? '' : tail[0];
  const chain = relationChain(phrase);
  if (chain === undefined) return undefined;
  const asksForRelation = suffix === '' && /^\s*who(?:m)?\s+(?:is|was|are|were)\s*$/i.test(prefix);
  return buildChain(
    chain.entity,
    chain.relations,
    asksForRelation ? undefined : (subject) => `${prefix}${subject}${suffix}?`,
  );
}

function eventQuestion(
  subject: string,
  form: ComparisonForm,
  original: string,
  event: 'birth' | 'death' | 'other',
): string {
  if (event === 'birth') return `When was ${subject} born?`;
  if (event === 'death') return `When did ${subject} die?`;
  const verb =
    /\b(released|came out|published|founded|established|formed|built|opened|created|made|launched|premiered|started)\b/i.exec(
      original,
    )?.[1];
  if (verb !== undefined) return `When was ${subject} ${verb === 'came out' ? 'released' : verb}?`;
  return form.measure === 'number' ? `How many ${subject}?` : `When was ${subject} established?`;
}

const bridgeRelation = new RegExp(
  `\\b(?:has|have|whose|with|by)\\s+(?:the\\s+|a\\s+)?(${entityRelations})s?\\b`,
  'i',
);

function decomposeComparison(question: string, form: ComparisonForm): Plan {
  const builder = new PlanBuilder();
  const relation = bridgeRelation.exec(question)?.[1];
  const valueIds: number[] = [];
  for (const option of form.options) {
    let subject = option;
    let refs: number[] = [];
    if (relation !== undefined) {
      refs = [builder.add(whoQuestion(relation.toLowerCase(), option))];
      subject = placeholder;
    }
    if (form.measure === 'lifespan') {
      valueIds.push(builder.add(`When was ${subject} born?`, refs));
      valueIds.push(builder.add(`When did ${subject} die?`, refs));
    } else {
      const event = form.measure === 'age' ? 'birth' : form.event;
      valueIds.push(builder.add(eventQuestion(subject, form, question, event), refs));
    }
  }
  builder.add(question, valueIds);
  return builder.plan();
}

function attributeQuestion(subject: string, form: YesNoForm, question: string): string {
  switch (form.attribute) {
    case 'nationality':
      return `What is the nationality of ${subject}?`;
    case 'country':
      return /\blocated\b/i.test(question)
        ? `In which country is ${subject} located?`
        : `Which country is ${subject} from?`;
    case 'place':
      return /\bborn\b/i.test(question) ? `Where was ${subject} born?` : `Where is ${subject} located?`;
    case 'date':
      return /\bborn\b/i.test(question) ? `When was ${subject} born?` : `When was ${subject} released?`;
    case 'person': {
      const relation = new RegExp(entityRelations, 'i').exec(question)?.[0] ?? 'director';
      return `Who is the ${relation} of ${subject}?`;
    }
    default:
      return `What is ${subject}?`;
  }
}

function decomposeYesNo(question: string, form: YesNoForm): Plan | undefined {
  if (form.options === undefined) return undefined;
  const builder = new PlanBuilder();
  // "Do both directors of films A and B …": one relation node per subject before its attribute.
  const relation = new RegExp(`\\b(${entityRelations})s?\\s+of\\b`, 'i').exec(question)?.[1];
  const valueIds: number[] = [];
  for (const option of form.options) {
    if (relation !== undefined && form.attribute !== 'person') {
      const parent = builder.add(whoQuestion(relation.toLowerCase().replace(/s$/, ''), option));
      valueIds.push(builder.add(attributeQuestion(placeholder, form, question), [parent]));
    } else {
      valueIds.push(builder.add(attributeQuestion(option, form, question)));
    }
  }
  builder.add(question, valueIds);
  return builder.plan();
}

/**
 * The decomposer of the no-LLM mode. Reads the question's form with rules: a comparison of two
 * named options ("Which film came out first, A or B?") becomes one value node per option (behind
 * a "Who is the director of A?" node when the question bridges through a relation) and a final
 * comparison node; a yes/no conjunction ("Are A and B from the same country?") one attribute node
 * per subject; a nested relational phrase ("the director of the film X", "X's father") a chain
 * whose later nodes carry the `[answer]` placeholder. Anything else is a single node.
 */
export function decomposeByRules(question: string): Plan {
  const text = question.trim();
  const form = classifyQuestion(text);
  if (form.kind === 'comparison') return decomposeComparison(text, form);
  if (form.kind === 'yes-no') {
    const plan = decomposeYesNo(text, form);
    if (plan !== undefined) return plan;
  }
  const chain = decomposeChain(text);
  if (chain !== undefined) return chain;
  return { nodes: [{ id: 0, question: text, refs: [] }], source: 'rules', repairs: [] };
}

/** The proper nouns and quoted titles a question names (used to check a rule plan kept them). */
export function namedEntities(question: string): string[] {
  return [...quotedSpans(question), ...capitalisedChunks(question)].map((span) => span.text);
}
