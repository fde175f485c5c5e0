import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import { shippedReaderPath, shippedRewriterPath, shippedWordVectorsPath } from '@rootweaver/models';
import { describe, expect, it } from 'vitest';
import { loadTrainedRewriter } from './load-trained-rewriter.js';

const shipped = existsSync(shippedRewriterPath) && existsSync(shippedWordVectorsPath);

describe.runIf(shipped)('loadTrainedRewriter', () => {
  it("names the shipped weights' version at once and grounds with the model on the first rewrite", async () => {
    const rewriter = await loadTrainedRewriter();
    expect(rewriter.id).toMatch(/^trained-rewriter:rewriter-\d{4}-\d\d-\d\d-seed\d+$/u);
    const parents = [{ id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' }];
    const [first, second] = await Promise.all([
      rewriter.rewrite({ question: 'Where was this director born?', parents }),
      rewriter.rewrite({ question: 'When did she die?', parents }),
    ]);
    expect(first?.text).toBe('Where was Ines Marlow born?');
    expect(second?.text).toBe('When did Ines Marlow die?');
    expect(first?.modelId).toBe(rewriter.id);
  });

  it('declines under the floor it is given, and refuses a floor that is not a probability before any rewrite', async () => {
    const parents = [{ id: 0, question: 'Who directed The Lantern Field?', answer: 'Ines Marlow' }];
    const strict = await loadTrainedRewriter({ minimumConfidence: 1 });
    const declined = await strict.rewrite({ question: 'Where was this director born?', parents });
    expect(declined.text).toBe('Where was this director born?');
    expect(declined.declined).toMatch(/^not confident: "this director" at [01]\.\d\d, under 1$/u);
    for (const minimumConfidence of [1.5, -0.1, Number.NaN])
      await expect(loadTrainedRewriter({ minimumConfidence })).rejects.toSatisfy((error: unknown) =>
        isRootweaverError(error, 'invalid-config'),
      );
  });

  it('refuses a missing file, a reader file and a file that is not weights before any rewrite', async () => {
    const refused = (error: unknown) => isRootweaverError(error, 'model-load-failed');
    await expect(loadTrainedRewriter({ path: join(tmpdir(), 'no-such-rewriter.bin') })).rejects.toSatisfy(
      refused,
    );
    await expect(loadTrainedRewriter({ path: shippedReaderPath })).rejects.toSatisfy(refused);
    const garbage = join(tmpdir(), `rewriter-not-weights-${process.pid}.bin`);
    await writeFile(garbage, 'not weights');
    await expect(loadTrainedRewriter({ path: garbage })).rejects.toThrow(/rewriter/u);
  });
});
