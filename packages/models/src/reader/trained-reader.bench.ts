import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SearchHit } from '@rootweaver/core';
import { bench, describe } from 'vitest';
import { loadWordVectors, shippedWordVectorsPath } from '../word-vectors/load-word-vectors.js';
import { shippedReaderPath, TrainedReader } from './trained-reader.js';

// The real call path of one plan node: `TrainedReader.extract` over five retrieved pairs (tagging,
// features, the trees, decoding, calibration). The pairs are CompactRAG's extraction test contexts
// when ../shared is beside the checkout, else the project's own sample pairs.
const testSplit = fileURLToPath(
  new URL('../../../../../shared/datasets/compactrag-train/qa/test.json', import.meta.url),
);
const samplePairs = fileURLToPath(
  new URL('../../../../tools/cli/src/test-fixtures/kb.tiny.jsonl', import.meta.url),
);

interface Node {
  readonly question: string;
  readonly evidence: SearchHit[];
}

function hit(id: string, question: string, answer: string): SearchHit {
  return {
    id,
    documentId: id,
    kind: 'qa',
    text: `${question} ${answer}`,
    title: id,
    passage: answer,
    question,
    answer,
    score: 1,
    rank: 1,
  };
}

function nodes(): Node[] {
  if (existsSync(testSplit)) {
    const records = JSON.parse(readFileSync(testSplit, 'utf8')) as { question: string; context: string }[];
    return records.slice(0, 200).map((record, index) => ({
      question: record.question,
      evidence: record.context
        .split('\n\n')
        .slice(0, 5)
        .map((block, position) => {
          const [question = '', ...answer] = block.split('\n');
          return hit(`${index}-${position}`, question, answer.join(' '));
        }),
    }));
  }
  const pairs = readFileSync(samplePairs, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => (JSON.parse(line) as { qa: { question: string; answer: string }[] }).qa);
  return pairs.map((pair, index) => ({
    question: pair.question,
    evidence: Array.from({ length: 5 }, (_, offset) => {
      const other = pairs[(index + offset) % pairs.length] as { question: string; answer: string };
      return hit(`${index}-${offset}`, other.question, other.answer);
    }),
  }));
}

const shipped = existsSync(shippedReaderPath) && existsSync(shippedWordVectorsPath);
const reader = shipped ? await TrainedReader.load({ vectors: await loadWordVectors() }) : undefined;
const cases = nodes();
let next = 0;

describe.runIf(shipped)('trained reader', () => {
  bench(
    'extract: one plan node over five retrieved pairs',
    async () => {
      const node = cases[next % cases.length] as Node;
      next += 1;
      await reader?.extract(node);
    },
    // Long enough for every one of the 200 nodes to be read several times after V8 has compiled the path.
    { time: 3_000, warmupTime: 500 },
  );
});
