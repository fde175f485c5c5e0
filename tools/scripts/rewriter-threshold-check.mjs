#!/usr/bin/env node
// Where should the trained rewriter decline? For each confidence floor, the rewrite exact match (tokens,
// as `pnpm train:rewriter` reports it) of the engine's path — the rewriter where it is at least that
// confident, the rules where it declines — on both seeded halves of compactrag-train/rewrite/valid.json
// (the halves `pnpm train:rewriter` chooses and calibrates on) and on test.json. No evaluation question
// is read.
//   pnpm build && node tools/scripts/rewriter-threshold-check.mjs
import { defaultAnswerPolicy } from '../../packages/innovations/dist/index.js';
import { loadWordVectors, TrainedRewriter } from '../../packages/models/dist/index.js';
import { halvesOf, locateTrainingSets, readSplit } from '../train/dist/data/training-sets.js';
import { parseRewriteInput, rewriteTokens } from '../train/dist/rewriter/rewriter-examples.js';

const floors = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
const directory = locateTrainingSets(undefined);
const rewriter = await TrainedRewriter.load({ vectors: await loadWordVectors() });
const halves = halvesOf(readSplit(directory, 'rewrite', 'valid').records, 1);
const sets = {
  'valid (choose half)': halves.choose,
  'valid (calibrate half)': halves.calibrate,
  test: readSplit(directory, 'rewrite', 'test').records,
};
const tokensOf = (text) => rewriteTokens(text).join(' ');
for (const [name, records] of Object.entries(sets)) {
  const right = floors.map(() => 0);
  let rules = 0;
  let count = 0;
  for (const record of records) {
    const parsed = parseRewriteInput(record.input);
    if (parsed === undefined) continue;
    count += 1;
    const parents = [{ id: 0, question: '', answer: parsed.answer }];
    const gold = tokensOf(record.output);
    const byRules = defaultAnswerPolicy.ground({ question: parsed.question, parents }).text;
    if (tokensOf(byRules) === gold) rules += 1;
    floors.forEach((floor, index) => {
      const prediction = rewriter.predict(parsed.question, parents, floor);
      if (tokensOf(prediction.steps.length > 0 ? prediction.text : byRules) === gold) right[index] += 1;
    });
  }
  const percent = (value) => Math.round((1000 * value) / count) / 10;
  console.log(
    JSON.stringify({
      split: name,
      records: count,
      rulesAlone: percent(rules),
      engineByFloor: Object.fromEntries(floors.map((floor, index) => [floor, percent(right[index])])),
    }),
  );
}
