import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { writeTinyEncoder } from '@rootweaver/providers/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependencyClosure, folderSize, megabytes, packagesSize } from './install-size.js';
import {
  cleanEnvironment,
  installTarballs,
  packAll,
  type Run,
  run,
  runOk,
  start,
} from './pack-and-install.js';
import { publishablePackages, workspaceRoot } from './workspace-packages.js';

// Packs every package, installs the tarballs with plain npm into a project outside the checkout (no
// workspace, no NODE_PATH, no optional peers) and uses rootweaver there as a new user would. Slow (an npm
// install that compiles better-sqlite3): runs when ROOTWEAVER_PACKAGING_TEST=1, as .ci/run sets it.
const enabled = process.env.ROOTWEAVER_PACKAGING_TEST === '1';
const built = publishablePackages().every((entry) =>
  existsSync(join(workspaceRoot, entry.directory, 'dist')),
);
if (!enabled) {
  console.log('skipping the packaging test: set ROOTWEAVER_PACKAGING_TEST=1 (after pnpm build) to run it.');
} else if (!built) {
  throw new Error('The packaging test needs the packages built: run pnpm build first.');
}

const question = 'Who directed The Glass Orchard?';
let scratch: string;
let project: string;
let rootweaver: string;
let install: Run;

/**
 * Limits for npm-installed `node_modules`, in MB of 10^6 bytes on disk (what `du` counts; the files' own
 * length, `du --apparent-size`, is printed beside it). Issue 26 asks at most 200 MB for an installed CLI
 * and 120 MB for the library; measured 2026-12-04 (2 cores, better-sqlite3 compiled from source):
 * - the CLI: `@rootweaver/cli` and every package it loads, as `npm install` of it would bring them (its
 *   installed optional peers, `@rootweaver/ai-sdk` and `ai`, counted): 170.7 MB (126.7 MB apparent, 13,081 files).
 * - the library: `@rootweaver/capabilities` and its dependencies: 118.3 MB (96.4 MB apparent, 6,797 files).
 * - every tarball together (what this test installs): the CLI plus the LangChain and LlamaIndex adapters
 *   with the frameworks they need as peers (`@langchain/core`, `js-tiktoken` 22 MB, `langsmith`,
 *   `@llamaindex/core`): 226.4 MB (168.3 MB apparent, 17,359 files). Issue 26 names no target for it; the bound stops growth.
 * Each holds better-sqlite3's node-gyp leftovers (15.5 MB; the test prints them), which an install that
 * fetches the prebuilt binary has not. Before llama3-tokenizer-js became an optional peer of the CLI
 * (12.9 MB) and `@types/better-sqlite3` a dev dependency (it brought `@types/node`, 3.1 MB together), the
 * three were 186.8, 134.4 and 239.4 MB; with `@tensorflow/tfjs` (ADR-0007), every tarball took 542.6 MB.
 */
const cliTargetMegabytes = 200;
const libraryTargetMegabytes = 120;
const cliLimitMegabytes = 173;
const libraryLimitMegabytes = libraryTargetMegabytes;
const everythingLimitMegabytes = 229;

function cliOk(args: readonly string[], env: Record<string, string> = {}): Run {
  return runOk(process.execPath, [rootweaver, ...args], { cwd: project, env: cleanEnvironment(env) });
}

function script(name: string, text: string): Run {
  writeFileSync(join(project, name), text);
  return runOk(process.execPath, [name], { cwd: project });
}

