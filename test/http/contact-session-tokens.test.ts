import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactByUuid } from '../../src/service/domain/contacts/contacts';
import { useContactSessionToken } from '../../src/service/domain/contacts/session-tokens';
import { ServiceError } from '../../src/service/domain/shared/errors';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string) => t.call({ method: 'GET', url: `/contact-session-tokens/${token}` });
const use = (token: string) => t.call({ method: 'POST', url: `/contact-session-tokens/${token}/use` });

describe('GET /contact-session-tokens/{token}', () => {
  it('returns the active token with its contact', async () => {
    const res = await get('APP-TOKEN-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        token: 'APP-TOKEN-0001',
        contact: { uuid: DEMO.anna, email: 'anna@example.com' },
        status: 'active',
      },
      meta: {},
    });
  });

  it('answers 1003 with HTTP 404 for an unknown token', async () => {
    const res = await get('NO-SUCH-TOKEN');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 1003,
      message: 'Contact session token not found',
      status_code: 404,
      reason: 'contact_session_token_not_found',
    });
  });
});

describe('POST /contact-session-tokens/{token}/use', () => {
  it('uses a token once: active → used, later attempts refused', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v3/register/contact-session-tokens/APP-TOKEN-0002/use',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        token: 'APP-TOKEN-0002',
        contact: { uuid: DEMO.ben, email: 'ben@example.com' },
        status: 'used',
      },
      meta: {},
    });
    expect((await get('APP-TOKEN-0002')).json().data.status).toBe('used');
    const again = await use('APP-TOKEN-0002');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      code: 1003,
      message: 'Contact session token already used',
      status_code: 422,
      reason: 'contact_session_token_used',
    });
  });

  it('lets exactly one of two concurrent uses win', async () => {
    const results = await Promise.all([use('APP-TOKEN-0011'), use('APP-TOKEN-0011')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const row = await t.app.db
      .selectFrom('contact_session_tokens')
      .select(['status', 'used_at'])
      .where('token', '=', 'APP-TOKEN-0011')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'used', used_at: '2026-11-21T10:00:00.000+00:00' });
  });

  it('answers 1003 with HTTP 404 for an unknown token', async () => {
    const res = await use('NO-SUCH-TOKEN');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 1003,
      message: 'Contact session token not found',
      status_code: 404,
      reason: 'contact_session_token_not_found',
    });
  });
});

describe('useContactSessionToken (domain, for the kiosk)', () => {
  it("returns the token's contact id once, then throws ServiceError 1003", async () => {
    const carla = await contactByUuid(t.app.db, DEMO.carla);
    expect(await t.app.tx((tx) => useContactSessionToken(tx, 'APP-TOKEN-0003'))).toBe(carla.id);
    const used = await t.app.tx((tx) => useContactSessionToken(tx, 'APP-TOKEN-0003')).catch((e) => e);
    expect(used).toBeInstanceOf(ServiceError);
    expect(used).toMatchObject({ code: 1003, reason: 'contact_session_token_used', status: 422 });
    const unknown = await t.app.tx((tx) => useContactSessionToken(tx, 'NOPE')).catch((e) => e);
    expect(unknown).toMatchObject({ code: 1003, reason: 'contact_session_token_not_found', status: 404 });
  });
});

describe('authentication', () => {
  it('401 without a token, 403 for an access token or a personal access token, and nothing used', async () => {
    const calls = [
      { method: 'GET', url: '/contact-session-tokens/APP-TOKEN-0001' },
      { method: 'POST', url: '/contact-session-tokens/APP-TOKEN-0001/use' },
    ] as const;
    for (const call of calls) {
      expect((await t.call({ ...call, token: null })).statusCode).toBe(401);
      for (const token of [DEMO.accessToken, DEMO.personalAccessToken]) {
        const res = await t.call({ ...call, token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 1003, status_code: 403 });
      }
    }
    expect((await get('APP-TOKEN-0001')).json().data.status).toBe('active');
  });
});
