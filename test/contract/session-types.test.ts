import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { portalSessionType } from '../../src/contract/portal';
import { createSessionPath } from '../../src/contract/public/portal-sessions';
import {
  SESSION_TYPE_RULES,
  SESSION_TYPES,
  sessionTypeAllows,
  type TypeAction,
  topsUp,
  usesGiftcards,
} from '../../src/contract/session-types';
import { V1_SESSION_TYPES } from '../../src/contract/v1';

/*
 * The table of session types (contract/session-types.ts) is whole — a row for every type the
 * contract knows, and no other — agrees with itself, and is what docs/trust-model.md "Session
 * types" shows (written from it: UPDATE_DOCS=1 regenerates it).
 */

const DOC = new URL('../../docs/trust-model.md', import.meta.url);
const START = '<!-- session-types:start -->';
const END = '<!-- session-types:end -->';

/** How the docs name each action (a new action without its words fails the typecheck). */
const ACTION_WORDS: Record<TypeAction, string> = {
  identify: 'identify',
  register: 'register',
  verify: 'prove it is them by code',
  scan_lookup: 'look up a scan',
  credit_reception: 'earn credits',
  giftcard_scan: 'scan a gift card',
  redeem_giftcards: 'pay with gift cards',
  top_up_giftcards: 'top up a gift card',
  pay_prepaid: 'pay from prepaid',
  top_up_prepaid: 'top up prepaid',
  voucher_list: 'list vouchers',
  voucher_redeem: 'redeem a voucher',
  customer_portal: 'the customer portal (rewards, receipt codes, the phone link)',
  confirm_payment: 'confirm a held top-up (POS, console)',
};

/** The docs table of the session types, written from SESSION_TYPE_RULES. */
function table(): string {
  const rows = SESSION_TYPES.map((type) => {
    const rules = SESSION_TYPE_RULES[type];
    const calls = rules.actions.map((action) => ACTION_WORDS[action]).join(', ');
    const amount =
      rules.amount === 'absent' ? 'none' : `${rules.amount}: ${rules.amountIs}`.replaceAll('|', '\\|');
    const topUp = topsUp(type) ? 'yes' : '–';
    const multiple = usesGiftcards(type) ? String(rules.allowMultipleGiftcards) : '–';
    return `| \`${type}\` | \`${createSessionPath(type)}\`, \`${rules.v1}\` | ${calls} | ${amount} | ${topUp} | ${multiple} |`;
  });
  return [
    '| type | created by (public API, v1 `type`) | the counter may | `amount_in_cents` | tops up | `allow_multiple_giftcards` default |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

describe('the table of session types', () => {
  it('has a row for every session type of the contract, and no other', () => {
    expect([...SESSION_TYPES].sort()).toEqual([...portalSessionType.options].sort());
  });

  it('names each type once in the v1 API', () => {
    expect(Object.keys(V1_SESSION_TYPES)).toHaveLength(SESSION_TYPES.length);
    for (const type of SESSION_TYPES) expect(V1_SESSION_TYPES[SESSION_TYPE_RULES[type].v1]).toBe(type);
  });

  it('agrees with itself: a held top-up is confirmed where a type tops up, an amount is described where taken', () => {
    for (const type of SESSION_TYPES) {
      const rules = SESSION_TYPE_RULES[type];
      expect({ type, confirms: sessionTypeAllows(type, 'confirm_payment') }).toEqual({
        type,
        confirms: topsUp(type),
      });
      expect({ type, described: rules.amountIs !== null }).toEqual({
        type,
        described: rules.amount !== 'absent',
      });
      expect(new Set(rules.actions).size).toBe(rules.actions.length);
      // A type that tops up gift cards makes one top-up unless told otherwise.
      if (sessionTypeAllows(type, 'top_up_giftcards')) expect(rules.allowMultipleGiftcards).toBe(false);
      // Its gift cards and its customer: scanned first.
      if (usesGiftcards(type) || sessionTypeAllows(type, 'identify'))
        expect(sessionTypeAllows(type, 'scan_lookup')).toBe(true);
    }
  });

  it('is listed in docs/trust-model.md as the table has it', () => {
    const text = readFileSync(DOC, 'utf8');
    const [before, rest] = text.split(START);
    const after = rest?.split(END)[1];
    expect(after, 'docs/trust-model.md has the session-types markers').toBeDefined();
    const written = `${before}${START}\n${table()}\n${END}${after}`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(DOC, written);
    expect(text, 'run UPDATE_DOCS=1 npx vitest run test/contract/session-types.test.ts').toBe(written);
  });
});
