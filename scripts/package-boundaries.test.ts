import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedImports } from './package-boundaries.js';

const packagesDir = path.join(import.meta.dirname, '..', 'packages');
const packageNames = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function workspaceDependencies(name: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(packagesDir, name, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {})
    .filter((dependency) => dependency.startsWith('@sandpiper/'))
    .map((dependency) => dependency.slice('@sandpiper/'.length));
}

describe('package boundaries', () => {
  it('name every package in the table', () => {
    expect(Object.keys(allowedImports).sort()).toEqual(packageNames);
  });

  it.each(packageNames)('%s depends on no workspace package the table does not allow', (name) => {
    const allowed = (allowedImports[name] ?? []).map((entry) => entry.split('/')[0]);
    expect(workspaceDependencies(name).filter((dependency) => !allowed.includes(dependency))).toEqual([]);
  });

  it('points one way: no package may import one that may import it back', () => {
    const cycles = Object.entries(allowedImports).flatMap(([name, allowed]) =>
      allowed
        .map((entry) => entry.split('/')[0]!)
        .filter((other) => (allowedImports[other] ?? []).some((entry) => entry.split('/')[0] === name))
        .map((other) => `${name} <-> ${other}`),
    );
    expect(cycles).toEqual([]);
  });
});
