// The extraction set (compactrag-train/qa) as an evaluation corpus: every answer line of the chosen splits
// as one passage, every question as a one-node plan. `eval --corpus … --rule-report` then asks which
// relation families of the rule-based generator earn answers on sentences nobody wrote rules for
// (ADR-0020's test for the offline generator). The files are derived from the datasets and written
// outside the project (never copy the sets into it).
//
//   node tools/scripts/extraction-set-corpus.mjs OUT_DIR [--group-by-title] [split …]   (default splits: valid test)
//   node tools/cli/dist/main.js eval --questions OUT_DIR/questions.jsonl --corpus OUT_DIR/corpus.jsonl \
//     --plans recorded --synthesis auto --rule-report --out REPORT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pairsOf, readQaSplit } from './qa-records.mjs';

/** A sentence's opening word that is capitalised by position, not because it names something. */
const sentenceOpeners =
  /^(?:A|An|The|This|That|These|Those|He|She|It|They|His|Her|Its|Their|In|On|At|After|Before|During|As|By|From|With)$/u;

/**
 * A passage needs a title (the generator resolves pronouns and falls back to it as the subject). An
 * answer line has none, so its title is its first run of capitalised words (joined by "of", "the", "and"
 * or "de"), without a leading "The"; a line with no capitalised word past the first is titled by its
 * first three words. The same title goes to every variant a report compares, so it biases none of them.
 */
export function titleOfLine(line) {
  const words = line.replace(/[.?!]$/u, '').split(/\s+/u);
  const runs = [];
  let run = [];
  for (const word of words) {
    const bare = word.replace(/[,;:"()]/gu, '');
    const capitalised = /^\p{Lu}/u.test(bare);
    const joiner = run.length > 0 && /^(?:of|the|and|de)$/u.test(bare);
    if (capitalised || joiner) run.push(bare);
    else {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (/[,;:]$/u.test(word) && run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  for (const candidate of runs) {
    while (candidate.length > 0 && /^(?:of|the|and|de)$/u.test(candidate.at(-1))) candidate.pop();
    if (candidate[0] === 'The' && candidate.length > 1) candidate.shift();
    // A sentence's opening word alone ("He", "In", "This") is capitalised by position, not a name.
    if (candidate.length === 1 && candidate[0] === words[0] && sentenceOpeners.test(candidate[0])) continue;
    if (candidate.length > 0) return candidate.join(' ');
  }
  return words.slice(0, 3).join(' ');
}

/**
 * The corpus and the questions of some splits' records: each distinct answer line once, as a passage
 * (`qa-p000000`, …), and each record's question with its first gold answer as a one-node plan. With
 * `groupByTitle`, the lines that share a title are one passage, in the order met (a subject's facts
 * together, as an encyclopedia passage holds them).
 */
export function extractionSetCorpus(splits, options = {}) {
  const lineIds = new Map();
  const passages = [];
  const byTitle = new Map();
  const questions = [];
  for (const { split, records } of splits) {
    for (const record of records) {
      for (const pair of pairsOf(record.context)) {
        const line = pair.answer.trim();
        if (line === '' || lineIds.has(line)) continue;
        const title = titleOfLine(line);
        const grouped = options.groupByTitle === true ? byTitle.get(title) : undefined;
        if (grouped !== undefined) {
          lineIds.set(line, grouped.id);
          grouped.text = `${grouped.text} ${line}`;
          continue;
        }
        const id = `qa-p${String(passages.length).padStart(6, '0')}`;
        lineIds.set(line, id);
        const passage = { id, title, text: line };
        passages.push(passage);
        byTitle.set(title, passage);
      }
      const answer = record.answers.text[0];
      if (answer === undefined) continue;
      questions.push({
        id: `qa${split}-${record.id}`,
        question: record.question,
        answer,
        kind: split,
        plan: [{ index: 0, question: record.question, refs: [] }],
      });
    }
  }
  return { passages, questions };
}

function main() {
  const argv = process.argv.slice(2);
  const groupByTitle = argv.includes('--group-by-title');
  const [out, ...rest] = argv.filter((each) => each !== '--group-by-title');
  if (out === undefined) {
    console.error('usage: node tools/scripts/extraction-set-corpus.mjs OUT_DIR [--group-by-title] [split …]');
    process.exit(2);
  }
  const splits = rest.length > 0 ? rest : ['valid', 'test'];
  const { passages, questions } = extractionSetCorpus(
    splits.map((split) => ({ split, records: readQaSplit(split) })),
    { groupByTitle },
  );
  const directory = resolve(out);
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    join(directory, 'corpus.jsonl'),
    `${passages.map((each) => JSON.stringify(each)).join('\n')}\n`,
  );
  writeFileSync(
    join(directory, 'questions.jsonl'),
    `${questions.map((each) => JSON.stringify(each)).join('\n')}\n`,
  );
  console.log(
    `${passages.length} passages, ${questions.length} questions (${splits.join(' + ')}) in ${directory}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
