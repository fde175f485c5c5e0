import { describe, expect, it } from 'vitest';
import { namedEntities, namesEntity, retrievalQueryOf } from './entity-join.js';

describe('namesEntity', () => {
  it('sees a capitalised word past the first, a number or a quoted title', () => {
    expect(namesEntity('Who directed the film?')).toBe(false);
    expect(namesEntity('Who directed Harbour Lights?')).toBe(true);
    expect(namesEntity('Who won the race in 1932?')).toBe(true);
    expect(namesEntity('Who wrote "the long road"?')).toBe(true);
  });
});

describe('namedEntities', () => {
  it('collects capitalised runs with name connectors, numbers and quoted titles, each once', () => {
    expect(
      namedEntities('Where was the author of "the quiet year" born, the Duke of Elsmere or Mara Quill?'),
    ).toEqual(['the quiet year', 'Duke of Elsmere', 'Mara Quill']);
    expect(namedEntities('When did Ortavia join the league in 1954, and did Ortavia leave?')).toEqual([
      'Ortavia',
      '1954',
    ]);
  });

  it('drops a first word capitalised by position, keeps a name that starts the question', () => {
    expect(namedEntities('Who founded the company?')).toEqual([]);
    expect(namedEntities('Was Mara Quill a painter?')).toEqual(['Mara Quill']);
    expect(namedEntities('New Elsmere is in which country?')).toEqual(['New Elsmere']);
  });
});

describe('retrievalQueryOf', () => {
  const question = 'Who is the spouse of the director of Harbour Lights?';
  it('adds the question entities to a sub-question that names none', () => {
    expect(retrievalQueryOf({ subQuestion: 'Who directed the film?', question })).toBe(
      'Who directed the film? Harbour Lights',
    );
  });

  it('leaves a sub-question that names an entity alone', () => {
    expect(retrievalQueryOf({ subQuestion: 'Who is the spouse of Ada Brann?', question })).toBe(
      'Who is the spouse of Ada Brann?',
    );
    expect(retrievalQueryOf({ subQuestion: 'Who directed it?', question: 'who directed it?' })).toBe(
      'Who directed it?',
    );
  });
});
