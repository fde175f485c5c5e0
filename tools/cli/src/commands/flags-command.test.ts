import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { createRecordingIo } from '../test-io.js';
import { flagsCommand } from './flags-command.js';

const signal = new AbortController().signal;

function feature(name: string, enabled: boolean) {
  return {
    name,
    type: 'release',
    project: 'default',
    enabled,
    stale: false,
    impressionData: false,
    strategies: [{ name: 'default', constraints: [], parameters: {} }],
    variants: [],
  };
}

describe('rootweaver flags', () => {
  it('prints the snapshot from a bootstrap file as one JSON object', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'rw-flags-'));
    const bootstrap = join(directory, 'flags.json');
    await writeFile(
      bootstrap,
      JSON.stringify([
        feature('eip.capabilities.retrieval.multi_hop.enabled', true),
        feature('eip.capabilities.retrieval.multi_hop.compaction', false),
      ]),
    );
    const io = createRecordingIo({ env: { ROOTWEAVER_FLAG_BOOTSTRAP: bootstrap } });
    expect(await runCli(['flags', '--user', 'u-1', '--json'], io, [flagsCommand], signal)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({
      source: 'bootstrap',
      context: { userId: 'u-1' },
      enabled: true,
      compaction: false,
    });

    await writeFile(
      bootstrap,
      JSON.stringify([feature('eip.capabilities.retrieval.multi_hop.enabled', false)]),
    );
    const offIo = createRecordingIo({ env: { ROOTWEAVER_FLAG_BOOTSTRAP: bootstrap } });
    expect(await runCli(['flags'], offIo, [flagsCommand], signal)).toBe(0);
    expect(offIo.out()).toContain('off (single-pass)');
  });

  it('rejects an unknown flag with one usage line', async () => {
    const io = createRecordingIo();
    expect(await runCli(['flags', '--usr', 'x'], io, [flagsCommand], signal)).toBe(2);
    expect(io.err()).toBe("rootweaver: flags: unknown flag --usr; see 'rootweaver flags --help'.\n");
  });
});
