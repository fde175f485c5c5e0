import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPdfJs } from './loaders/parse-pdf.js';
import { readCorpus } from './read-corpus.js';
import { writeTextPdf } from './test-fixtures/text-pdf.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-corpus-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readCorpus on JSONL', () => {
  it('reads good records and reports bad lines, missing fields, empty passages and repeated ids with file and line', async () => {
    const file = join(directory, 'corpus.jsonl');
    await writeFile(
      file,
      [
        JSON.stringify({ id: 'a', title: 'Alpha', text: 'Alpha is a river.' }),
        '{not json',
        JSON.stringify({ id: 'b', text: 'No title here.' }),
        '',
        JSON.stringify({ id: 'c', title: 'Gamma', text: '   ' }),
        JSON.stringify({ id: 'a', title: 'Alpha again', text: 'Duplicate.' }),
        JSON.stringify({ id: 7, title: 'Seven', text: 'Seven is a number.' }),
      ].join('\n'),
    );
    const { passages, problems } = await readCorpus({ path: file });
    expect(passages.map((passage) => passage.id)).toEqual(['a', '7']);
    expect(passages[0]).toMatchObject({
      title: 'Alpha',
      text: 'Alpha is a river.',
      source: { file, line: 1 },
      metadata: { source: 'corpus.jsonl' },
    });
    expect(problems.map((problem) => [problem.file, problem.line])).toEqual([
      [file, 2],
      [file, 3],
      [file, 5],
      [file, 6],
    ]);
    expect(problems[0]?.message).toMatch(/not JSON/);
    expect(problems[1]?.message).toBe('missing field title');
    expect(problems[2]?.message).toMatch(/empty passage/);
    expect(problems[3]?.message).toMatch(/duplicate id a/);
  });

  it('keeps the extra fields of a record as metadata, flattened, and reports reserved ones', async () => {
    const file = join(directory, 'records.jsonl');
    const long = 'A sentence of a record that is long. '.repeat(60);
    await writeFile(
      file,
      [
        JSON.stringify({
          id: 'r1',
          title: 'Record',
          text: long,
          lang: 'en',
          version: 3,
          draft: false,
          tags: ['a', 'b'],
          author: { name: 'Ada' },
          source: 'https://example.org/r1',
          rule: 'mine',
        }),
      ].join('\n'),
    );
    const { passages, problems } = await readCorpus({ path: file });
    expect(passages).toHaveLength(1);
    // A JSONL record is one passage as given, however long.
    expect(passages[0]?.text).toBe(long.trim());
    expect(passages[0]?.metadata).toEqual({
      source: 'https://example.org/r1',
      lang: 'en',
      version: 3,
      draft: false,
      tags: 'a, b',
      'author.name': 'Ada',
    });
    expect(problems).toEqual([
      { file, line: 1, message: 'field(s) rule are reserved or not plain values; left out' },
    ]);
  });

  it('fails with not-found for a missing path', async () => {
    await expect(readCorpus({ path: join(directory, 'nope.jsonl') })).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('readCorpus on a folder of Markdown', () => {
  const guide = [
    '---',
    'title: Harbor Server',
    'version: 2',
    'tags: [network, config]',
    '---',
    '',
    '# Harbor Server guide',
    '',
    '[![build](https://ci.example.org/badge.svg)](https://ci.example.org) [![npm](https://img.example.org/v.svg)](https://npm.example.org)',
    '',
    '- [Configuration](#configuration)',
    '- [`Logging`](#logging)',
    '',
    'Harbor Server is a small HTTP server written in Rust. See the [install notes](https://example.org/install) first.',
    '',
    '<!-- The admin password is swordfish. -->',
    '',
    '<div align="center"><img src="logo.png"></div>',
    '',
    '## Configuration',
    '',
    '```sh',
    '# Start with a custom port',
    'harbor --port 9000',
    '```',
    '',
    '| Option | Default | Description |',
    '| ------ | ------- | ----------- |',
    '| `port` | 8080 | The port to listen on. |',
    '| `host` | 127.0.0.1 | The address to bind. |',
    '',
    '### Logging',
    '',
    '- Logs go to stderr',
    '- Levels: debug, info, warn',
    '',
    '## Configuration',
    '',
    'A second section with the same heading.',
  ].join('\n');

  it('parses front matter, headings, code, tables, lists and links, and drops comments, HTML and badges', async () => {
    await mkdir(join(directory, 'docs'));
    await writeFile(join(directory, 'docs', 'guide.md'), guide);
    const { passages, problems } = await readCorpus({ path: directory });
    expect(problems).toEqual([]);
    expect(passages.map((passage) => [passage.id, passage.kind ?? 'prose'])).toEqual([
      ['docs/guide.md#harbor-server-guide/1', 'prose'],
      ['docs/guide.md#harbor-server-guide/configuration/1', 'code'],
      ['docs/guide.md#harbor-server-guide/configuration/2', 'table-row'],
      ['docs/guide.md#harbor-server-guide/configuration/3', 'table-row'],
      ['docs/guide.md#harbor-server-guide/configuration/logging/1', 'prose'],
      ['docs/guide.md#harbor-server-guide/configuration-1/1', 'prose'],
    ]);
    const [intro, code, port, , logging, second] = passages;
    expect(intro).toMatchObject({
      title: 'Harbor Server',
      text: 'Harbor Server is a small HTTP server written in Rust. See the install notes first.',
      sectionPath: ['Harbor Server guide'],
      source: { file: join(directory, 'docs', 'guide.md'), line: 14 },
      metadata: {
        source: 'docs/guide.md',
        version: 2,
        tags: 'network, config',
        section: 'Harbor Server guide',
        links: 'https://example.org/install',
      },
    });
    // The `# comment` inside the fence is code, not a heading.
    expect(code).toMatchObject({
      text: '# Start with a custom port\nharbor --port 9000',
      sectionPath: ['Harbor Server guide', 'Configuration'],
      metadata: { code_language: 'sh', section: 'Harbor Server guide > Configuration' },
    });
    expect(port).toMatchObject({
      text: 'Option: port; Default: 8080; Description: The port to listen on.',
      cells: [
        ['Option', 'port'],
        ['Default', '8080'],
        ['Description', 'The port to listen on.'],
      ],
    });
    expect(logging?.text).toBe('Logs go to stderr. Levels: debug, info, warn.');
    expect(second?.sectionPath).toEqual(['Harbor Server guide', 'Configuration']);
    const everything = passages.map((passage) => passage.text).join('\n');
    // A list of nothing but links (a table of contents) states no fact: not indexed.
    expect(passages.some((passage) => passage.text.includes('Configuration.'))).toBe(false);
    for (const hidden of ['swordfish', 'logo.png', 'badge.svg', '](', '<div', '---', 'title:']) {
      expect(everything).not.toContain(hidden);
    }
  });

  it('keeps every other id when one paragraph changes, and a long paragraph in overlapping chunks', async () => {
    const sentences = Array.from(
      { length: 40 },
      (_, index) => `Sentence ${index + 1} of the long paragraph states fact number ${index + 1}.`,
    );
    const text = `${guide}\n\n${sentences.join(' ')}\n`;
    await writeFile(join(directory, 'guide.md'), text);
    const first = await readCorpus({ path: directory, chunking: { maxChars: 600, overlapChars: 150 } });
    const chunks = first.passages.filter((passage) => passage.id.includes('configuration-1/2'));
    expect(chunks.map((chunk) => chunk.id)).toEqual([
      'guide.md#harbor-server-guide/configuration-1/2',
      'guide.md#harbor-server-guide/configuration-1/2.2',
      'guide.md#harbor-server-guide/configuration-1/2.3',
      'guide.md#harbor-server-guide/configuration-1/2.4',
      'guide.md#harbor-server-guide/configuration-1/2.5',
    ]);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(600);
      expect(chunk.text).toMatch(/^Sentence \d+ .*\.$/);
    }
    // Each chunk after the first starts with the last sentence(s) of the one before.
    for (let index = 1; index < chunks.length; index += 1) {
      const previous = chunks[index - 1]?.text ?? '';
      const opening = /^Sentence \d+ [^.]*\./.exec(chunks[index]?.text ?? '')?.[0] ?? '';
      expect(previous.endsWith(opening) || previous.includes(`${opening} `)).toBe(true);
    }
    expect(new Set(chunks.flatMap((chunk) => chunk.text.match(/Sentence \d+ /g) ?? [])).size).toBe(40);

    await writeFile(join(directory, 'guide.md'), text.replace('small HTTP server', 'tiny HTTP server'));
    const again = await readCorpus({ path: directory, chunking: { maxChars: 600, overlapChars: 150 } });
    expect(again.passages.map((passage) => passage.id)).toEqual(first.passages.map((passage) => passage.id));
  });

  it('names a README after its folder, reads .txt by paragraphs, reports empty files and bad front matter', async () => {
    await mkdir(join(directory, 'harbor-client'));
    await writeFile(join(directory, 'harbor-client', 'README.md'), 'The client speaks to the server.\n');
    await writeFile(join(directory, 'notes.txt'), 'First paragraph.\n\nSecond paragraph.\n');
    await writeFile(join(directory, 'empty.md'), '\n\n# Only a heading\n');
    await writeFile(join(directory, 'broken.md'), '---\ntitle: [unclosed\n---\n\nStill read.\n');
    await writeFile(join(directory, 'ignored.json'), '{}');
    const { passages, problems } = await readCorpus({ path: directory });
    expect(passages.map((passage) => [passage.id, passage.title])).toEqual([
      ['broken.md#/1', 'broken'],
      ['harbor-client/README.md#/1', 'harbor client'],
      ['notes.txt#/1', 'notes'],
      ['notes.txt#/2', 'notes'],
    ]);
    expect(problems.map((problem) => [problem.file.slice(directory.length + 1), problem.message])).toEqual([
      ['broken.md', expect.stringMatching(/^front matter is not valid YAML .*; ignored$/)],
      ['empty.md', 'empty document: no paragraph of text'],
    ]);
  });
});

describe('readCorpus on HTML and PDF', () => {
  it('reads HTML: title, lang and meta as metadata, headings, lists, code and tables; no script, nav or comment', async () => {
    await writeFile(
      join(directory, 'page.html'),
      `<!doctype html><html lang="en"><head><title>Harbor API</title>
<meta name="description" content="The Harbor HTTP API"><script>var secret = 1;</script></head>
<body><nav><a href="/">Home</a></nav>
<h1>Harbor API</h1><!-- internal: do not ship -->
<p>The API answers on <a href="https://api.example.org">the API host</a>.<br>It speaks JSON.</p>
<h2>Endpoints</h2>
<ul><li>GET /items lists items</li><li>POST /items adds one<ul><li>needs a token</li></ul></li></ul>
<pre><code class="language-bash">curl https://api.example.org/items</code></pre>
<table><thead><tr><th>Status</th><th>Meaning</th></tr></thead><tbody><tr><td>404</td><td>No such item</td></tr></tbody></table>
<div>Loose text in a div.</div>
</body></html>`,
    );
    const { passages, problems } = await readCorpus({ path: join(directory, 'page.html') });
    expect(problems).toEqual([]);
    expect(passages.map((passage) => [passage.kind ?? 'prose', passage.text])).toEqual([
      ['prose', 'The API answers on the API host. It speaks JSON.'],
      ['prose', 'GET /items lists items. POST /items adds one. needs a token.'],
      ['code', 'curl https://api.example.org/items'],
      ['table-row', 'Status: 404; Meaning: No such item'],
      ['prose', 'Loose text in a div.'],
    ]);
    expect(passages[0]).toMatchObject({
      title: 'Harbor API',
      sectionPath: [],
      metadata: {
        source: 'page.html',
        lang: 'en',
        description: 'The Harbor HTTP API',
        links: 'https://api.example.org',
      },
    });
    expect(passages[2]?.metadata).toMatchObject({ code_language: 'bash', section: 'Endpoints' });
  });

  it('reads a PDF page by page through pdfjs-dist, its Title as the title', async () => {
    const file = join(directory, 'manual.pdf');
    await writeFile(
      file,
      writeTextPdf({
        title: 'Harbor Manual',
        pages: [['The server starts on port 8080.', 'It logs to stderr.'], ['Page two holds the limits.']],
      }),
    );
    const { passages, problems } = await readCorpus({ path: directory });
    expect(problems).toEqual([]);
    expect(passages.map((passage) => [passage.id, passage.title, passage.text, passage.source.line])).toEqual(
      [
        ['manual.pdf#/1', 'Harbor Manual', 'The server starts on port 8080. It logs to stderr.', 1],
        ['manual.pdf#/2', 'Harbor Manual', 'Page two holds the limits.', 2],
      ],
    );
  });

  it('says which package to install when pdfjs-dist is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'pdfjs-dist' imported from /x.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const error = await loadPdfJs(async () => {
      throw missing;
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not-configured' });
    expect((error as Error).message).toContain('Reading PDF files needs the package pdfjs-dist');
    expect((error as Error).message).toMatch(/npm install 'pdfjs-dist@~5\.6\.\d+'/);
    // Any other load failure is thrown as it is.
    const other = new Error('boom');
    await expect(loadPdfJs(async () => Promise.reject(other))).rejects.toBe(other);
  });

  it('reports a file that is not a PDF and reads the rest', async () => {
    await writeFile(join(directory, 'fake.pdf'), 'not a pdf at all');
    await writeFile(join(directory, 'real.md'), 'Real text.\n');
    const { passages, problems } = await readCorpus({ path: directory });
    expect(passages.map((passage) => passage.id)).toEqual(['real.md#/1']);
    expect(problems[0]?.message).toMatch(/^not a readable PDF/);
  });
});
