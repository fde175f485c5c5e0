import { checkpointFileName, indexLockFileName, manifestFileName } from '@rootweaver/offline';
import { describe, expect, it } from 'vitest';
import { indexFileNames } from './index-integrity.js';

describe('index file names', () => {
  it('are the offline package’s own', () => {
    expect(indexFileNames).toEqual({
      manifest: manifestFileName,
      checkpoint: checkpointFileName,
      lock: indexLockFileName,
    });
  });
});
