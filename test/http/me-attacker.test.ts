import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ME_SESSION_DAYS } from '../../src/contract/me';
import { SIGN_IN_LINKS_PER_ADDRESS, SIGN_IN_LINKS_PER_CLIENT } from '../../src/service/http/me/routes';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import {
  type AttackRoute,
  attack,
  attackSurface,
  databaseSnapshot,
  expectNothingChanged,
  inParallel,
  openApiDocument,
  ROUTE_GROUPS,
  refusalShape,
  refusalText,
  requestFor,
} from '../helpers/attacker';
import { expectReason } from '../helpers/errors';
import { linkToken, meCall, meCookie, signedInContact, signIn } from '../helpers/me';
import { mailsSentTo } from '../helpers/verification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Every /me/api operation of the service's own OpenAPI document: `METHOD /path`. */
async function meOperations(): Promise<string[]> {
  const doc = (await t.call({ method: 'GET', url: '/openapi.json', token: null })).json();
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/me/api/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

/** The /me/ routes that take a cookie, from Fastify's table (each also in the document). */
async function meRoutes(): Promise<AttackRoute[]> {
  const { routes } = attackSurface(t.app, await openApiDocument(t));
  return routes.filter(ROUTE_GROUPS.me);
}

/**
 * Path parameters of /me/ routes that name a contact's own thing (her card's id): with another
 * contact's cookie it must answer as an unknown one. `subscriptions/id` names a subscription type,
 * the same for everyone.
 */
const CONTACT_OWNED = new Set(['cards/id']);
const NOT_CONTACT_OWNED = new Set(['subscriptions/id']);

describe("/me/ as an attacker: another contact's data is unreachable with any cookie", () => {
  it('every route (from Fastify’s table and the OpenAPI document) refuses a call without a cookie, with a made-up one, a signed-out one, one signed out everywhere and an expired one; nothing changes', async () => {
    const routes = await meRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const annaCard = (
      await t.app.db
        .selectFrom('contact_identifiers')
        .select('id')
        .where('value', '=', DEMO.annaCard)
        .executeTakeFirstOrThrow()
    ).id;
    // Cookies that once worked: signed out, signed out everywhere (from another cookie), expired.
    const signedOut = await signedInContact(t);
    expect(
      (await meCall(t, signedOut.cookie, { method: 'POST', path: '/sign-out', payload: {} })).statusCode,
    ).toBe(204);
    const everywhere = await signedInContact(t);
    const other = await meCookie(t, everywhere.uuid);
    expect(
      (await meCall(t, other, { method: 'POST', path: '/sign-out-everywhere', payload: {} })).statusCode,
    ).toBe(204);
    const expired = await signedInContact(t);
    t.clock.advance((ME_SESSION_DAYS + 1) * 24 * 60 * 60 * 1000);
    const before = await databaseSnapshot(t.app.db);
    const failures: string[] = [];
    const cookies = [
      ['no cookie', undefined],
      ['a made-up cookie', 'made-up-secret'],
      ['a made-up cookie of the right length', 'a'.repeat(43)],
      ['a signed-out cookie', signedOut.cookie],
      ['a cookie signed out everywhere', everywhere.cookie],
      ['an expired cookie', expired.cookie],
    ] as const;
    await inParallel(
      routes.flatMap((route) => cookies.map((cookie) => ({ route, cookie }))),
      async ({ route, cookie: [name, cookie] }) => {
        const res = await attack(t, requestFor(route, { id: String(annaCard) }), {
          ...(cookie ? { cookies: { portal_me: cookie } } : {}),
        });
        const shape = refusalShape(res);
        if (shape !== '401 code=1003 reason=signed_out keys=code,message,reason,status_code') {
          failures.push(`${route.name} with ${name}: ${shape} ${res.body.slice(0, 200)}`);
        }
        if (res.headers['cache-control'] !== 'no-store') failures.push(`${route.name}: cached`);
      },
    );
    expect(failures).toEqual([]);
    await expectNothingChanged(t.app.db, before, 'a /me/ call without a valid cookie');
  }, 60_000);

  it("another contact's cookie: a path naming her card answers as an unknown card, and nothing changes", async () => {
    const routes = (await meRoutes()).filter((r) => r.url.includes(':'));
    const anna = await signedInContact(t);
    // A card the shop handed out (the only kind /me/ adds), then added on her page.
    const code = uniqueId('ANNA');
    const handedOut = await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: code, contact_identifier_name: 'Loyalty card' },
    });
    expect(handedOut.statusCode).toBe(201);
    const card = await meCall(t, anna.cookie, { method: 'POST', path: '/cards', payload: { code } });
    expect(card.statusCode).toBe(201);
    const bram = await signedInContact(t);
    const before = await databaseSnapshot(t.app.db);
    let checked = 0;
    for (const route of routes) {
      const [, name] = /:(\w+)/.exec(route.url)!;
      const key = `${route.url.split('/').at(-2)}/${name}`;
      if (NOT_CONTACT_OWNED.has(key)) continue;
      expect(CONTACT_OWNED.has(key), `${route.name}: does :${name} name a contact's own thing?`).toBe(true);
      checked++;
      const herId = String(card.json().id);
      const hers = await attack(t, requestFor(route, { id: herId }), { cookies: { portal_me: bram.cookie } });
      const unknown = await attack(t, requestFor(route, { id: '999999999' }), {
        cookies: { portal_me: bram.cookie },
      });
      expect(hers.statusCode, route.name).toBe(404);
      expect(refusalText(hers, [herId]), route.name).toBe(refusalText(unknown, ['999999999']));
    }
    expect(checked).toBeGreaterThanOrEqual(1);
    await expectNothingChanged(t.app.db, before, "another contact's cookie");
  });

  it("every route with Bram's cookie answers Bram's data only, whatever names Anna's (her uuid in the query, her card's id, her subscription)", async () => {
    const anna = await signedInContact(t);
    const annaCard = `ANNA-${uniqueId('c')}`;
    await t.call({
      method: 'POST',
      url: '/contact-identifiers',
      payload: { contact_identifier_value: annaCard, contact_identifier_name: 'Loyalty card' },
    });
    const card = await meCall(t, anna.cookie, {
      method: 'POST',
      path: '/cards',
      payload: { code: annaCard },
    });
    expect(card.statusCode).toBe(201);
    expect(
      (
        await meCall(t, anna.cookie, {
          method: 'PUT',
          path: '/profile',
          payload: { firstname: 'Annelot', dier: 'cat' },
        })
      ).statusCode,
    ).toBe(200);
    const bram = await signedInContact(t);
    const annaSecrets = [anna.uuid, anna.email, 'Annelot', annaCard.slice(-4)];
    const seen = new Set<string>();
    const check = async (op: string, res: { statusCode: number; body: string }) => {
      seen.add(op);
      expect(res.statusCode, op).toBeLessThan(500);
      for (const secret of annaSecrets) expect(res.body, `${op} shows ${secret}`).not.toContain(secret);
    };
    const q = `?contact_uuid=${anna.uuid}&uuid=${anna.uuid}`;
    const get = async (path: string) => {
      const res = await meCall(t, bram.cookie, { method: 'GET', path: `${path}${q}` });
      expect(res.statusCode, path).toBe(200);
      await check(`GET /me/api${path}`, res);
    };
    for (const path of [
      '/overview',
      '/app-code',
      '/rewards',
      '/vouchers',
      '/activity',
      '/cards',
      '/subscriptions',
      '/profile',
      '/export',
    ]) {
      await get(path);
    }
    // Her card by its id: not his to remove; she keeps it.
    const remove = await meCall(t, bram.cookie, { method: 'DELETE', path: `/cards/${card.json().id}` });
    expect(remove.statusCode).toBe(404);
    await check('DELETE /me/api/cards/{id}', remove);
    expect((await meCall(t, anna.cookie, { method: 'GET', path: '/cards' })).json().cards).toHaveLength(1);
    // Her card's code: someone else's.
    const add = await meCall(t, bram.cookie, {
      method: 'POST',
      path: '/cards',
      payload: { code: annaCard, contact_uuid: anna.uuid },
    });
    expectReason(add, 'card_not_addable');
    await check('POST /me/api/cards', add);
    // Writes with her uuid in the body change his account only.
    const profile = await meCall(t, bram.cookie, {
      method: 'PUT',
      path: '/profile',
      payload: { uuid: anna.uuid },
    });
    expectReason(profile, 'invalid_attribute');
    await check('PUT /me/api/profile', profile);
    const sub = await meCall(t, bram.cookie, {
      method: 'PUT',
      path: `/subscriptions/3${q}`,
      payload: { subscribed: true, contact_uuid: anna.uuid },
    });
    expect(sub.json()).toMatchObject({ id: 3, status: 'SUBSCRIBED' });
    await check('PUT /me/api/subscriptions/{id}', sub);
    const annaSubs = (await meCall(t, anna.cookie, { method: 'GET', path: '/subscriptions' })).json()
      .subscriptions;
    expect(annaSubs.find((s: { id: number }) => s.id === 3).status).toBe('UNSUBSCRIBED');
    const deletion = await meCall(t, bram.cookie, {
      method: 'POST',
      path: '/deletion',
      payload: { contact_uuid: anna.uuid },
    });
    expect(deletion.statusCode).toBe(202);
    await check('POST /me/api/deletion', deletion);
    expect(mailsSentTo(t, anna.email)).toBe(0);
    const confirm = await meCall(t, bram.cookie, {
      method: 'POST',
      path: '/deletion/confirm',
      payload: { code: '123456' },
    });
    await check('POST /me/api/deletion/confirm', confirm);
    // Accepting terms with her uuid in the body is his acceptance (none pending: nothing kept).
    const terms = await meCall(t, bram.cookie, {
      method: 'POST',
      path: '/terms/accept',
      payload: { contact_uuid: anna.uuid },
    });
    expect(terms.statusCode).toBe(200);
    await check('POST /me/api/terms/accept', terms);
    // Signing out with his cookie leaves hers working.
    for (const path of ['/sign-out-everywhere', '/sign-out']) {
      const own = await meCookie(t, bram.uuid);
      const res = await meCall(t, own, { method: 'POST', path, payload: {} });
      expect(res.statusCode).toBe(204);
      await check(`POST /me/api${path}`, res);
    }
    expect((await meCall(t, anna.cookie, { method: 'GET', path: '/overview' })).json().email).toBe(
      anna.email,
    );
    // A link token is no cookie, and a cookie is no link token.
    const link = linkToken(
      (
        await t.call({
          method: 'GET',
          url: `/api/v3/oauth/clients/contacts-portal/auth-url?contact_uuid=${anna.uuid}`,
        })
      ).json().data.url,
    );
    expectReason(await meCall(t, link, { method: 'GET', path: '/overview' }), 'signed_out');
    const asLink = await signIn(t, anna.cookie);
    expectReason(asLink, 'link_invalid');
    await check('POST /me/api/sign-in', asLink);
    const linkMail = await t.call({
      method: 'POST',
      url: '/me/api/sign-in-link',
      token: null,
      payload: { email: anna.email },
    });
    await check('POST /me/api/sign-in-link', linkMail);
    expect([...seen].sort()).toEqual(await meOperations());
  });

  it('a call that changes something from another site, or not as JSON, is refused and changes nothing', async () => {
    const { cookie } = await signedInContact(t);
    const evil = await meCall(t, cookie, {
      method: 'PUT',
      path: '/profile',
      payload: { firstname: 'Hacked' },
      headers: { origin: 'https://evil.example' },
    });
    expectReason(evil, 'cross_site_call');
    const form = await meCall(t, cookie, {
      method: 'POST',
      path: '/sign-out-everywhere',
      payload: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectReason(form, 'not_json');
    const profile = (await meCall(t, cookie, { method: 'GET', path: '/profile' })).json();
    expect(profile.fields.find((f: { name: string }) => f.name === 'firstname').value).toBeNull();
  });
});

