import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type { Annotation } from '../annotation/annotate-entities.js';
import { normaliseText } from '../validation/normalise-text.js';
import { decontextualise, titleEntity } from './decontextualise.js';
import type {
  GeneratedPair,
  GenerateQaOptions,
  GenerateQaResult,
  GeneratorRecipe,
  QaGenerator,
} from './qa-generator.js';
import { type RelationFamily, relationFamilies, type SentenceContext } from './rules/index.js';
import { date } from './rules/patterns.js';
import { entitySubject, plausibleSubject, wordTags } from './rules/sentence-context.js';

const copulaPattern = /^(.{1,160}?)\s+(is|was|are|were)\s+(.+)$/u;

/**
 * A sentence-opening time or source phrase ("In 2004, ", "On 3 March 1874, ", "According to the chronicle, "):
 * dropped before matching so that the clause's own subject leads; the rest is still a span of the sentence.
 */
const leadingAdverbial = new RegExp(
  `^(?:(?:In|On|By|Since|During|After|Before|Until|Around|Circa|As\\s+of)\\s+(?:(?:early|late|mid|the|about)[\\s-]+)?(?:${date})s?|According\\s+to\\s+[^,;()]{1,60}|However|Later|Earlier|Previously|Formerly|Afterwards|Then|Eventually|Meanwhile|Today|Currently|Subsequently|Originally|Initially|Finally|Additionally|Also|Thus|Therefore)\\s*,\\s+(?=\\p{Lu})`,
  'u',
);
/** How often a relation family fired during a generator's life: sentences it added pairs to, and pairs. */
export interface FamilyFirings {
  readonly sentences: number;
  readonly pairs: number;
}

export interface RuleBasedGeneratorOptions {
  /** The relation families to run, in order (default: all of `relationFamilies`). */
  readonly families?: readonly RelationFamily[];
  /** Ids of families to switch off (the rule report's leave-one-out). */
  readonly disabledFamilies?: readonly string[];
}

/**
 * Atomic QA pairs without an LLM, by a small rule engine: each sentence is decontextualised (pronouns
 * and "the film" become the title entity), its subject found, then every relation family
 * (`rules/`: a work's year, nationality and maker) adds its pairs; a sentence no family
 * matched yields "What is known about X?" with the sentence as answer. Answers are spans of the passage.
 */
export class RuleBasedGenerator implements QaGenerator {
  readonly id: string;
  readonly annotationMode = 'fast' as const;
  readonly workerRecipe: GeneratorRecipe;
  private readonly families: readonly RelationFamily[];
  private readonly counts = new Map<string, { sentences: number; pairs: number }>();

  constructor(options: RuleBasedGeneratorOptions = {}) {
    const all = options.families ?? relationFamilies;
    const known = new Set(all.map((family) => family.id));
    const disabled = [...new Set(options.disabledFamilies ?? [])];
    const unknown = disabled.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new RootweaverError(
        'invalid-input',
        `Unknown rule famil${unknown.length === 1 ? 'y' : 'ies'} ${unknown.join(', ')}; the families are ${[...known].join(', ')}.`,
      );
    this.families = all.filter((family) => !disabled.includes(family.id));
    this.id = disabled.length === 0 ? 'rules@4' : `rules@4-without-${[...disabled].sort().join('+')}`;
    // Worker threads of `index build` make the same generator: the same families switched off.
    this.workerRecipe =
      disabled.length === 0 ? { kind: 'rules' } : { kind: 'rules', disabledFamilies: disabled };
  }

  /** Sentences and pairs per family since this generator was made (the pairs kept after de-duplication). */
  firings(): ReadonlyMap<string, FamilyFirings> {
    return new Map([...this.counts].map(([id, count]) => [id, { ...count }]));
  }

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
      let family = '';
      const add = (question: string, answer: string, rule: string): void => {
        const trimmed = answer.trim();
        if (trimmed === '' || question.includes(trimmed)) return;
        // A lone demonym ("Veltrian") answers only nationality questions.
        if (
          !rule.includes('nationality') &&
          !trimmed.includes(' ') &&
          wordTags.tagsOf(trimmed).has('Demonym')
        )
          return;
        const key = `${question}\u0000${trimmed}`;
        if (seen.has(key)) return;
        seen.add(key);
        pairs.push({ question, answer: trimmed, sentence: sentence.text, rule });
        this.count(family, 'pairs');
      };
      const context: SentenceContext = {
        text,
        title,
        subject,
        ...(copula?.[2] !== undefined &&
        copula[3] !== undefined &&
        (namedSubject !== undefined || mentionsTitle)
          ? { copula: { verb: copula[2], complement: copula[3] } }
          : {}),
        add,
      };
      for (const each of this.families) {
        if (each.cue?.test(text) === false) continue;
        family = each.id;
        const pairsBefore = pairs.length;
        each.toPairs(context);
        if (pairs.length > pairsBefore) this.count(family, 'sentences');
      }
      if (pairs.length === before) {
        family = 'sentence';
        add(`What is known about ${namedSubject ?? title}?`, sentence.text, 'sentence');
      }
    }
    return pairs;
  }

  private count(family: string, what: 'sentences' | 'pairs'): void {
    const entry = this.counts.get(family) ?? { sentences: 0, pairs: 0 };
    entry[what] += 1;
    this.counts.set(family, entry);
  }
}
