import { readFileSync } from 'node:fs';
import { test } from 'vitest';
import { annotateEntities } from './annotation/annotate-entities.js';
import { RuleBasedGenerator } from './generation/rule-based-generator.js';
import { validatePairs } from './validation/validate-pairs.js';
import { normaliseText } from './validation/normalise-text.js';
test('x', () => {
  for (const ds of ['hotpotqa', 'musique', '2wiki']) {
    const lines = readFileSync(`/work/shared/datasets/compactrag/${ds}/corpus.jsonl`,'utf8').trim().split('\n').map(l=>JSON.parse(l));
    const questions = readFileSync(`/work/shared/datasets/compactrag/${ds}/questions.dev.jsonl`,'utf8').trim().split('\n').map(l=>JSON.parse(l));
    const g = new RuleBasedGenerator();
    const exact = new Set<string>(); const inAnswer: string[] = [];
    for (const p of lines) { const pairs = validatePairs({ pairs: g.generateSync(p, annotateEntities(p.text)), passageText: p.text }).accepted; for (const q of pairs) { exact.add(normaliseText(q.answer)); inAnswer.push(` ${normaliseText(q.answer)} `); } }
    const corpusText = lines.map(p => ` ${normaliseText(p.text)} `).join('\n');
    let e = 0, c = 0, inCorpus = 0;
    for (const q of questions) { const gold = normaliseText(q.answer); if (gold === 'yes' || gold === 'no') continue; c++; if (exact.has(gold)) e++; else if (ds !== '2wiki') { const sent = lines.map(p=>p.text).join(' ').split(/(?<=[.!?])\s+/).find(x => normaliseText(x).includes(gold)); console.log('MISS', ds, '|', q.answer, '|', sent?.slice(0, 160)); } if (corpusText.includes(` ${gold} `)) inCorpus++; }
    console.log(`GOLD ${ds}: ${c} non-yes/no questions; gold answer in corpus ${inCorpus}; gold answer is exactly some rule pair's answer ${e}`);
  }
});
