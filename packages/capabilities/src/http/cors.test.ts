import { afterEach, describe, expect, it } from 'vitest';
import { createTestHttpServers } from '../test/http-test-server.js';
import { createCorsPolicy } from './cors.js';

const servers = createTestHttpServers();
afterEach(() => servers.close());
const start = servers.start;

const preflight = (base: string, origin: string) =>
  fetch(`${base}/v1/ask`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type',
    },
  });

describe('--cors ORIGIN', () => {
  it('answers preflights for the allowed origin only, before the token is checked', async () => {
    const { base } = await start({
      corsOrigins: ['https://app.example.test'],
      authToken: 'tok',
    });
    const allowed = await preflight(base, 'https://app.example.test');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.test');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(allowed.headers.get('vary')).toContain('Origin');
    const denied = await preflight(base, 'https://evil.example.test');
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();

    const ask = await fetch(`${base}/v1/ask`, {
      method: 'POST',
      headers: {
        Origin: 'https://app.example.test',
        'Content-Type': 'application/json',
        Authorization: 'Bearer tok',
      },
      body: JSON.stringify({ query: 'Who?' }),
    });
    expect(ask.status).toBe(200);
    expect(ask.headers.get('access-control-allow-origin')).toBe('https://app.example.test');
    const other = await fetch(`${base}/healthz`, { headers: { Origin: 'https://evil.example.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('"*" allows any origin; no --cors sends no CORS header; a malformed origin is a config error', async () => {
    const { base } = await start({ corsOrigins: ['*'] });
    const any = await preflight(base, 'http://localhost:5173');
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
    const plain = await start();
    const none = await fetch(`${plain.base}/healthz`, { headers: { Origin: 'http://localhost:5173' } });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
    expect(() => createCorsPolicy(['app.example.test'])).toThrow(/scheme:\/\/host/);
    expect(() => createCorsPolicy(['https://app.example.test/path'])).toThrow(/scheme:\/\/host/);
    expect(() => createCorsPolicy(['https://app.example.test/'])).not.toThrow();
  });
});
