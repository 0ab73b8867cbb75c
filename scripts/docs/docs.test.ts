import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE } from './decisions-index';

const ROOT = path.join(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return markdownFiles(p);
    return name.endsWith('.md') ? [p] : [];
  });
}

const DOCS = [path.join(ROOT, 'README.md'), path.join(ROOT, 'CONTRIBUTING.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

describe('the docs a newcomer reads', () => {
  it('keep README.md under 12 kB', () => {
    expect(readFileSync(path.join(ROOT, 'README.md')).length).toBeLessThanOrEqual(12 * 1024);
  });

  it('link only to files that exist in the repository', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const resolved = path.resolve(path.dirname(file), decodeURI(target.split('#')[0]));
        if (!existsSync(resolved)) broken.push(`${path.relative(ROOT, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('index every decision record (npm run docs:decisions)', () => {
    const index = readFileSync(INDEX_FILE, 'utf8');
    const records = readdirSync(path.dirname(INDEX_FILE)).filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith('000-'));
    expect(records.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });
});
