import { InMemoryStore } from '@rootweaver/core/test';
import { engineWorldItems } from '@rootweaver/innovations/test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHttpServers, readEventStream } from '../test/http-test-server.js';

const servers = createTestHttpServers();
afterEach(() => servers.close());
const start = servers.start;

type Json = Record<string, unknown>;

/**
 * Every component schema of the served document, compiled by Ajv (JSON Schema 2020-12, strict: an unknown
 * keyword or a dangling `$ref` fails), so real bodies can be checked against what the server describes.
 */
function compileComponents(document: Json): (name: string) => ValidateFunction {
  const schemas = (document.components as { schemas: Json }).schemas;
  const asDefs = JSON.parse(JSON.stringify(schemas).replaceAll('"#/components/schemas/', '"#/$defs/'));
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  ajv.addSchema({ $id: 'urn:rootweaver:openapi', $defs: asDefs });
  return (name) => {
    const validate = ajv.getSchema(`urn:rootweaver:openapi#/$defs/${name}`);
    if (validate === undefined) throw new Error(`no component ${name}`);
    return validate;
  };
}

function expectValid(validate: ValidateFunction, body: unknown): void {
  const valid = validate(body);
  expect(valid ? [] : validate.errors).toEqual([]);
}

const chain = 'When did the director of The Glass Orchard die?';

async function served(base: string): Promise<Json> {
  const response = await fetch(`${base}/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as Json;
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document whose $refs all resolve', async () => {
    const { base } = await start();
    const document = await served(base);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    const paths = document.paths as Record<string, Json>;
    expect(Object.keys(paths).sort()).toEqual([
      '/',
      '/healthz',
      '/metrics',
      '/openapi.json',
      '/v1/ask',
      '/v1/retrieve',
    ]);
    const askResponses = (paths['/v1/ask']?.post as { responses: Record<string, Json> } | undefined)
      ?.responses;
    expect(Object.keys(askResponses?.['200']?.content as Json)).toEqual([
      'application/json',
      'text/event-stream',
    ]);
    // Without a token there is no security scheme; the document says what the server does.
    expect(document.security).toBeUndefined();
  });

  it('describes the real answers: JSON, traced, streamed, errors and health (real engine, no LLM)', async () => {
    const { base } = await start({
      providers: { store: new InMemoryStore({ items: engineWorldItems }) },
    });
    const schema = compileComponents(await served(base));
    const post = (body: unknown, headers: Record<string, string> = {}, path = '/v1/ask') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    const requests = [
      { query: chain },
      { query: chain, trace: true },
      { query: chain, user: { id: 'u', tenant: 't' } },
    ];
    for (const request of requests) {
      expectValid(schema('AskRequest'), request);
      const response = await post(request);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expectValid(schema('AskResponse'), body);
      if (request.trace === true) expect((body.trace as { hops: unknown[] }).hops.length).toBeGreaterThan(1);
    }
    expect(schema('AskRequest')({ qurey: chain })).toBe(false);
    expectValid(schema('AskRequest'), {
      query: chain,
      filter: { metadata: { lang: 'en', version: { in: ['2', 3, true] } }, source_prefix: 'docs/' },
    });
    expect(schema('AskRequest')({ query: chain, filter: { metadata: { lang: ['en'] } } })).toBe(false);
    expect(schema('AskRequest')({ query: chain, filter: { metadata: { lang: { in: [] } } } })).toBe(false);
    expect(schema('AskRequest')({ query: chain, filter: { sourcePrefix: 'docs' } })).toBe(false);

    const streamed = await readEventStream(
      await post({ query: chain, trace: true }, { Accept: 'text/event-stream' }),
    );
    expect(streamed.map((event) => event.event)).toContain('node-answered');
    for (const event of streamed) expectValid(schema('AskStreamEvent'), event.data);
    const finished = streamed.at(-1)?.data as Json;
    expect(finished.type).toBe('finished');
    expect(String(finished.answer)).toContain('22 November 2013');

    const invalid = await post({ query: 42 });
    expect(invalid.status).toBe(422);
    expectValid(schema('Error'), await invalid.json());
    expectValid(schema('Health'), await (await fetch(`${base}/healthz`)).json());

    for (const request of [{ query: chain }, { query: chain, trace: true }]) {
      expectValid(schema('RetrieveRequest'), request);
      const response = await post(request, {}, '/v1/retrieve');
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expectValid(schema('RetrieveResponse'), body);
      expect((body.evidence as unknown[]).length).toBeGreaterThan(0);
    }
    expect(schema('RetrieveRequest')({ query: chain, stream: true })).toBe(false);
    const badRetrieve = await post({ query: chain, stream: true }, {}, '/v1/retrieve');
    expect(badRetrieve.status).toBe(422);
    expectValid(schema('Error'), await badRetrieve.json());

    // The checks can fail: a body that lost a field or gained one is refused.
    const answer = (await (await post({ query: chain })).json()) as Json;
    const { grounded: _grounded, ...withoutGrounded } = answer;
    expect(schema('AskResponse')(withoutGrounded)).toBe(false);
    expect(schema('AskResponse')({ ...answer, extra: 1 })).toBe(false);
  });

  it('with a token: declares bearer auth, and /healthz and the viewer need none', async () => {
    const { base } = await start({ authToken: 'open-sesame' });
    const unauthorized = await fetch(`${base}/openapi.json`);
    expect(unauthorized.status).toBe(401);
    const response = await fetch(`${base}/openapi.json`, {
      headers: { Authorization: 'Bearer open-sesame' },
    });
    const document = (await response.json()) as Json;
    expect(await new Validator().validate(document)).toMatchObject({ valid: true });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components).toMatchObject({
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    });
    const paths = document.paths as Record<string, Record<string, Json>>;
    expect(paths['/healthz']?.get?.security).toEqual([]);
    expect(paths['/v1/ask']?.post?.security).toBeUndefined();
  });
});
