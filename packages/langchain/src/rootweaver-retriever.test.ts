import type { Document } from '@langchain/core/documents';
import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { FakeChatModel } from '@langchain/core/utils/testing';
import { openSampleEngine } from '@rootweaver/sample-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RootweaverRetriever } from './rootweaver-retriever.js';

const question = 'What is the nationality of the director of The Copper Tide?';
let engine: Awaited<ReturnType<typeof openSampleEngine>>;
beforeAll(async () => {
  engine = await openSampleEngine();
});
afterAll(() => engine.close());

const formatDocuments = (documents: Document[]): string =>
  documents.map((document) => `[${document.metadata.marker}] ${document.pageContent}`).join('\n');

describe('RootweaverRetriever', () => {
  it('feeds a RunnableSequence: the multi-hop evidence reaches the chain’s chat model as its context', async () => {
    const retriever = new RootweaverRetriever({ engine: engine.rag });
    const prompt = ChatPromptTemplate.fromMessages([
      ['system', 'Answer from the context.\n{context}'],
      ['human', '{question}'],
    ]);
    // LangChain's own test model echoes its prompt: the chain's output is what the model was given.
    const chain = RunnableSequence.from([
      { context: retriever.pipe(formatDocuments), question: new RunnablePassthrough() },
      prompt,
      new FakeChatModel({}),
      new StringOutputParser(),
    ]);
    const output = await chain.invoke(question);
    const retrieval = await engine.rag.retrieve(question);
    expect(retrieval.evidence.length).toBeGreaterThan(1);
    for (const item of retrieval.evidence) expect(output).toContain(`[${item.marker}] ${item.text}`);
    expect(output).toContain(question);
  });

  it('returns the pool as Documents with score, sub-question, plan node and passage in their metadata', async () => {
    const documents = await new RootweaverRetriever({ engine: engine.rag }).invoke(question);
    const retrieval = await engine.rag.retrieve(question);
    expect(documents.map((document) => document.id)).toEqual(retrieval.evidence.map((item) => item.id));
    const [first] = documents;
    const item = retrieval.evidence[0];
    expect(first?.pageContent).toBe(item?.text);
    expect(first?.metadata).toMatchObject({
      documentId: item?.documentId,
      title: item?.title,
      score: item?.score,
      marker: 1,
      subQuestion: item?.subQuestion,
      nodeId: item?.nodeId,
      passage: item?.passage,
      kind: 'qa',
    });
    // The grounded second hop is in there: a sub-question that names the first hop's answer.
    const grounded = retrieval.nodes[1]?.groundedQuestion;
    expect(documents.some((document) => document.metadata.subQuestion === grounded)).toBe(true);
  });

  it('cancels with the call’s signal, and passes the ask options on', async () => {
    const retriever = new RootweaverRetriever({ engine: engine.rag });
    await expect(retriever.invoke(question, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'aborted',
    });
    const singleHop = new RootweaverRetriever({
      engine: engine.rag,
      askOptions: { plan: { nodes: [{ id: 0, question, refs: [] }], source: 'llm', repairs: [] } },
    });
    const documents = await singleHop.invoke(question);
    expect(new Set(documents.map((document) => document.metadata.subQuestion))).toEqual(new Set([question]));
  });
});
