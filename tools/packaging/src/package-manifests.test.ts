import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishablePackages, readManifest, workspacePackages, workspaceRoot } from './workspace-packages.js';

const license = readFileSync(join(workspaceRoot, 'LICENSE'), 'utf8');
const root = readManifest(join(workspaceRoot, 'package.json'));

describe('the root of the checkout', () => {
  it('is licensed MIT and is found by its package.json name (the packages look for "rootweaver")', () => {
    expect(license).toMatch(/^MIT License\n/);
    expect(root.name).toBe('rootweaver');
    expect(root.private).toBe(true);
  });

  it('has no `rootweaver` script, so `pnpm rootweaver` runs the linked bin (no pnpm banner on stdout)', () => {
    expect(root.scripts?.rootweaver).toBeUndefined();
    expect(root.devDependencies?.['@rootweaver/cli']).toBe('workspace:*');
  });

  it('does not install unleash-server with the workspace: tools/services installs it on demand, pinned', () => {
    for (const entry of workspacePackages()) {
      const all = { ...entry.manifest.dependencies, ...entry.manifest.devDependencies };
      expect(Object.keys(all), entry.directory).not.toContain('unleash-server');
    }
    const unleash = readManifest(join(workspaceRoot, 'tools/services/unleash/package.json'));
    expect(unleash.dependencies?.['unleash-server']).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(
      readFileSync(join(workspaceRoot, 'tools/services/unleash/package-lock.json'), 'utf8'),
    );
    expect(lock.packages['node_modules/unleash-server'].version).toBe(
      unleash.dependencies?.['unleash-server'],
    );
  });
});

describe.each(publishablePackages().map((entry) => [entry.manifest.name, entry] as const))(
  '%s',
  (_, entry) => {
    const { manifest, directory } = entry;
    const here = join(workspaceRoot, directory);

    it('ships the MIT LICENSE of the root, its dist, its sources (for the maps) and no tests', () => {
      expect(manifest.license).toBe('MIT');
      expect(readFileSync(join(here, 'LICENSE'), 'utf8')).toBe(license);
      expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'src', 'LICENSE', '!src/**/*.test.ts']));
    });

    it('states engines, repository and type', () => {
      expect(manifest.engines?.node).toBe(root.engines?.node);
      expect(manifest.repository).toMatchObject({ type: 'git', directory });
      expect(manifest.type).toBe('module');
    });

    it('exports types first and a default condition (import and require both resolve)', () => {
      for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
        expect(Object.keys(conditions)[0], subpath).toBe('types');
        expect(conditions.default, subpath).toMatch(/^\.\/dist\/.*\.js$/);
      }
    });

    it('reaches its types under moduleResolution node10 too: main, types and typesVersions match the exports', () => {
      const root = manifest.exports?.['.'];
      expect(manifest.main).toBe(root?.default);
      expect(manifest.types).toBe(root?.types);
      const subpaths = Object.entries(manifest.exports ?? {}).filter(([subpath]) => subpath !== '.');
      for (const [subpath, conditions] of subpaths) {
        expect(manifest.typesVersions?.['*']?.[subpath.slice(2)], subpath).toEqual([conditions.types]);
      }
      if (subpaths.length === 0) expect(manifest.typesVersions).toBeUndefined();
    });

    it('depends only on published packages and pinned versions', () => {
      const publishable = new Set(publishablePackages().map((other) => other.manifest.name));
      for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
        if (version.startsWith('workspace:')) expect(publishable.has(name), name).toBe(true);
        else expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      }
    });

    it('copies its default files into assets/ when packed, when it ships copies (an ignored assets/)', () => {
      // An assets/ folder git ignores holds copies of checkout files made at pack time; one git tracks
      // (the trained weights of @rootweaver/models) is the package's own source and is packed as it is.
      const copied =
        spawnSync('git', ['check-ignore', '-q', join(here, 'assets')], { cwd: workspaceRoot }).status === 0;
      if (manifest.files?.includes('assets') && copied) {
        expect(manifest.scripts?.prepack).toBe('node ../../tools/scripts/copy-package-assets.mjs');
      }
      if (manifest.bin !== undefined) {
        for (const file of Object.values(manifest.bin)) expect(existsSync(join(here, file)), file).toBe(true);
      }
    });
  },
);

describe('@rootweaver/providers', () => {
  const providers = publishablePackages().find((entry) => entry.manifest.name === '@rootweaver/providers');
  it.each(['onnxruntime-node', '@qdrant/js-client-rest', 'llama3-tokenizer-js'])(
    'has %s as an optional peer (not installed by default), and the workspace tests against it',
    (name) => {
      const manifest = providers?.manifest;
      expect(manifest?.dependencies?.[name]).toBeUndefined();
      expect(manifest?.peerDependencies?.[name]).toMatch(/^\^\d+\.\d+\.\d+$/);
      expect(manifest?.peerDependenciesMeta?.[name]?.optional).toBe(true);
      expect(manifest?.peerDependencies?.[name]?.slice(1)).toBe(manifest?.devDependencies?.[name]);
    },
  );
});

describe.each([
  ['@rootweaver/langchain', ['@langchain/core']],
  ['@rootweaver/ai-sdk', ['ai']],
  ['@rootweaver/llamaindex', ['@llamaindex/core']],
  ['@rootweaver/cli', ['ai', 'llama3-tokenizer-js']],
])('%s', (name, peers) => {
  const manifest = publishablePackages().find((entry) => entry.manifest.name === name)?.manifest;
  it.each(peers)('has %s as a peer whose range starts at the version its tests run against', (peer) => {
    expect(manifest?.dependencies?.[peer]).toBeUndefined();
    expect(manifest?.peerDependencies?.[peer]).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(manifest?.peerDependencies?.[peer]?.slice(1)).toBe(manifest?.devDependencies?.[peer]);
  });
});