/** The first ```ts block of README.md after `marker`. */
function readmeSnippet(marker: string): string {
  const readme = readFileSync(join(workspaceRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(marker);
  const match = start < 0 ? null : /```ts\n([\s\S]*?)```/.exec(readme.slice(start));
  if (match?.[1] === undefined) throw new Error(`README.md has no \`\`\`ts block after "${marker}"`);
  return match[1];
}

/** `./my-index`: the shipped sample corpus built by the installed CLI, once. */
function ensureSampleIndex(): void {
  if (existsSync(join(project, 'my-index'))) return;
  cliOk([
    'index',
    'build',
    '--corpus',
    join(project, 'node_modules/@rootweaver/cli/assets/sample-corpus'),
    '--out',
    'my-index',
  ]);
}

function readmeLibrarySnippet(): string {
  return readmeSnippet('As a library:');
}

describe.skipIf(!enabled)('rootweaver packed and installed with npm outside the checkout', () => {
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'rw-packaging-'));
    const tarballs = packAll(join(scratch, 'tarballs'));
    project = join(scratch, 'project');
    install = installTarballs(project, tarballs);
    rootweaver = join(project, 'node_modules', '@rootweaver', 'cli', 'bin', 'rootweaver.js');
  }, 20 * 60_000);

  afterAll(() => {
    if (scratch !== undefined) console.log(`packaging test project: ${project}`);
  });

  it('installs without the optional peers, without unleash-server and with no rootweaver checkout around', () => {
    for (const name of [
      'onnxruntime-node',
      '@qdrant/js-client-rest',
      'llama3-tokenizer-js',
      'unleash-server',
    ]) {
      expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    }
    expect(existsSync(join(project, 'node_modules', '.bin', 'rootweaver'))).toBe(true);
    expect(resolve(project).startsWith(resolve(workspaceRoot))).toBe(false);
  });

  it(`node_modules: the CLI's at most ${cliLimitMegabytes} MB (issue 26: ${cliTargetMegabytes}), the library's at most ${libraryLimitMegabytes} MB (issue 26: ${libraryTargetMegabytes}), every tarball's at most ${everythingLimitMegabytes} MB`, () => {
    const nodeModules = join(project, 'node_modules');
    const everything = folderSize(nodeModules);
    const cli = packagesSize(dependencyClosure(nodeModules, '@rootweaver/cli'));
    const library = packagesSize(dependencyClosure(nodeModules, '@rootweaver/capabilities'));
    // better-sqlite3 compiled here (no prebuilt binary can be fetched): node-gyp leaves its intermediates.
    const sqliteBuild = folderSize(join(nodeModules, 'better-sqlite3', 'build'));
    const binding = statSync(join(nodeModules, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'));
    const leftovers = (sqliteBuild.diskBytes - binding.blocks * 512) / 1e6;
    const line = (label: string, size: typeof cli): string =>
      `${label}: ${megabytes(size.diskBytes)} on disk, ${megabytes(size.fileBytes)} in ${size.files} files`;
    console.log(
      [
        line('the CLI (@rootweaver/cli and its dependencies)', cli),
        line('the library alone (@rootweaver/capabilities and its dependencies)', library),
        line('every tarball (installed node_modules)', everything),
        line("  in each, better-sqlite3's node-gyp build/", sqliteBuild),
        `  of which ${leftovers.toFixed(1)} MB are compile leftovers (all of build/ but the binding), which an install that fetches the prebuilt binary has not`,
      ].join('\n'),
    );
    expect(cli.diskBytes / 1e6, line('the CLI', cli)).toBeLessThanOrEqual(cliLimitMegabytes);
    expect(library.diskBytes / 1e6, line('the library', library)).toBeLessThanOrEqual(libraryLimitMegabytes);
    expect(everything.diskBytes / 1e6, line('every tarball', everything)).toBeLessThanOrEqual(
      everythingLimitMegabytes,
    );
  });

  it('npm installs every dependency without an engine warning (engines agree with Node 20)', () => {
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE/);
  });

  it('a TypeScript project type-checks against the packages under node10 and node16 resolution, skipLibCheck off', () => {
    const typescript = join(workspaceRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { MultiHopCapability } from '@rootweaver/capabilities';",
        "import type { MultiHopAnswer } from '@rootweaver/core';",
        "import { FakeChatModel } from '@rootweaver/core/test';",
        "import { MultiHopRAG } from '@rootweaver/innovations';",
        "import { createProviderSet } from '@rootweaver/providers';",
        'export async function answer(question: string): Promise<MultiHopAnswer> {',
        "  const providers = await createProviderSet({ indexDirectory: 'my-index' });",
        '  void FakeChatModel;',
        '  void MultiHopCapability;',
        '  return new MultiHopRAG({ ...providers }).ask(question);',
        '}',
        '',
      ].join('\n'),
    );
    for (const [module, moduleResolution] of [
      ['commonjs', 'node10'],
      ['node16', 'node16'],
    ] as const) {
      const config = `tsconfig.${moduleResolution}.json`;
      writeFileSync(
        join(project, config),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            // What `tsc --init` writes and node16 implies: zod's, pino's and better-sqlite3's CommonJS
            // declarations are default-imported, which a node10 project without it cannot type-check.
            esModuleInterop: true,
            module,
            moduleResolution,
            target: 'es2022',
            types: ['node'],
            // The project's own @types/node (a consumer on Node has it); nothing else of the workspace.
            typeRoots: [join(workspaceRoot, 'node_modules', '@types')],
          },
          files: ['consumer.ts'],
        }),
      );
      const checked = run(process.execPath, [typescript, '-p', config], { cwd: project });
      // The one known gap (README, Known limits): the optional peers' types, named by providers'
      // declarations, are missing while the peers are not installed. Anything else is an error.
      const errors = `${checked.stdout}${checked.stderr}`
        .split('\n')
        .filter((line) => /error TS\d+/.test(line))
        .filter(
          (line) => !/TS2307: Cannot find module '(?:onnxruntime-node|@qdrant\/js-client-rest)'/.test(line),
        );
      expect(errors, moduleResolution).toEqual([]);
    }
    // Two tsc runs over every package's declarations: 32 s once on 2 busy cores.
  }, 180_000);

  it('index build, then ask --json prints valid JSON on stdout', () => {
    const corpus = join(project, 'node_modules/@rootweaver/cli/assets/sample-corpus');
    const build = cliOk(['index', 'build', '--corpus', corpus, '--out', 'my-index', '--json']);
    const summary = JSON.parse(build.stdout);
    expect(summary.failed).toEqual([]);
    expect(summary.pairs).toBeGreaterThan(100);
    const ask = cliOk(['ask', question, '--index', 'my-index', '--json']);
    const answer = JSON.parse(ask.stdout);
    expect(answer).toMatchObject({ question, planner: 'compact' });
    expect(answer.answer).toContain('Mira Castellan');
  });

  it("runs the README's library snippet", () => {
    ensureSampleIndex();
    const result = script('readme-snippet.mjs', readmeLibrarySnippet());
    expect(result.stdout.trim().length).toBeGreaterThan(0);
    expect(result.stderr).toBe('');
  });

  it('rootweaver demo builds the shipped sample corpus in ./.rootweaver and answers the shipped golden set', () => {
    const demo = cliOk(['demo', '--quiet']);
    const summary = /answer-contains: (\d+)\/(\d+) golden questions/.exec(demo.stdout);
    expect(summary?.[2]).toBe('15');
    // the checkout's demo floor (tools/cli/src/commands/demo-command.test.ts): 12 of 15 measured, less one
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(11);
    expect(existsSync(join(project, '.rootweaver', 'sample-index'))).toBe(true);
  });

  it('rootweaver serve answers a POST with the shipped flags and multi_hop.yaml', async () => {
    const server = start(process.execPath, [rootweaver, 'serve', '--index', 'my-index', '--port', '0'], {
      cwd: project,
    });
    try {
      const match = await server.waitFor(/serving on (http:\/\/\S+)/, 60_000);
      const response = await fetch(`${match[1]}/v1/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: question, user: { id: 'u1' } }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        answer: string;
        metadata: { multi_hop: { enabled: boolean } };
      };
      expect(body.answer).toContain('Mira Castellan');
      expect(body.metadata.multi_hop.enabled).toBe(true);
      // The trace viewer ships in the package (viewer/index.html) and the SSE stream works from the tarball.
      const viewer = await fetch(`${match[1]}/`);
      expect(viewer.status).toBe(200);
      expect(await viewer.text()).toContain('<title>rootweaver · trace viewer</title>');
      const streamed = await fetch(`${match[1]}/v1/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ query: question }),
      });
      expect(streamed.headers.get('content-type')).toContain('text/event-stream');
      expect(await streamed.text()).toMatch(
        /event: finished\ndata: \{"type":"finished","answer":"[^"]*Mira Castellan/,
      );
      expect((await fetch(`${match[1]}/openapi.json`)).status).toBe(200);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(server.output().stderr).toContain(
      `config: ${join(project, 'node_modules/@rootweaver/capabilities/assets/multi_hop.yaml')}`,
    );
  });

  it('MultiHopCapability.create() with no options reads the shipped files and the default index', () => {
    const corpus = join(project, 'node_modules/@rootweaver/cli/assets/sample-corpus');
    cliOk(['index', 'build', '--corpus', corpus, '--out', '.rootweaver/index']);
    const result = script(
      'capability.mjs',
      [
        "import { MultiHopCapability } from '@rootweaver/capabilities';",
        'const capability = await MultiHopCapability.create();',
        `const result = await capability.execute({ query: ${JSON.stringify(question)} });`,
        'await capability.close();',
        'console.log(JSON.stringify({ source: capability.configSource, answer: result.answer, enabled: result.metadata.multi_hop.enabled }));',
      ].join('\n'),
    );
    const output = JSON.parse(result.stdout);
    expect(output.source).toBe(join(project, 'node_modules/@rootweaver/capabilities/assets/multi_hop.yaml'));
    expect(output.enabled).toBe(true);
    expect(output.answer).toContain('Mira Castellan');
  });

  it.each([
    ['@rootweaver/langchain', '@langchain/core', '**LangChain.js**', /Mira Castellan/],
    ['@rootweaver/ai-sdk', 'ai', '**Vercel AI SDK**', /\[ 'ask', 'retrieve' \] \[.*'reasoning'.*'text'/s],
    ['@rootweaver/llamaindex', '@llamaindex/core', '**LlamaIndex.TS**', /Norwegian/],
  ])('%s installs with its peer %s and runs its README snippet', (adapter, peer, marker, expected) => {
    // npm installs a package's (non-optional) peers: the framework comes with the adapter.
    expect(existsSync(join(project, 'node_modules', adapter, 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(project, 'node_modules', peer, 'package.json'))).toBe(true);
    ensureSampleIndex();
    const result = script(`snippet-${adapter.replace('@rootweaver/', '')}.mjs`, readmeSnippet(marker));
    expect(result.stdout).toMatch(expected);
  });

  it('rootweaver serve --ui-message-stream answers useChat at POST /v1/chat from the tarballs', async () => {
    const server = start(
      process.execPath,
      [
        rootweaver,
        'serve',
        '--index',
        'my-index',
        '--port',
        '0',
        '--ui-message-stream',
        '--access-log',
        'off',
      ],
      { cwd: project },
    );
    try {
      const match = await server.waitFor(/serving on (http:\/\/\S+)/, 60_000);
      const response = await fetch(`${match[1]}/v1/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: question }] }],
        }),
      });
      expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
      expect(await response.text()).toMatch(/"type":"text-delta","id":"answer","delta":"Mira Castellan"/);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('require() of every package works (the default export condition)', () => {
    const names = publishablePackages().map((entry) => entry.manifest.name);
    const result = runOk(
      process.execPath,
      [
        '-e',
        `for (const name of ${JSON.stringify(names)}) { const m = require(name); if (Object.keys(m).length === 0) throw new Error(name + ' exports nothing'); } console.log('ok')`,
      ],
      { cwd: project },
    );
    expect(result.stdout.trim()).toBe('ok');
  });

  it('every source map of the installed packages resolves to a shipped file', () => {
    const unresolved: string[] = [];
    let maps = 0;
    const walk = (directory: string): void => {
      for (const entry of readdirSync(directory)) {
        const path = join(directory, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (entry.endsWith('.map')) {
          maps += 1;
          const map = JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; sourceRoot?: string };
          for (const source of map.sources) {
            const target = resolve(dirname(path), map.sourceRoot ?? '', source);
            if (!existsSync(target)) unresolved.push(`${path} → ${source}`);
          }
        }
      }
    };
    for (const entry of publishablePackages())
      walk(join(project, 'node_modules', entry.manifest.name, 'dist'));
    expect(maps).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
  });

  it('the ONNX and Qdrant paths say which package to install', () => {
    // A real (tiny) encoder folder: what fails is the missing runtime, not the model.
    writeTinyEncoder({ directory: join(project, 'model'), pieces: ['glass', 'orchard'], dimension: 4 });
    const result = script(
      'optional-peers.mjs',
      [
        "import { createProviderSet, QdrantStore } from '@rootweaver/providers';",
        'const errors = {};',
        "try { await createProviderSet({ indexDirectory: 'peer-index', create: true, embedderModelDirectory: 'model' }); } catch (error) { errors.onnx = { code: error.code, message: error.message }; }",
        "try { new QdrantStore({ url: 'http://127.0.0.1:9', collection: 'x' }); } catch (error) { errors.qdrant = { code: error.code, message: error.message }; }",
        'console.log(JSON.stringify(errors));',
      ].join('\n'),
    );
    const errors = JSON.parse(result.stdout);
    expect(errors.onnx.code).toBe('not-configured');
    expect(errors.onnx.message).toMatch(/npm install 'onnxruntime-node@\^\d/);
    expect(errors.qdrant.code).toBe('not-configured');
    expect(errors.qdrant.message).toMatch(/npm install '@qdrant\/js-client-rest@\^\d/);
  });
});

describe.skipIf(!enabled)('pnpm rootweaver in the checkout', () => {
  it('writes only the command output on stdout (no pnpm banner), and pnpm exec rootweaver works', () => {
    const env = cleanEnvironment();
    const version = runOk('pnpm', ['rootweaver', '--version'], { cwd: workspaceRoot, env });
    expect(version.stdout).toMatch(/^rootweaver \d+\.\d+\.\d+\n$/);
    const json = runOk('pnpm', ['rootweaver', 'flags', '--json'], { cwd: workspaceRoot, env });
    expect(JSON.parse(json.stdout)).toMatchObject({ source: 'bootstrap', enabled: true });
    const exec = runOk('pnpm', ['exec', 'rootweaver', '--version'], { cwd: workspaceRoot, env });
    expect(exec.stdout).toBe(version.stdout);
  });
});
