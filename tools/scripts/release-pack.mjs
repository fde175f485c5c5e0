#!/usr/bin/env node
// `pnpm release:pack`: the packages as tarballs that plain `npm install` accepts, until they are on the
// npm registry. `pnpm pack` of every publishable package (its prepack copies the default files into
// assets/, and `workspace:*` becomes the version), then a check of each tarball's package.json: no
// `workspace:` left, and every @rootweaver/* dependency one of the tarballs written. Prints the two
// install commands the README shows: everything (the CLI), and the library alone.
//
//   node tools/scripts/release-pack.mjs [--out release]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The package whose dependency closure is "the library" (README: `npm install @rootweaver/capabilities`). */
export const libraryPackage = '@rootweaver/capabilities';

/** Every package of the workspace that is published: `packages/*` and `tools/*` not marked private. */
export function publishableDirectories() {
  return ['packages', 'tools'].flatMap((group) =>
    readdirSync(join(workspaceRoot, group), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(join(workspaceRoot, group, entry.name, 'package.json')),
      )
      .map((entry) => join(workspaceRoot, group, entry.name))
      .filter(
        (directory) => JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')).private !== true,
      ),
  );
}

/** The package.json inside a tarball, as npm will read it. */
export function packedManifest(tarball) {
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/**
 * Packs every publishable package into `destination` (emptied first) and checks the tarballs; returns
 * name → { tarball, manifest }. Throws naming the package when a tarball would fail in `npm install`.
 */
export function packRelease(destination, { env = process.env } = {}) {
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const packed = new Map();
  for (const directory of publishableDirectories()) {
    const before = new Set(readdirSync(destination));
    execFileSync('pnpm', ['pack', '--pack-destination', destination], { cwd: directory, env, stdio: 'pipe' });
    const created = readdirSync(destination).filter((file) => !before.has(file) && file.endsWith('.tgz'));
    if (created.length !== 1)
      throw new Error(`pnpm pack in ${directory} wrote ${created.join(', ') || 'nothing'}`);
    const tarball = join(destination, created[0]);
    packed.set(packedManifest(tarball).name, { tarball, manifest: packedManifest(tarball) });
  }
  for (const [name, { manifest }] of packed) {
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
        if (String(range).startsWith('workspace:')) {
          throw new Error(
            `${name}: ${field}.${dependency} is still ${range} in the tarball; npm cannot install it.`,
          );
        }
        const own = packed.get(dependency);
        if (dependency.startsWith('@rootweaver/') && (own === undefined || own.manifest.version !== range)) {
          throw new Error(`${name}: ${field}.${dependency}@${range} is none of the tarballs written.`);
        }
      }
    }
  }
  return packed;
}

/** The names of `name` and of every @rootweaver/* package it depends on, directly or not. */
export function rootweaverClosure(name, packed) {
  const seen = new Set();
  const visit = (current) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const dependency of Object.keys(packed.get(current)?.manifest.dependencies ?? {})) {
      if (dependency.startsWith('@rootweaver/')) visit(dependency);
    }
  };
  visit(name);
  return [...seen];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
    options: { out: { type: 'string', default: 'release' } },
  });
  const destination = resolve(workspaceRoot, values.out);
  const packed = packRelease(destination);
  const path = (name) => relative(process.cwd(), packed.get(name).tarball) || packed.get(name).tarball;
  console.log(`${packed.size} tarballs in ${destination}, none with workspace: left.`);
  console.log('\nInstall everything (the rootweaver command and the library) in your project:');
  console.log(`  npm install ${[...packed.keys()].map((name) => resolve(path(name))).join(' ')}`);
  console.log('\nThe library alone (MultiHopCapability and what it depends on):');
  console.log(
    `  npm install ${rootweaverClosure(libraryPackage, packed)
      .map((name) => resolve(path(name)))
      .join(' ')}`,
  );
}
