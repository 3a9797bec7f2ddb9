import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The two tsconfigs (`npm run typecheck` runs both): browser code (tsconfig.browser.json) has the
 * DOM's types and not Node's, so `process`, `Buffer` or a `node:` module in a page fails the
 * typecheck; the service (tsconfig.json) has Node's. tsc runs with each project config on a small
 * tree laid out like src/.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const NODE_LEAKS = [
  'export const a = process.env.PORT;',
  "export const b = Buffer.from('x');",
  "import { readFileSync } from 'node:fs';\nexport const c = readFileSync;",
].join('\n');

let dir: string;
const errors: Record<'browser' | 'node', string> = { browser: '', node: '' };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-tsconfigs-'));
  const files: Record<string, string> = {
    'src/web/leaks.ts': NODE_LEAKS,
    'src/web/dom.ts': 'export const d = document.title + window.location.href;',
    'src/service/uses-node.ts': NODE_LEAKS,
    'browser.json': JSON.stringify({ extends: join(ROOT, 'tsconfig.browser.json'), include: ['src/web'] }),
    'node.json': JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: ['src/service'] }),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (const project of ['browser', 'node'] as const) {
    const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', `${project}.json`], {
      cwd: dir,
      encoding: 'utf8',
    });
    errors[project] = run.stdout + run.stderr;
  }
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the browser and Node tsconfigs', () => {
  it("browser code that uses Node's globals or modules fails to type-check", () => {
    const lines = errors.browser.split('\n').filter((line) => line.startsWith('src/'));
    expect(lines).toEqual([
      expect.stringMatching(/^src\/web\/leaks\.ts\(1,\d+\): error TS\d+: Cannot find name 'process'/),
      expect.stringMatching(/^src\/web\/leaks\.ts\(2,\d+\): error TS\d+: Cannot find name 'Buffer'/),
      expect.stringMatching(/^src\/web\/leaks\.ts\(3,\d+\): error TS\d+: Cannot find module 'node:fs'/),
    ]);
  });

  it("the service has Node's types", () => {
    expect(errors.node).toBe('');
  });
});
