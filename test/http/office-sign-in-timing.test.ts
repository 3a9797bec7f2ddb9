import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/service/domain/office/passwords';
import { createTestApp, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { officeCall, staffMember } from '../helpers/office';

/*
 * Signing in to the office must not tell who is staff (docs/office.md "Signing in"): a wrong
 * password for a staff member's address and any password for an unknown address answer alike, and
 * in the same time, since the unknown address's password is checked against a stand-in hash too.
 * Timed as me-sign-in-timing.test.ts times its links: many pairs, each pair's order alternated,
 * the median of the pairs' ratios against a generous bound. Without the stand-in hash an unknown
 * address answered in about a tenth of the time.
 */

const PAIRS = 21;
/** How much faster (or slower) an unknown address may answer, as the median of the pairs' ratios. */
const BOUND = 1.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('a wrong password takes as long for an unknown address as for a staff member', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No rate limit: the test signs in many times from one client address.
    t = await createTestApp({ argv: ['--rate-limit', '0'] });
  });
  afterAll(async () => t?.close());

  const signIn = async (email: string) => {
    const started = performance.now();
    const res = await officeCall(t, null, {
      method: 'POST',
      path: '/sign-in',
      payload: { email, password: 'a wrong password' },
    });
    const took = performance.now() - started;
    expectReason(res, 'sign_in_failed');
    return took;
  };

  it(`over ${PAIRS} paired tries, the median ratio unknown/known stays within ${BOUND}`, async () => {
    // One staff member per pair: each gets one wrong try, far from the lock.
    const known: string[] = [];
    const hash = await hashSecret('the right password');
    for (let i = 0; i < PAIRS + 3; i++) {
      const staff = await staffMember(t, 'manager');
      await t.app.db.updateTable('staff').set({ password_hash: hash }).where('id', '=', staff.id).execute();
      known.push(staff.email);
    }
    const ratios: number[] = [];
    for (let i = 0; i < known.length; i++) {
      const unknown = `${uniqueId('nobody')}@staff.example`;
      let knownMs: number;
      let unknownMs: number;
      if (i % 2 === 0) {
        knownMs = await signIn(known[i]!);
        unknownMs = await signIn(unknown);
      } else {
        unknownMs = await signIn(unknown);
        knownMs = await signIn(known[i]!);
      }
      // The first pairs warm up.
      if (i >= 3) ratios.push(unknownMs / Math.max(knownMs, 0.05));
    }
    const m = median(ratios);
    const text = `ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}`;
    expect(m, text).toBeLessThan(BOUND);
    expect(m, text).toBeGreaterThan(1 / BOUND);
  });
});
