import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_REASONS, ERRORS } from '../../src/contract/errors';

const DOC = new URL('../../docs/extensions.md', import.meta.url);
const START = '<!-- error-reasons:start -->';
const END = '<!-- error-reasons:end -->';

/** The docs table of every reason, written from ERROR_REASONS. */
function table(): string {
  const rows = Object.entries(ERROR_REASONS).map(
    ([reason, { code, status, when }]) => `| \`${reason}\` | ${code} | ${status} | ${when} |`,
  );
  return ['| `reason` | code | HTTP | when |', '|---|---|---|---|', ...rows].join('\n');
}

const HTTP_TESTS = new URL('../http/', import.meta.url);

// Reasons no HTTP test can bring about on purpose: the loser of a race two credits run at once.
const UNREACHABLE_ON_PURPOSE = new Set(['session_already_credited']);

/** The reasons the HTTP tests assert on real answers (expectReason, or a whole body with `reason`). */
function assertedReasons(): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(HTTP_TESTS)) {
    const text = readFileSync(new URL(file, HTTP_TESTS), 'utf8');
    for (const m of text.matchAll(/expectReason\([^;]*?,\s*'([a-z_]+)',?\s*(?:\d+,?\s*)?\)/g))
      found.add(m[1]!);
    for (const m of text.matchAll(/reason: '([a-z_]+)'/g)) found.add(m[1]!);
  }
  return found;
}

describe('error reasons', () => {
  it('are each brought about by a real request in an HTTP test, which asserts it', () => {
    const asserted = assertedReasons();
    const missing = Object.keys(ERROR_REASONS).filter(
      (r) => !asserted.has(r) && !UNREACHABLE_ON_PURPOSE.has(r),
    );
    expect(missing).toEqual([]);
  });

  it('are snake_case, each with a known code and an error status', () => {
    for (const [reason, { code, status }] of Object.entries(ERROR_REASONS)) {
      expect(reason).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ERRORS[code]).toBeDefined();
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });

  it('are listed in docs/extensions.md as the list has them', () => {
    const text = readFileSync(DOC, 'utf8');
    const [before, rest] = text.split(START);
    const after = rest?.split(END)[1];
    expect(after, 'docs/extensions.md has the error-reasons markers').toBeDefined();
    const written = `${before}${START}\n${table()}\n${END}${after}`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(DOC, written);
    expect(text, 'run UPDATE_DOCS=1 npx vitest run test/contract/error-reasons.test.ts').toBe(written);
  });
});
