import type { KnowledgeItem, MultiHopEvent } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { InMemoryStore, InstrumentedStore } from '../test/index.js';
import { MultiHopRAG } from './multi-hop-rag.js';

function pair(id: string, source: string, version: string, answer: string): KnowledgeItem {
  return {
    id,
    documentId: `${source}#/1`,
    kind: 'qa',
    title: 'Server guide',
    question: 'What is the default port of the server?',
    answer,
    text: `Server guide: What is the default port of the server? ${answer}`,
    passage: `The default port of the server is ${answer}.`,
    metadata: { source, version },
  };
}

const items = [
  pair('v1', 'docs/v1/server.md', '1', '8080'),
  pair('v2', 'docs/v2/server.md', '2', '9090'),
  pair('v3', 'archive/server.md', '3', '7070'),
];
const question = 'What is the default port of the server?';

describe('AskOptions.filter', () => {
  it('restricts every retrieval to the items whose metadata meets it, single-pass and multi-hop alike', async () => {
    const rag = new MultiHopRAG({ store: new InMemoryStore({ items }) });
    const byVersion = await rag.ask(question, { filter: { metadata: { version: '2' } } });
    expect(byVersion.pool.map((item) => item.id)).toEqual(['v2']);
    expect(byVersion.answer).toContain('9090');
    const single = await rag.askSinglePass(question, {
      filter: { metadata: { version: { in: ['1', '3'] } } },
    });
    expect(single.pool.map((item) => item.id).sort()).toEqual(['v1', 'v3']);
    const folder = await rag.ask(question, { filter: { sourcePrefix: 'docs/' } });
    expect(folder.pool.map((item) => item.id).sort()).toEqual(['v1', 'v2']);
    const unfiltered = await rag.ask(question, {});
    expect(unfiltered.pool).toHaveLength(3);
  });

  it('passes the filter to the store on every search, streamed too', async () => {
    const store = new InMemoryStore({ items });
    const rag = new MultiHopRAG({ store });
    const events: MultiHopEvent[] = [];
    for await (const event of rag.stream(question, { filter: { sourcePrefix: 'archive' } }))
      events.push(event);
    const finished = events.at(-1);
    expect(finished?.type === 'finished' ? finished.answer.pool.map((item) => item.id) : []).toEqual(['v3']);
    expect(store.searches.length).toBeGreaterThan(0);
    expect(store.searches.every((search) => search.filter?.sourcePrefix === 'archive')).toBe(true);
  });

  it('makes a key no item has an invalid-input error naming it, the likely key and the keys there are', async () => {
    const rag = new MultiHopRAG({ store: new InMemoryStore({ items }) });
    const error = await rag
      .ask(question, { filter: { metadata: { versoin: '2' } } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid-input' });
    expect((error as Error).message).toContain('Unknown filter key `versoin`');
    expect((error as Error).message).toContain('did you mean `version`?');
    expect((error as Error).message).toContain('its keys are source, version');
    const noSources = new MultiHopRAG({
      store: new InMemoryStore({ items: items.map(({ metadata: _metadata, ...item }) => item) }),
    });
    await expect(noSources.ask(question, { filter: { sourcePrefix: 'docs' } })).rejects.toThrow(
      /Unknown filter key `source`.*it has no metadata at all/,
    );
  });

  it('skips the key check on a store that cannot list its keys (the filter still applies)', async () => {
    const rag = new MultiHopRAG({ store: new InstrumentedStore(new InMemoryStore({ items })) });
    const answer = await rag.ask(question, { filter: { metadata: { versoin: '2' } } });
    expect(answer.pool).toHaveLength(0);
    expect(answer.refusal).toBe('no-evidence');
  });

  it('refuses a malformed filter before anything runs', async () => {
    const store = new InMemoryStore({ items });
    const rag = new MultiHopRAG({ store });
    const bad = [
      { metadata: { version: ['1', '2'] } },
      { metadata: { version: { in: [] } } },
      { metadata: { version: { in: ['1'], not: ['2'] } } },
      { metadata: { version: null } },
      { sourcePrefix: 3 },
      { source: 'docs' },
      'version=2',
    ];
    for (const filter of bad) {
      await expect(rag.ask(question, { filter: filter as never })).rejects.toMatchObject({
        code: 'invalid-input',
      });
    }
    expect(store.searches).toHaveLength(0);
  });
});
