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
 * Limits for an npm-installed `node_modules`, in MB of 10^6 bytes on disk (what `du` counts). Issue 26
 * asked 200 MB for the CLI and 120 MB for the library (capabilities and its dependencies); both are
 * still missed, and these bounds only stop growth past what was measured (2026-12-04, 2 cores, after
 * the learned selector and `@tensorflow/tfjs` were removed, ADR-0007):
 * - the CLI, 238.8 MB (was 542.6 MB with tfjs): the library below plus the tokenizers, better-sqlite3's
 *   build, the MCP and HTTP stacks.
 * - the library, 133.9 MB: `@rootweaver/models` ships the 22.5 MB word-vector table and the 0.5 MB
 *   reader issue 24 asked for (it allows the default install to grow by 40 MB).
 */
const cliLimitMegabytes = 250;
const libraryLimitMegabytes = 140;

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
    for (const name of ['onnxruntime-node', '@qdrant/js-client-rest', 'unleash-server']) {
      expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    }
    expect(existsSync(join(project, 'node_modules', '.bin', 'rootweaver'))).toBe(true);
    expect(resolve(project).startsWith(resolve(workspaceRoot))).toBe(false);
  });

  it(`node_modules: the CLI's at most ${cliLimitMegabytes} MB, the library's (capabilities and its dependencies) at most ${libraryLimitMegabytes} MB`, () => {
    const nodeModules = join(project, 'node_modules');
    const cli = folderSize(nodeModules);
    const library = packagesSize(dependencyClosure(nodeModules, '@rootweaver/capabilities'));
    const line = (label: string, size: typeof cli): string =>
      `${label}: ${megabytes(size.diskBytes)} on disk, ${megabytes(size.fileBytes)} in ${size.files} files`;
    console.log(`${line('installed CLI node_modules', cli)}\n${line('the library alone', library)}`);
    expect(cli.diskBytes / 1e6, line('the CLI', cli)).toBeLessThanOrEqual(cliLimitMegabytes);
    expect(library.diskBytes / 1e6, line('the library', library)).toBeLessThanOrEqual(libraryLimitMegabytes);
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
  });

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
