import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidField } from '../../src/service/domain/shared/errors';
import { withIdempotency } from '../../src/service/http/idempotency';
import { registerErrorHandling } from '../../src/service/http/plugins/errors';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';

let t: TestApp;
/** A bare app with one POST route using withIdempotency over the test app's database. */
let probe: FastifyInstance;
let acted = 0;

beforeAll(async () => {
  t = await createTestApp();
  probe = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.decorate('tx', t.app.tx);
  registerErrorHandling(probe);
  probe.post(
    '/things/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: z.object({ n: z.number(), tag: z.string().optional() }),
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const body = req.body as { n: number; tag?: string };
      reply.code(201);
      return withIdempotency(probe, req, reply, String(req.headers['x-scope'] ?? 'test'), async (tx) => {
        await tx.db.selectFrom('account').select('id').execute();
        if (body.n < 0) invalidField('n', 'negative');
        acted += 1;
        return { data: { id, n: body.n, acted }, meta: {} };
      });
    },
  );
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

function send(id: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return probe.inject({ method: 'POST', url: `/things/${id}`, payload, headers });
}

describe('withIdempotency', () => {
  it('acts every time without the header', async () => {
    const before = acted;
    await send('a', { n: 1 });
    await send('a', { n: 1 });
    expect(acted).toBe(before + 2);
  });

  it('answers the first response again for the same key and body, without acting', async () => {
    const key = { 'idempotency-key': 'k-same' };
    const first = await send('a', { n: 1, tag: 'x' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = acted;
    const again = await send('a', { tag: 'x', n: 1 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(acted).toBe(before);
  });

  it('refuses the key for another body or another path (1003, HTTP 409)', async () => {
    const key = { 'idempotency-key': 'k-other' };
    await send('a', { n: 1 }, key);
    const otherBody = await send('a', { n: 2 }, key);
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json()).toMatchObject({ code: 1003, status_code: 409 });
    expect((await send('b', { n: 1 }, key)).statusCode).toBe(409);
  });

  it('keeps scopes apart', async () => {
    const before = acted;
    await send('a', { n: 1 }, { 'idempotency-key': 'k-scope', 'x-scope': 'one' });
    await send('a', { n: 1 }, { 'idempotency-key': 'k-scope', 'x-scope': 'two' });
    expect(acted).toBe(before + 2);
  });

  it('stores nothing when the work fails, so a retry acts', async () => {
    const key = { 'idempotency-key': 'k-fail' };
    expect((await send('a', { n: -1 }, key)).statusCode).toBe(422);
    const retry = await send('a', { n: 3 }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.n).toBe(3);
  });

  it('forgets a key after 24 hours', async () => {
    const key = { 'idempotency-key': 'k-old' };
    const first = await send('a', { n: 1 }, key);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    const later = await send('a', { n: 1 }, key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().data.acted).toBeGreaterThan(first.json().data.acted);
  });

  it('acts once for concurrent requests with one key', async () => {
    const before = acted;
    const key = { 'idempotency-key': 'k-race' };
    const all = await Promise.all(Array.from({ length: 5 }, () => send('a', { n: 7 }, key)));
    expect(acted).toBe(before + 1);
    for (const res of all) expect(res.json()).toEqual(all[0]!.json());
  });

  it('refuses a malformed key (1003)', async () => {
    const res = await send('a', { n: 1 }, { 'idempotency-key': 'x'.repeat(256) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 1003, errors: { 'Idempotency-Key': expect.any(Array) } });
  });
});

describe('Idempotency-Key on portal actions', () => {
  async function session() {
    const res = await t.call({ method: 'POST', url: '/portal-sessions', payload: { shop_uuid: DEMO.shop } });
    return res.json().data.uuid as string;
  }
  const post = (uuid: string, action: string, payload: Record<string, unknown>, key: string) =>
    t.call({
      method: 'POST',
      url: `/portal/api/sessions/${uuid}/${action}`,
      token: null,
      payload,
      headers: { 'idempotency-key': key },
    });

  it('a retried identify by app token answers the first result instead of "token used"', async () => {
    const uuid = await session();
    const first = await post(uuid, 'identify', { value: 'APP-TOKEN-0011' }, 'scan-1');
    expect(first.json().data).toMatchObject({ result: 'identified', method: 'app_token' });
    const retry = await post(uuid, 'identify', { value: 'APP-TOKEN-0011' }, 'scan-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const events = await t.call({ method: 'GET', url: `/portal-sessions/${uuid}/events` });
    expect(events.json().data).toHaveLength(1);
  });

  it('a retried complete answers again after the session ended; the key cannot cancel', async () => {
    const uuid = await session();
    const first = await post(uuid, 'complete', {}, 'end-1');
    expect(first.statusCode).toBe(200);
    expect((await post(uuid, 'complete', {}, 'end-1')).json()).toEqual(first.json());
    expect((await post(uuid, 'cancel', {}, 'end-1')).statusCode).toBe(409);
  });

  it('keys are per session', async () => {
    const [a, b] = [await session(), await session()];
    expect((await post(a, 'identify', { value: 'CARD-0001' }, 'same')).statusCode).toBe(200);
    const other = await post(b, 'identify', { value: 'CARD-0001' }, 'same');
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(
      (await t.call({ method: 'GET', url: `/portal/api/sessions/${b}`, token: null })).json().data.contact
        .uuid,
    ).toBe(DEMO.anna);
  });
});
