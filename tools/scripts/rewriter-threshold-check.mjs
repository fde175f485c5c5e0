#!/usr/bin/env node
// Where should the trained rewriter decline? For each confidence floor, on data the rewriter was not
// fitted on and no evaluation question:
//  - the rewrite exact match (tokens, as `pnpm train:rewriter` reports it) of the engine's path — the
//    rewriter where it is at least that confident, the rules where it declines — on both seeded halves of
//    compactrag-train/rewrite/valid.json (the halves `pnpm train:rewriter` chooses and calibrates on) and
//    on test.json: sub-questions that hold a reference to the parent's answer;
//  - how often the same path changes a sub-question that needs no parent answer: each question of
//    compactrag-train/qa/{valid,test}.json (written about a named subject) with, as its parent, another
//    pair of the same context — its question, and what its answer adds to it as the answer;
//  - the two kinds of error added up, one per record (choose half + qa/valid): the floor is chosen there.
//   pnpm build && node tools/scripts/rewriter-threshold-check.mjs [--weights FILE]
import { parseArgs } from 'node:util';
import { defaultAnswerPolicy } from '../../packages/innovations/dist/index.js';
import { loadWordVectors, TrainedRewriter } from '../../packages/models/dist/index.js';
import { halvesOf, locateTrainingSets, readSplit } from '../train/dist/data/training-sets.js';
import { groundedQuestionsOf } from '../train/dist/rewriter/grounded-questions.js';
import { parseRewriteInput, rewriteTokens } from '../train/dist/rewriter/rewriter-examples.js';

const floors = [0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6];
const directory = locateTrainingSets(undefined);
const { values } = parseArgs({ options: { weights: { type: 'string' } } });
const rewriter = await TrainedRewriter.load({ vectors: await loadWordVectors(), path: values.weights });
const halves = halvesOf(readSplit(directory, 'rewrite', 'valid').records, 1);
const tokensOf = (text) => rewriteTokens(text).join(' ');
const percent = (value, count) => Math.round((1000 * value) / count) / 10;

/** Per floor, how many records the engine's path writes as the record's output. */
function rewriteRight(records) {
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
    const best = rewriter.predict(parsed.question, parents, 0);
    const confidence = best.steps[0]?.confidence ?? 0;
    floors.forEach((floor, index) => {
      const written = best.steps.length > 0 && confidence >= floor ? best.text : byRules;
      if (tokensOf(written) === gold) right[index] += 1;
    });
  }
  return { count, rules, right };
}

/** Per floor, how many grounded questions (`groundedQuestionsOf`) the engine's path changes. */
function groundedChanged(records) {
  const changed = floors.map(() => 0);
  let rules = 0;
  const questions = groundedQuestionsOf(records);
  for (const { question, parentQuestion, parentAnswer } of questions) {
    const parents = [{ id: 0, question: parentQuestion, answer: parentAnswer }];
    const rulesChange = defaultAnswerPolicy.ground({ question, parents }).text !== question;
    if (rulesChange) rules += 1;
    const best = rewriter.predict(question, parents, 0);
    const confidence = best.steps[0]?.confidence ?? 0;
    floors.forEach((floor, index) => {
      if (best.steps.length > 0 && confidence >= floor ? best.text !== question : rulesChange)
        changed[index] += 1;
    });
  }
  return { count: questions.length, rules, changed };
}

const byFloor = (values, count) =>
  Object.fromEntries(floors.map((floor, index) => [floor, percent(values[index], count)]));
const rewriteSets = {
  'rewrite/valid (choose half)': halves.choose,
  'rewrite/valid (calibrate half)': halves.calibrate,
  'rewrite/test': readSplit(directory, 'rewrite', 'test').records,
};
const rewrites = {};
for (const [name, records] of Object.entries(rewriteSets)) {
  const { count, rules, right } = rewriteRight(records);
  rewrites[name] = { count, right };
  console.log(
    JSON.stringify({
      split: name,
      records: count,
      rulesAlone: percent(rules, count),
      engineByFloor: byFloor(right, count),
    }),
  );
}
const grounded = {};
for (const split of ['valid', 'test']) {
  const { count, rules, changed } = groundedChanged(readSplit(directory, 'qa', split).records);
  grounded[split] = { count, changed };
  console.log(
    JSON.stringify({
      split: `qa/${split} grounded, % changed`,
      records: count,
      rulesAlone: percent(rules, count),
      engineByFloor: byFloor(changed, count),
    }),
  );
}
const errors = (rewrite, questions) =>
  Object.fromEntries(
    floors.map((floor, index) => [floor, rewrite.count - rewrite.right[index] + questions.changed[index]]),
  );
const chosen = errors(rewrites['rewrite/valid (choose half)'], grounded.valid);
const best = floors.reduce((a, b) => (chosen[b] < chosen[a] ? b : a));
console.log(JSON.stringify({ errors: 'choose half + qa/valid', byFloor: chosen, lowest: best }));
console.log(
  JSON.stringify({
    errors: 'rewrite/test + qa/test',
    byFloor: errors(rewrites['rewrite/test'], grounded.test),
  }),
);
