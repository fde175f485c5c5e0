import { afterEach, describe, expect, it } from 'vitest';
import { createTestHttpServers } from '../test/http-test-server.js';

const servers = createTestHttpServers();
afterEach(() => servers.close());
const start = servers.start;

function collector() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

const question = 'Which river runs past the Quillmoor observatory?';

async function ask(base: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/v1/ask?debug=1&token=query-secret`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok-123456', ...headers },
    body: JSON.stringify(body),
  });
  await response.text();
  return response;
}

describe('access log', () => {
  it('one JSON line per request: route, status, duration, cost; no question, header or query string', async () => {
    const log = collector();
    const { base } = await start({
      accessLog: { destination: log.destination },
      authToken: 'tok-123456',
    });
    const response = await ask(base, { query: question }, { 'X-Request-Id': 'req-42' });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    await ask(base, { query: question }, { Accept: 'text/event-stream' });
    await fetch(`${base}/healthz`);
    await fetch(`${base}/metrics`);
    await expect.poll(() => log.lines.length).toBe(4);
    const records = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of log.lines)
      expect(line.endsWith('\n') && line.indexOf('\n') === line.length - 1).toBe(true);
    expect(records[0]).toMatchObject({
      msg: 'request',
      request_id: 'req-42',
      method: 'POST',
      path: '/v1/ask',
      status: 200,
      stream: false,
      planner: 'compact',
      outcome: 'answered',
      llm_calls: 2,
      tokens: 220,
    });
    expect(typeof records[0]?.duration_ms).toBe('number');
    expect(typeof records[0]?.time).toBe('string');
    expect(records[1]).toMatchObject({ path: '/v1/ask', stream: true, outcome: 'answered', status: 200 });
    expect(records[2]).toMatchObject({ method: 'GET', path: '/healthz', status: 200 });
    expect(records[3]).toMatchObject({ method: 'GET', path: '/metrics', status: 401 });
    expect(String(records[1]?.request_id)).toMatch(/^[0-9a-f-]{36}$/);
    const all = log.lines.join('');
    for (const secret of ['tok-123456', 'query-secret', 'Quillmoor', 'authorization']) {
      expect(all.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it('logs the question only when asked to', async () => {
    const log = collector();
    const { base } = await start({
      accessLog: { destination: log.destination, logQueries: true },
    });
    await ask(base, { query: question });
    await expect.poll(() => log.lines.length).toBe(1);
    expect(JSON.parse(log.lines[0] ?? '{}')).toMatchObject({ query: question, status: 200 });
  });
});