describe('/me/ e-mailed sign-in links', () => {
  const ask = (email: string, remoteAddress: string) =>
    t.call({ method: 'POST', url: '/me/api/sign-in-link', token: null, payload: { email }, remoteAddress });

  it('answer the same for a known and an unknown address; the known one gets a link that signs in once', async () => {
    const { email, uuid } = await signedInContact(t);
    const known = await ask(email, '10.1.0.1');
    const unknown = await ask(`${uniqueId('nobody')}@example.com`, '10.1.0.1');
    expect([known.statusCode, known.body]).toEqual([202, '{}']);
    expect([unknown.statusCode, unknown.body]).toEqual([202, '{}']);
    await expect.poll(() => mailsSentTo(t, email)).toBe(1);
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const folder = join(t.dir, 'outbox');
    const mail = readdirSync(folder)
      .map((f) => readFileSync(join(folder, f), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes(`To: ${email}`))!;
    const url = /(http:\/\/kiosk\.test\/me\/\?token=3D[\w-]+|http:\/\/kiosk\.test\/me\/\?token=[\w-]+)/
      .exec(mail)![0]
      .replace('=3D', '=');
    const signedIn = await signIn(t, linkToken(url));
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'portal_me')!.value;
    expect((await meCall(t, cookie, { method: 'GET', path: '/overview' })).json().email).toBe(email);
    expectReason(await signIn(t, linkToken(url)), 'link_invalid');
    void uuid;
  });

  it(`are limited to ${SIGN_IN_LINKS_PER_ADDRESS} an hour per e-mail address (known or not), from any client`, async () => {
    for (const email of [
      DEMO.annaEmail.replace('anna', uniqueId('anna')),
      `${uniqueId('nobody')}@example.com`,
    ]) {
      for (let i = 0; i < SIGN_IN_LINKS_PER_ADDRESS; i++) {
        expect((await ask(email, `10.2.${i}.1`)).statusCode).toBe(202);
      }
      const limited = await ask(email, '10.2.99.1');
      expect([limited.statusCode, limited.json().code]).toEqual([429, 1003]);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it(`are limited to ${SIGN_IN_LINKS_PER_CLIENT} an hour per client address, whatever the e-mail address`, async () => {
    for (let i = 0; i < SIGN_IN_LINKS_PER_CLIENT; i++) {
      expect((await ask(`${uniqueId('many')}@example.com`, '10.3.0.1')).statusCode).toBe(202);
    }
    expect((await ask(`${uniqueId('many')}@example.com`, '10.3.0.1')).statusCode).toBe(429);
    expect((await ask(`${uniqueId('many')}@example.com`, '10.3.0.2')).statusCode).toBe(202);
  });
});
