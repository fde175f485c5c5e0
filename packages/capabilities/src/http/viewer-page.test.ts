import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestHttpServers } from '../test/http-test-server.js';
import { loadViewerPage, viewerPagePath } from './viewer-page.js';

const servers = createTestHttpServers();
afterEach(() => servers.close());
const start = servers.start;

describe('the trace viewer page', () => {
  it('is one self-contained file: no external script, style or font', () => {
    const { html } = loadViewerPage();
    expect(viewerPagePath.endsWith('/viewer/index.html')).toBe(true);
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+stylesheet/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });

  it('GET / serves it with a CSP that allows exactly its own inline script and style', async () => {
    const { base } = await start();
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const digest = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(policy).toContain(`script-src 'sha256-${digest}'`);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/`, { method: 'DELETE' })).status).toBe(405);
  });

  it('can be switched off, and a missing page file is an error that says what to do', async () => {
    const { base } = await start({ viewer: false });
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect(() => loadViewerPage('/nonexistent/index.html')).toThrow(/reinstall @rootweaver\/capabilities/);
  });
});
