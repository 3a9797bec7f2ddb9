import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md is the one map of src/: every folder under src/ is named in it, as
 * `src/…/` in backticks, so a folder added without its line fails here.
 */

const ROOT = join(import.meta.dirname, '..', '..');

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return [relative(ROOT, path), ...folders(path)];
    });
}

describe('docs/architecture.md', () => {
  it('names every folder under src/', () => {
    const map = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const all = folders(join(ROOT, 'src'));
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((folder) => !map.includes(`\`${folder}/\``))).toEqual([]);
  });

  it('names no folder that is not there', () => {
    const map = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const all = new Set(folders(join(ROOT, 'src')));
    const named = [...map.matchAll(/`(src\/[\w/-]+)\/`/g)].map((match) => match[1]);
    expect(named.filter((folder) => !all.has(folder!))).toEqual([]);
  });
});
