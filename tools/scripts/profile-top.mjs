#!/usr/bin/env node
// Prints the top N functions of a V8 .cpuprofile (from `node --cpu-prof`) by self time, with their
// total (inclusive) time, e.g.
//   node tools/scripts/profile-top.mjs /tmp/prof/CPU.*.cpuprofile --top 25 [--filter multi-hop]
// --filter keeps only the samples whose stack passes through a frame whose function name or URL
// contains the text (e.g. a phase of the run), so the shares are of that part alone.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

function parseArguments(argv) {
  const files = [];
  let top = 25;
  let filter;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--top') top = Number(argv[++index]);
    else if (argument === '--filter') filter = argv[++index];
    else files.push(argument);
  }
  if (files.length === 0 || !Number.isInteger(top) || top <= 0) {
    console.error('Usage: profile-top.mjs FILE.cpuprofile [--top N] [--filter TEXT]');
    process.exit(2);
  }
  return { files, top, filter };
}

function frameLabel(frame) {
  const name = frame.functionName || '(anonymous)';
  if (frame.url === '') return name;
  const file = frame.url.replace(/^file:\/\//, '').replace(/.*\/(packages|tools|node_modules)\//, '$1/');
  return `${name}  ${file}:${frame.lineNumber + 1}`;
}

function summarise(file, top, filter) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Sample durations: timeDeltas[i] is the time before sample i; attribute it to sample i.
  const selfTime = new Map();
  const totalTime = new Map();
  let sampled = 0;
  const { samples, timeDeltas } = profile;
  for (let index = 0; index < samples.length; index += 1) {
    const duration = (timeDeltas[index + 1] ?? 0) / 1000;
    const stack = [];
    for (let id = samples[index]; id !== undefined; id = parent.get(id)) stack.push(byId.get(id));
    if (filter !== undefined && !stack.some((node) => frameLabel(node.callFrame).includes(filter))) continue;
    sampled += duration;
    const leaf = frameLabel(stack[0].callFrame);
    selfTime.set(leaf, (selfTime.get(leaf) ?? 0) + duration);
    for (const label of new Set(stack.map((node) => frameLabel(node.callFrame)))) {
      totalTime.set(label, (totalTime.get(label) ?? 0) + duration);
    }
  }
  const rows = [...selfTime.entries()].sort((left, right) => right[1] - left[1]).slice(0, top);
  console.log(
    `${basename(file)}: ${(sampled / 1000).toFixed(2)} s sampled${filter === undefined ? '' : ` under "${filter}"`}`,
  );
  console.log('  self ms   self %  total ms  function');
  for (const [label, self] of rows) {
    const share = ((100 * self) / sampled).toFixed(1);
    const total = totalTime.get(label) ?? 0;
    console.log(
      `${self.toFixed(0).padStart(8)} ${share.padStart(7)}% ${total.toFixed(0).padStart(9)}  ${label}`,
    );
  }
}

const { files, top, filter } = parseArguments(process.argv.slice(2));
for (const file of files) summarise(file, top, filter);
