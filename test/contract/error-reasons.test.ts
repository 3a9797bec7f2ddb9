import { readFileSync, writeFileSync } from 'node:fs';
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

describe('error reasons', () => {
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
