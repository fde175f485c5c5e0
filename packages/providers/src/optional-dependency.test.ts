import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { optionalDependencyRange, requireOptionalDependency } from './optional-dependency.js';

// What Node throws for a package that is not installed, taken from a real `require` in a project folder
// with no packages (a child process without the NODE_PATH the test runner's shim sets). The packaging
// test (tools/packaging) runs the same paths against an install without the peers.
const emptyProject = mkdtempSync(join(tmpdir(), 'rw-no-peers-'));
writeFileSync(join(emptyProject, 'package.json'), '{"name":"no-peers","private":true}');
function notInstalled(name: string): () => never {
  const child = spawnSync(
    process.execPath,
    [
      '-e',
      `try { require(${JSON.stringify(name)}) } catch (e) { process.stdout.write(JSON.stringify({ code: e.code, message: e.message })) }`,
    ],
    { cwd: emptyProject, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
  );
  const thrown = JSON.parse(child.stdout) as { code: string; message: string };
  return () => {
    throw Object.assign(new Error(thrown.message), { code: thrown.code });
  };
}

describe('requireOptionalDependency', () => {
  it('loads an installed optional peer', () => {
    const ort = requireOptionalDependency<{ InferenceSession: unknown }>('onnxruntime-node', 'test');
    expect(ort.InferenceSession).toBeDefined();
  });

  it.each([
    ['onnxruntime-node', 'The ONNX embedder and span extractor'],
    ['@qdrant/js-client-rest', 'QdrantStore'],
  ] as const)('names %s, what needs it and how to install it when it is missing', (name, neededBy) => {
    let caught: unknown;
    try {
      requireOptionalDependency(name, neededBy, notInstalled(name));
    } catch (error) {
      caught = error;
    }
    expect(isRootweaverError(caught, 'not-configured')).toBe(true);
    const message = (caught as Error).message;
    expect(message).toContain(`${neededBy} needs the package ${name}`);
    expect(message).toContain(`npm install '${name}@${optionalDependencyRange(name)}'`);
    expect(optionalDependencyRange(name)).toMatch(/^\^\d+\.\d+\.\d+$/);
  });

  it('rethrows other load failures as they are', () => {
    const broken = new Error('native binding failed');
    expect(() =>
      requireOptionalDependency('onnxruntime-node', 'test', () => {
        throw broken;
      }),
    ).toThrow(broken);
  });
});
