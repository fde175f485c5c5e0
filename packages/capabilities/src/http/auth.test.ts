import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHttpServers } from '../test/http-test-server.js';
import { createBearerAuth } from './auth.js';

const servers = createTestHttpServers();
afterEach(() => servers.close());
const start = servers.start;

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

describe('bearer token', () => {
  it('accepts exactly `Bearer <token>`', () => {
    const auth = createBearerAuth('s3cret-token');
    expect(auth.authorized(withAuthorization('Bearer s3cret-token'))).toBe(true);
    expect(auth.authorized(withAuthorization('bearer s3cret-token'))).toBe(true);
    for (const wrong of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer s3cret',
      'Bearer s3cret-token-2',
      'Basic s3cret-token',
      's3cret-token',
      'Bearer s3cret-token extra',
    ]) {
      expect(auth.authorized(withAuthorization(wrong)), String(wrong)).toBe(false);
    }
    expect(() => createBearerAuth('')).toThrow(/one word/);
    expect(() => createBearerAuth('two words')).toThrow(/one word/);
  });

  it('guards every route but /healthz and the viewer page; 401 names the header, never the token', async () => {
    const { base } = await start({ authToken: 's3cret-token' });
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/v1/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ query: 'Who?' }),
      });
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('Bearer');
    const body = await missing.text();
    expect(body).toContain('Authorization: Bearer');
    expect(body).not.toContain('s3cret');
    expect((await post({ Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ Authorization: 'Bearer s3cret-token' })).status).toBe(200);
    for (const path of ['/metrics', '/openapi.json', '/nope']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(401);
    }
    expect(
      (await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer s3cret-token' } })).status,
    ).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
