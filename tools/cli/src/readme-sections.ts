import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allCommands } from './all-commands.js';
import { commonExitCodes } from './command.js';

/**
 * The parts of the checkout's README.md that are generated from the code, each between
 * `<!-- generated:NAME:begin -->` and `<!-- generated:NAME:end -->`: the event names (from the
 * `MultiHopEvent` union of `packages/core/src/vocabulary/answer.ts`, in its order) and every command's exit
 * codes (`commonExitCodes` and `allCommands`). `node tools/cli/scripts/render-readme.mjs` writes them; a
 * test fails while README.md differs.
 */
export function readmeSections(checkout: string): Record<string, string> {
  return { events: eventsSection(checkout), 'exit-codes': exitCodesSection() };
}

/** The `type` of every member of the `MultiHopEvent` union, in the order the union lists them. */
export function eventTypes(checkout: string): string[] {
  const source = readFileSync(join(checkout, 'packages', 'core', 'src', 'vocabulary', 'answer.ts'), 'utf8');
  const start = source.indexOf('export type MultiHopEvent =');
  if (start < 0)
    throw new Error('packages/core/src/vocabulary/answer.ts has no `export type MultiHopEvent =`');
  const union = source.slice(start, source.indexOf(';\n', source.indexOf('finished', start)) + 1);
  return [...union.matchAll(/readonly type: '([a-z-]+)'/g)].map((match) => match[1] as string);
}

function eventsSection(checkout: string): string {
  const names = eventTypes(checkout).map((name) => `\`${name}\``);
  return `Events, in the order a run emits them (generated from the \`MultiHopEvent\` union): ${names.join(', ')}.`;
}

function exitCodesSection(): string {
  const code = (line: string): [string, string] => {
    const [number = '', ...rest] = line.split(/\s+/);
    return [number, rest.join(' ')];
  };
  const rows = [
    '| command | exit code | when |',
    '|---|---|---|',
    ...commonExitCodes.map((line) => {
      const [number, meaning] = code(line);
      return `| every command | ${number} | ${meaning} |`;
    }),
    ...allCommands.flatMap((command) =>
      (command.exitCodes ?? []).map((line) => {
        const [number, meaning] = code(line);
        return `| \`${command.name}\` | ${number} | ${meaning} |`;
      }),
    ),
  ];
  return rows.join('\n');
}

/** `readme` with every generated section replaced by `sections`' text; throws naming a missing marker. */
export function renderReadme(readme: string, sections: Readonly<Record<string, string>>): string {
  let text = readme;
  for (const [name, body] of Object.entries(sections)) {
    const begin = `<!-- generated:${name}:begin -->`;
    const end = `<!-- generated:${name}:end -->`;
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README.md has no ${begin} … ${end} section`);
    text = `${text.slice(0, from + begin.length)}\n${body}\n${text.slice(to)}`;
  }
  return text;
}

/**
 * The README's "one answer, three JSON shapes" table (between `<!-- json-shapes:begin -->` and `end`): for
 * each row's first cell, the field names of its second, so tests can hold each interface's output to it.
 */
export function readmeJsonShapes(checkout: string): Map<string, string[]> {
  const readme = readFileSync(join(checkout, 'README.md'), 'utf8');
  const table = /<!-- json-shapes:begin -->([\s\S]*?)<!-- json-shapes:end -->/.exec(readme)?.[1];
  if (table === undefined) throw new Error('README.md has no <!-- json-shapes:begin --> … end section');
  const shapes = new Map<string, string[]>();
  for (const line of table.split('\n').slice(3)) {
    const [where, fields] = line.split('|').slice(1, 3);
    if (where === undefined || fields === undefined) continue;
    shapes.set(
      where.trim(),
      [...fields.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string),
    );
  }
  return shapes;
}
