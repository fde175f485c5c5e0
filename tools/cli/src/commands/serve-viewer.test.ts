import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { answerContains, loadGoldenSet } from '@rootweaver/eval';
import { type Browser, launch } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliCheckout, goldenSetPath, sampleCorpusPath } from '../repo-root.js';
import { runCli } from '../run-cli.js';
import { createRecordingIo } from '../test-io.js';
import { serveCommand } from './serve-command.js';

// The trace viewer in a real headless Chromium (Debian's `chromium`, driven by puppeteer-core) against
// `rootweaver serve` on the sample corpus, with a bearer token, CORS and the access log on.
const chromium = '/usr/bin/chromium';
const browserMissing = !existsSync(chromium);
if (browserMissing) {
  console.warn(`serve-viewer.test: skipped — no browser at ${chromium} (apt-get install -y chromium).`);
}
/** Where the test writes what a person would look at: the screenshot. */
const outputDirectory = resolve(cliCheckout ?? tmpdir(), 'test-output', 'viewer');
const token = 'viewer-test-token-3141';

let browser: Browser | undefined;
let userDataDirectory = '';
const shutdown = new AbortController();
let serving: Promise<number> | undefined;
const io = createRecordingIo({ env: {} });
let base = '';

beforeAll(async () => {
  if (browserMissing || !existsSync(sampleCorpusPath)) return;
  const cache = await mkdtemp(join(tmpdir(), 'rw-viewer-cache-'));
  Object.assign(io.env, { ROOTWEAVER_CACHE_DIR: cache, ROOTWEAVER_AUTH_TOKEN: token });
  serving = runCli(
    ['serve', '--port', '0', '--cors', 'http://localhost:5173', '--access-log', 'stderr'],
    io,
    [serveCommand],
    shutdown.signal,
  );
  await vi.waitFor(
    () => {
      const match = /serving on (http:\/\/[^\s]+)/.exec(io.out());
      if (match?.[1] === undefined) throw new Error(`not listening yet: ${io.err()}`);
      base = match[1];
    },
    // serve builds the sample index first: a minute or more on a loaded shared machine.
    { timeout: 240_000, interval: 100 },
  );
  userDataDirectory = await mkdtemp(join(tmpdir(), 'rw-chromium-'));
  browser = await launch({
    executablePath: chromium,
    headless: true,
    userDataDir: userDataDirectory,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 270_000);

afterAll(async () => {
  await browser?.close();
  shutdown.abort();
  if (serving !== undefined) expect(await serving).toBe(0);
  if (userDataDirectory !== '') await rm(userDataDirectory, { recursive: true, force: true });
});

describe.skipIf(browserMissing || !existsSync(sampleCorpusPath))(
  'the trace viewer (GET /) in Chromium',
  () => {
    it('asks a golden question, draws the sub-question graph as it streams, and shows the answer', async () => {
      const golden = await loadGoldenSet(goldenSetPath);
      const question = golden.questions.find(
        (candidate) => candidate.category === 'cross-document' && candidate.query.startsWith('Which film'),
      );
      if (question === undefined) throw new Error('the golden set has no cross-document comparison');
      // What the server answers as JSON, to hold the page against.
      const reference = (await (
        await fetch(`${base}/v1/ask`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: question.query, trace: true }),
        })
      ).json()) as {
        answer: string;
        citations: unknown[];
        metadata: { multi_hop: { llm_calls: number } };
        trace: {
          plan: { nodes: { id: number; question: string; refs: number[] }[] };
          hops: { nodes?: { id: number; answer: string }[] }[];
          synthesis: { mode: string; reason: string };
        };
      };
      expect(answerContains(reference.answer, question.expected_answer_contains)).toBe(1);
      const planNodes = reference.trace.plan.nodes;
      expect(planNodes.length).toBeGreaterThan(1);

      const page = await (browser as Browser).newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      await page.setViewport({ width: 1360, height: 900 });
      const loaded = await page.goto(`${base}/`, { waitUntil: 'load' });
      expect(loaded?.status()).toBe(200);
      expect(loaded?.headers()['content-security-policy']).toContain("default-src 'none'");

      // Without the token the server says so, and the page shows it.
      await page.type('#question', question.query);
      await page.click('#ask');
      await page.waitForSelector('#status[data-state="error"]', { timeout: 30_000 });
      expect(await page.$eval('#status', (element) => element.textContent)).toContain(
        'Authorization: Bearer',
      );
      // That 401 is the only resource that failed (the browser logs it as an error).
      expect(problems).toEqual([expect.stringContaining('401')]);
      problems.length = 0;

      await page.type('#token', token);
      await page.click('#ask');
      await page.waitForSelector('#status[data-state="finished"]', { timeout: 60_000 });
      expect(problems).toEqual([]);

      const drawn = await page.$$eval('svg g.node', (nodes) =>
        nodes.map((node) => ({
          id: Number(node.getAttribute('data-node-id')),
          className: node.getAttribute('class'),
          title: node.querySelector(':scope > title')?.textContent,
        })),
      );
      expect(drawn.map((node) => node.id)).toEqual(planNodes.map((node) => node.id));
      expect(drawn.map((node) => node.title)).toEqual(planNodes.map((node) => node.question));
      expect(await page.$$eval('svg path.edge', (edges) => edges.length)).toBeGreaterThan(0);
      // Every node the server answered is drawn answered, its card with the answer and its evidence — but
      // the question's own node of a composed answer shows the composed answer (issue 26: it showed the
      // span its retrieval found, a name, on a "which came first" node).
      const answered = reference.trace.hops.flatMap((hop) => hop.nodes ?? []);
      expect(answered.length).toBe(planNodes.length);
      expect(reference.trace.synthesis.mode).toBe('composed');
      const referenced = new Set(planNodes.flatMap((node) => node.refs));
      const composedIds = planNodes
        .filter((node) => node.refs.length > 0 && !referenced.has(node.id))
        .map((node) => node.id);
      expect(composedIds.length).toBe(1);
      for (const node of answered) {
        const card = await page.$eval(`.card[data-node-id="${node.id}"]`, (element) => ({
          className: element.className,
          answer: element.querySelector('.node-answer strong')?.textContent,
          evidence: [...element.querySelectorAll('.evidence li')].map((item) => item.textContent ?? ''),
        }));
        if (composedIds.includes(node.id)) {
          expect(card.className).toMatch(/\bcomposed\b/);
          expect(card.answer).toBe(reference.answer);
          const drawnAnswer = await page.$eval(
            `svg g.node[data-node-id="${node.id}"] text.answer`,
            (text) => text.textContent ?? '',
          );
          expect(drawnAnswer.startsWith(`= ${reference.answer.slice(0, 10)}`), drawnAnswer).toBe(true);
          if (node.answer !== reference.answer) expect(drawnAnswer).not.toContain(node.answer);
          continue;
        }
        expect(card.className).toMatch(/\b(resolved|unresolved)\b/);
        expect(card.answer).toBe(node.answer || '(no answer)');
        expect(card.evidence.length).toBeGreaterThan(0);
        for (const line of card.evidence) expect(line).not.toMatch(/^evidence [0-9a-f]+$/);
      }
      // Every text of a node stays inside its box, and no arrow crosses any node's text (issue 26).
      const geometry = await page.$eval('svg#graph', (svg) => {
        // Page coordinates throughout: the svg has no viewBox, so a path's points are pixels from its corner.
        const origin = svg.getBoundingClientRect();
        const overflow: string[] = [];
        const texts: { left: number; top: number; right: number; bottom: number; label: string }[] = [];
        for (const group of svg.querySelectorAll('g.node')) {
          const rect = group.querySelector('rect')?.getBoundingClientRect();
          if (rect === undefined) continue;
          for (const text of group.querySelectorAll('text')) {
            if ((text.textContent ?? '') === '') continue;
            const box = text.getBoundingClientRect();
            texts.push({
              left: box.left,
              top: box.top,
              right: box.right,
              bottom: box.bottom,
              label: text.textContent ?? '',
            });
            if (
              box.left < rect.left ||
              box.right > rect.right ||
              box.top < rect.top ||
              box.bottom > rect.bottom
            ) {
              overflow.push(`${text.textContent} runs out of node ${group.getAttribute('data-node-id')}`);
            }
          }
        }
        const crossings: string[] = [];
        for (const edge of svg.querySelectorAll('path.edge')) {
          const path = edge as unknown as {
            getTotalLength(): number;
            getPointAtLength(length: number): { x: number; y: number };
          };
          const length = path.getTotalLength();
          for (let step = 0; step <= 60; step += 1) {
            const point = path.getPointAtLength((length * step) / 60);
            const x = origin.left + point.x;
            const y = origin.top + point.y;
            for (const text of texts) {
              if (x >= text.left && x <= text.right && y >= text.top && y <= text.bottom) {
                crossings.push(`an arrow crosses "${text.label}"`);
              }
            }
          }
        }
        return { overflow, crossings: [...new Set(crossings)], texts: texts.length };
      });
      expect(geometry.texts).toBeGreaterThan(planNodes.length * 2);
      expect(geometry.overflow).toEqual([]);
      expect(geometry.crossings).toEqual([]);
      expect(await page.$eval('#answer', (element) => element.textContent)).toBe(reference.answer);
      expect(await page.$$eval('#citations li[data-item-id]', (items) => items.length)).toBe(
        reference.citations.length,
      );
      expect(await page.$eval('[data-fact="LLM calls"]', (element) => element.textContent)).toBe(
        String(reference.metadata.multi_hop.llm_calls),
      );
      expect(await page.$eval('[data-fact="tokens"]', (element) => element.textContent)).toMatch(/^\d+ \(/);

      await mkdir(outputDirectory, { recursive: true });
      const screenshot = join(outputDirectory, 'viewer-trace.png');
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(existsSync(screenshot)).toBe(true);
      console.log(`viewer screenshot: ${screenshot}`);

      // Text from the question and the index is shown as text, never run as markup.
      await page.$eval('#question', (element) => {
        (element as unknown as { value: string }).value = '';
      });
      await page.type('#question', 'Who directed <img src=x onerror="window.injected=1">?');
      await page.click('#ask');
      await page.waitForSelector('#status[data-state="finished"]', { timeout: 60_000 });
      expect(await page.evaluate(() => (globalThis as { injected?: number }).injected)).toBeUndefined();
      expect(await page.$$eval('.card img, #answer img', (images) => images.length)).toBe(0);
      await page.close();

      // The access log has a line per request, none with the token or the question.
      const log = io
        .err()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { path: string; status: number; stream?: boolean });
      expect(log.some((line) => line.path === '/' && line.status === 200)).toBe(true);
      expect(log.some((line) => line.path === '/v1/ask' && line.status === 401)).toBe(true);
      expect(log.some((line) => line.path === '/v1/ask' && line.stream === true && line.status === 200)).toBe(
        true,
      );
      expect(io.err()).not.toContain(token);
      expect(io.err()).not.toContain(question.query);

      // CORS: the allowed origin gets its preflight answered.
      const preflight = await fetch(`${base}/v1/ask`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    }, 270_000);
  },
);
