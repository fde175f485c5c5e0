import { checkpointFileName, indexLockFileName, manifestFileName } from '@rootweaver/offline';
import { indexManifestFileName } from '@rootweaver/providers';
import { describe, expect, it } from 'vitest';
import { indexFileNames } from './index-integrity.js';

describe('index file names', () => {
  it('are the offline and providers packages’ own', () => {
    expect(indexFileNames).toEqual({
      manifest: manifestFileName,
      checkpoint: checkpointFileName,
      lock: indexLockFileName,
      store: 'store.sqlite',
    });
    expect(indexManifestFileName).toBe(manifestFileName);
  });
});
