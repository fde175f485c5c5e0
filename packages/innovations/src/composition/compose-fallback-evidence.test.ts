import { describe, expect, it } from 'vitest';
import { unresolvedNode } from '../test-fixtures/node-trace.js';
import { composeFallbackAnswer, type FallbackEvidence } from './compose-fallback-answer.js';

/** A node of these tests: no refs, unresolved (the fallback runs where the strict composer refused). */
const text = (id: string, body: string): FallbackEvidence => ({ id, text: body });

describe('composeFallbackAnswer: the option whose evidence supports the rest of the question', () => {
  const painter = 'Which painter of Orlen Bay was born in Kellmoor, Ada Fenwick or Boris Lantz?';
  // "Orlen Bay" is in most texts, "Kellmoor" in one: the rare word of the question decides.
  const texts = [
    text('a', 'Boris Lantz grew up in Kellmoor.'),
    text('b', 'Ada Fenwick sketched Orlen Bay at dawn.'),
    text('c', 'Ada Fenwick sailed on Orlen Bay.'),
    text('d', 'Ada Fenwick wintered by Orlen Bay.'),
    text('e', 'Ada Fenwick sold a view of Orlen Bay.'),
  ];

  it('weighs a word of the question that one text alone holds over two words most texts share', () => {
    expect(composeFallbackAnswer({ question: painter, nodes: [], evidence: texts })).toEqual({
      form: 'choice',
      answer: 'Boris Lantz',
      rule: 'evidence-support',
      usedNodeIds: [],
    });
  });

  it('counts a word’s rarity over the options’ texts only, not over texts about neither option', () => {
    const aboutNeither = [unresolvedNode(0, 'What is Kellmoor?', 'Kellmoor, a fishing village')];
    const evidence = [...texts, text('f', 'Kellmoor is a fishing village on the coast.')];
    expect(composeFallbackAnswer({ question: painter, nodes: aboutNeither, evidence })).toEqual({
      form: 'choice',
      answer: 'Boris Lantz',
      rule: 'evidence-support',
      usedNodeIds: [],
    });
  });

  it('scores an option by its best text, and credits the node when a retrieved text says the same', () => {
    const question = 'Which is closer to the Varnholt glacier, Lake Imra or Lake Sotto?';
    const nodes = [
      unresolvedNode(0, 'Where is Lake Imra?', 'below the Varnholt glacier'),
      unresolvedNode(1, 'Where is Lake Sotto?', 'in Ostria'),
    ];
    const evidence = [
      text('a', 'Lake Imra lies below the Varnholt glacier.'),
      text('b', 'Lake Sotto is fed by meltwater from a glacier.'),
      text('c', 'Lake Imra is a reservoir near the town of Pell.'),
    ];
    expect(composeFallbackAnswer({ question, nodes, evidence })).toEqual({
      form: 'choice',
      answer: 'Lake Imra',
      rule: 'evidence-support',
      usedNodeIds: [0],
    });
  });

  it('reads no text of a node that asks the choice itself, even one about a single option', () => {
    const question =
      'Between Morrowleaf and Tessing, which genus of plant belongs to the subfamily Quellinoideae?';
    const nodes = [
      unresolvedNode(0, 'To which family does Morrowleaf belong?', 'Brassinae'),
      unresolvedNode(1, 'To which family does Tessing belong?', 'Quellinoideae'),
      unresolvedNode(2, 'Which Morrowleaf species was named first?', 'M. quellinoideae'),
    ];
    expect(composeFallbackAnswer({ question, nodes })).toEqual({
      form: 'choice',
      answer: 'Tessing',
      rule: 'evidence-support',
      usedNodeIds: [1],
    });
  });

  it('takes no evidence from the comparison word used in another sense', () => {
    const question = 'Which singer is older, Ada Fenwick or Boris Lantz?';
    const evidence = [text('a', 'Boris Lantz toured with his older brother in 1960.')];
    expect(composeFallbackAnswer({ question, nodes: [], evidence })).toEqual({
      form: 'choice',
      answer: 'Ada Fenwick',
      rule: 'first-option',
      usedNodeIds: [],
    });
  });
});
