import { describe, expect, it } from 'vitest';
import { node } from '../test-fixtures/node-trace.js';
import { answeringNode } from './answering-node.js';

describe('answeringNode', () => {
  it('is the last sink, not the last node run nor the sink whose words match the question best', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Ivo Brand'),
      node(1, 'Where was the director of Harbour Lights born?', 'Orlen', [2]),
      node(2, 'Who is Ivo Brand?', 'a painter'),
      node(3, 'In which country is Orlen?', 'Veltria', [1]),
    ];
    expect(answeringNode({ question: 'Where was the director of Harbour Lights born?', nodes })?.id).toBe(3);
  });

  it('passes over a sink without an answer', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Ivo Brand'),
      node(1, 'Where was the director of Harbour Lights born?', '', [0]),
      node(2, 'Who founded Harbour Press?', 'Mara Quill'),
    ];
    expect(answeringNode({ question: 'Where was the director of Harbour Lights born?', nodes })?.id).toBe(2);
  });

  it('is the last node with an answer when no sink has one', () => {
    const nodes = [
      node(0, 'Who directed Harbour Lights?', 'Ivo Brand'),
      node(1, 'Who wrote Stone Orchard?', 'Mara Quill'),
      node(2, 'Where was Ivo Brand born?', '', [0, 1]),
    ];
    expect(answeringNode({ question: 'Where was the director of Harbour Lights born?', nodes })?.id).toBe(1);
    const first = [
      node(0, 'Who directed Harbour Lights?', 'Ivo Brand'),
      node(1, 'Where was he born?', '', [0]),
    ];
    expect(
      answeringNode({ question: 'Where was the director of Harbour Lights born?', nodes: first })?.id,
    ).toBe(0);
  });

  it('is undefined when no node has an answer, or there are no nodes', () => {
    const nodes = [node(0, 'Who directed Harbour Lights?', ''), node(1, 'Where was he born?', '', [0])];
    expect(
      answeringNode({ question: 'Where was the director of Harbour Lights born?', nodes }),
    ).toBeUndefined();
    expect(answeringNode({ question: 'Where was Ivo Brand born?', nodes: [] })).toBeUndefined();
  });
});
