import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyEncoder, writeTinySpanModel } from '@rootweaver/providers/test';
import { afterAll, describe, expect, it } from 'vitest';
import { allCommands } from '../all-commands.js';
import { runCli } from '../run-cli.js';
import { createRecordingIo } from '../test-io.js';

const signal = new AbortController().signal;
const root = mkdtempSync(join(tmpdir(), 'rw-models-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
const pieces = ['who', 'carved', 'the', 'stone', 'lantern', 'ilsa', 'voren', '?', '.', 'query', ':'];

async function run(...args: string[]) {
  const io = createRecordingIo({ cwd: root });
  const code = await runCli(args, io, allCommands, signal);
  return { code, out: io.out(), err: io.err() };
}

describe('rootweaver models check', () => {
  it('prints what it detected in a BERT-style encoder folder with a rootweaver.json', async () => {
    const directory = join(root, 'encoder');
    writeTinyEncoder({ directory, pieces, dimension: 8 });
    writeFileSync(
      join(directory, 'rootweaver.json'),
      JSON.stringify({ pooling: 'cls', queryPrefix: 'query: ' }),
    );
    const { code, out, err } = await run('models', 'check', 'encoder');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^folder +.*\/encoder$/m);
    expect(out).toMatch(/^role +sentence encoder$/m);
    expect(out).toMatch(
      /^tokenizer +WordPiece, 15 tokens, pair template \[CLS\] A \[SEP\] B \[SEP\], model_max_length 512$/m,
    );
    expect(out).toMatch(/^inputs +input_ids, attention_mask, token_type_ids$/m);
    expect(out).toMatch(/^outputs +last_hidden_state$/m);
    expect(out).toMatch(/^pooling +cls over last_hidden_state$/m);
    expect(out).toMatch(/^prefixes +query "query: ", passage none$/m);
    expect(out).toMatch(/^dimension +8$/m);
    expect(out).toMatch(/^use it with +ROOTWEAVER_EMBEDDER_MODEL_DIR=.*\/encoder/m);
  });

  it('prints what it detected in a RoBERTa-style extractor folder, also as JSON', async () => {
    const directory = join(root, 'reader');
    writeTinySpanModel({
      directory,
      pieces,
      tokenizer: 'bpe',
      inputs: ['input_ids', 'attention_mask'],
      startScores: { ilsa: 5 },
      endScores: { voren: 5 },
    });
    const { code, out } = await run('models', 'check', directory);
    expect(code).toBe(0);
    expect(out).toMatch(/^role +extractive QA model$/m);
    expect(out).toMatch(
      /^tokenizer +BPE \(byte-level\), \d+ tokens, pair template <s> A <\/s> <\/s> B <\/s>/m,
    );
    expect(out).toMatch(/^token types +not fed \(no token_type_ids input\)$/m);
    expect(out).toMatch(/^no answer +the first token is read as SQuAD 2 "no answer"/m);
    const json = await run('models', 'check', directory, '--json');
    expect(JSON.parse(json.out)).toMatchObject({
      role: 'extractor',
      inputs: ['input_ids', 'attention_mask'],
      extractor: { tokenTypeIds: false, maxLength: 384, stride: 128 },
    });
  });

  it('says what is wrong: no tokenizer.json, inputs it cannot feed, no such folder', async () => {
    const noTokenizer = join(root, 'no-tokenizer');
    writeTinyEncoder({ directory: noTokenizer, pieces, dimension: 4, tokenizer: 'unigram' });
    rmSync(join(noTokenizer, 'tokenizer.json'));
    const missing = await run('models', 'check', noTokenizer);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^rootweaver: .*no-tokenizer\/tokenizer\.json is missing\./);
    expect(missing.out).toBe('');

    const wrongInputs = join(root, 'wrong-inputs');
    writeTinyEncoder({
      directory: wrongInputs,
      pieces,
      dimension: 4,
      inputs: ['input_ids', 'attention_mask', 'decoder_input_ids'],
    });
    const unfeedable = await run('models', 'check', wrongInputs);
    expect(unfeedable.code).toBe(1);
    expect(unfeedable.err).toMatch(/needs input decoder_input_ids, which rootweaver cannot feed/);

    const noMask = join(root, 'no-mask');
    writeTinySpanModel({ directory: noMask, pieces, inputs: ['input_ids'], startScores: {}, endScores: {} });
    expect((await run('models', 'check', noMask)).err).toMatch(/lacks input attention_mask/);

    const nowhere = await run('models', 'check', join(root, 'nowhere'));
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toMatch(/nowhere does not exist/);
  });

  it('a missing action or folder is a usage error', async () => {
    expect((await run('models')).code).toBe(2);
    expect((await run('models', 'inspect', 'x')).err).toMatch(/unknown action "inspect"/);
    expect((await run('models', 'check')).err).toMatch(/give the model folder/);
  });
});
