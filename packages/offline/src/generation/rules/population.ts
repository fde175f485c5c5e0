import type { RelationFamily } from './relation-family.js';

const populationPattern =
  /\bpopulation\s+(?:of\s+|was\s+|is\s+|stood\s+at\s+)?(?:about\s+|approximately\s+|around\s+|over\s+|some\s+)?(\d[\d,.]*(?:\s+(?:million|billion|thousand))?)(?:[^.]*?\b(?:at|in|as of)\s+the\s+(\d{4})\s+[Cc]ensus)?/u;

/** "The population was 1,204 at the 2010 census." */
export const populationFamily: RelationFamily = {
  id: 'population',
  description: 'a place’s population (and census year)',
  cue: /\bpopulation\b/u,
  pattern: populationPattern,
  toPairs(context) {
    const population = populationPattern.exec(context.text);
    if (population?.[1] === undefined) return;
    const census = population[2] === undefined ? '' : ` in the ${population[2]} census`;
    context.add(
      `What was the population of ${context.subject}${census}?`,
      population[1].replace(/[.,]$/, ''),
      'population',
    );
  },
  examples: [
    {
      title: 'Tern Harbour',
      sentence: 'Tern Harbour is a town in Orlen. The population was 1,204 at the 2010 census.',
      pairs: [['What was the population of Tern Harbour in the 2010 census?', '1,204']],
    },
  ],
};
