import { describe, expect, it } from 'vitest';
import { annotateEntities } from '../../annotation/annotate-entities.js';
import { generatorFromRecipe } from '../../index/passage-worker.js';
import { RuleBasedGenerator } from '../rule-based-generator.js';
import { relationFamilies } from './index.js';

const pairsOf = (generator: RuleBasedGenerator, title: string, text: string): string[] =>
  generator
    .generateSync({ title, text }, annotateEntities(text))
    .map((pair) => `${pair.question} → ${pair.answer}`);

describe('relation families', () => {
  it('have distinct ids and at least one example each', () => {
    const ids = relationFamilies.map((family) => family.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const family of relationFamilies) expect(family.examples.length, family.id).toBeGreaterThan(0);
  });

  describe.each(relationFamilies.map((family) => [family.id, family] as const))('%s', (id, family) => {
    it.each(family.examples.map((example) => [example.sentence, example] as const))(
      'makes its pairs from "%s", and they are its own',
      (_, example) => {
        const alone = pairsOf(
          new RuleBasedGenerator({ families: [family] }),
          example.title,
          example.sentence,
        );
        for (const [question, answer] of example.pairs) expect(alone).toContain(`${question} → ${answer}`);
        const without = pairsOf(
          new RuleBasedGenerator({ disabledFamilies: [id] }),
          example.title,
          example.sentence,
        );
        const others = example.pairs.filter(([question, answer]) =>
          without.includes(`${question} → ${answer}`),
        );
        expect(
          others.length,
          `every pair of the example also comes from another family: ${others.join('; ')}`,
        ).toBeLessThan(example.pairs.length);
      },
    );
  });

  it('counts what each family fired, and refuses an unknown family', () => {
    const generator = new RuleBasedGenerator();
    const text = 'Salt Harbour is a 1994 drama film directed by Mara Quill. It was filmed in Tern Bay.';
    generator.generateSync({ title: 'Salt Harbour', text }, annotateEntities(text));
    expect(generator.firings().get('works')).toEqual({ sentences: 1, pairs: 2 });
    expect(() => new RuleBasedGenerator({ disabledFamilies: ['no-such-family'] })).toThrow(
      /no-such-family.*works/,
    );
    const withoutWorks = new RuleBasedGenerator({ disabledFamilies: ['works'] });
    expect(withoutWorks.id).toBe('rules@4-without-works');
    // Worker threads of an index build make the same generator, with the same families switched off.
    const worker = generatorFromRecipe(withoutWorks.workerRecipe) as RuleBasedGenerator;
    expect(worker.id).toBe('rules@4-without-works');
    expect(
      worker.generateSync({ title: 'Salt Harbour', text }, annotateEntities(text)).map((pair) => pair.rule),
    ).not.toContain('work-by');
  });
});
