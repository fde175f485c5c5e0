import { describe, expect, it } from 'vitest';
import { createStderrErrorHandler } from './create-flag-source.js';
import { toUnleashContext } from './to-unleash-context.js';

describe('createStderrErrorHandler', () => {
  it('writes each distinct message once, with secrets redacted', () => {
    const lines: string[] = [];
    const handle = createStderrErrorHandler((line) => lines.push(line));
    for (let index = 0; index < 5; index += 1) handle(new Error('connect ECONNREFUSED 127.0.0.1:4242'));
    handle(new Error('401 for Authorization: default:production.abcdefghijklmnop'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[1]).not.toContain('abcdefghijklmnop');
  });
});

describe('toUnleashContext', () => {
  it('maps user id, session and tenant (as a custom property) and keeps other properties', () => {
    expect(
      toUnleashContext({ userId: 'u', sessionId: 's', tenant: 'acme', properties: { region: 'eu' } }),
    ).toEqual({
      userId: 'u',
      sessionId: 's',
      properties: { region: 'eu', tenant: 'acme' },
    });
    expect(toUnleashContext({})).toEqual({ properties: {} });
  });
});
