import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, buildCliTimeoutMs, builtCliPath } from './test/built-cli.js';

const built = builtCliPath;
// Built from the sources before any test here runs (once per vitest run): never a stale dist/.
beforeAll(buildCli, buildCliTimeoutMs);

function rootweaver(...args: string[]) {
  return spawnSync(process.execPath, [built, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
}

describe('the built rootweaver binary (spawned)', () => {
  it('prints its version and help', () => {
    const version = rootweaver('--version');
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^rootweaver \d+\.\d+\.\d+\n$/);
    expect(rootweaver('--help').stdout).toContain('Commands:');
  });

  it('exits 2 on a bad flag and 1 on a missing index, each with one stderr line and no stack trace', () => {
    const badFlag = rootweaver('eval', '--bogus');
    expect(badFlag.status).toBe(2);
    expect(badFlag.stderr).toBe("rootweaver: eval: unknown flag --bogus; see 'rootweaver eval --help'.\n");
    const missing = rootweaver('ask', 'Who?', '--index', '/nonexistent/index');
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^rootweaver: Index \/nonexistent\/index does not exist/);
  });
});
