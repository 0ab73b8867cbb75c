import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * The install promises of decision 094: every installed package accepts every Node version the project
 * declares (so no one on Node 20 meets EBADENGINE or a polyfill), and the tree npm sees is the lock's.
 */
const root = path.join(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the install', () => {
  it('has no installed package whose engines leave out part of the declared Node range', () => {
    const declared: string = readJson('package.json').engines.node;
    const lock: { packages: Record<string, { engines?: { node?: string } | string[] }> } = readJson('package-lock.json');
    const narrower = Object.entries(lock.packages)
      // platform packages for other machines are in the lock but not on disk; they are never loaded here
      .filter(([dir, pkg]) => dir && existsSync(path.join(root, dir)) && !Array.isArray(pkg.engines) && pkg.engines?.node)
      .map(([dir, pkg]) => ({ dir, node: (pkg.engines as { node: string }).node }))
      .filter(({ node }) => !semver.subset(declared, node));
    expect(narrower).toEqual([]);
  });

  it('is what the lock says: npm ls finds nothing missing, invalid or extraneous', async () => {
    const { stdout } = await promisify(execFile)('npm', ['ls', '--all', '--json'], { cwd: root, maxBuffer: 64 << 20 });
    const problems: unknown[] = JSON.parse(stdout).problems ?? [];
    // other platforms' optional packages are expected to be absent, and npm does not list them as problems
    expect(problems).toEqual([]);
  });
});
