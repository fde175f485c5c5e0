import { createHash } from 'node:crypto';

/** What one fixed input became: a JSON-able description of its candidates, and every feature. */
export interface FeaturisedInput {
  readonly candidates: unknown;
  readonly features: Float32Array;
}

/**
 * SHA-256 (hex) of what featurisation made of fixed inputs, in order: each input's candidates as JSON
 * and its features' bits. A trained model records it beside its trees; the code's digest stops matching
 * when anything that turns text into features (or labels) changes.
 */
export function featureDigest(featurised: Iterable<FeaturisedInput>): string {
  const hash = createHash('sha256');
  for (const { candidates, features } of featurised) {
    hash.update(JSON.stringify(candidates));
    hash.update(new Uint8Array(features.buffer, features.byteOffset, features.byteLength));
  }
  return hash.digest('hex');
}
