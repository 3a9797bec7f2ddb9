import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLook } from '../../src/service/domain/portal-sessions/views';
import { createTestApp, DEMO, newContact, type TestApp, twoProcesses } from '../helpers/app';
import { databaseSnapshot, expectNothingChanged } from '../helpers/attacker';
import { auditOf, officeCall, staffMember } from '../helpers/office';

/*
 * The office's rewards and brand (docs/office.md "Rewards and the brand"): the owner's reward with
 * its picture is in the public API at once and its picture is served; pictures are checked by their
 * bytes and size; colours by their contrast on the counter screen; only the owner changes anything;
 * every change is in the audit log; a claim meets the reward's window, stock and limit.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 2),
]);
const picture = (bytes: Buffer) => ({ data: bytes.toString('base64') });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function ownerCall(
  owner: { cookie: string },
  method: 'POST' | 'PUT' | 'GET',
  path: string,
  payload?: object,
) {
  return officeCall(t, owner.cookie, { method, path, ...(payload ? { payload } : {}) });
}

const publicRewards = async () =>
  (await t.call({ method: 'GET', url: `/rewards?contact_uuid=${DEMO.anna}`, token: DEMO.registerKey })).json()
    .data as {
    uuid: string;
    title: string;
    required_credits: number;
    media: { type: string; value: string } | null;
    is_active: boolean;
    stock: number | null;
  }[];

describe('rewards in the office', () => {
  it('a reward the owner creates with a picture is in GET /rewards at once, its picture served', async () => {
    const owner = await staffMember(t, 'owner');
    const created = await ownerCall(owner, 'POST', '/rewards', {
      title: 'Office espresso',
      description: 'A single espresso',
      required_credits: 35.5,
      stock: 3,
      claim_limit_per_contact: 1,
      picture: picture(PNG),
    });
    expect(created.statusCode).toBe(201);
    const reward = created.json();
    expect(reward).toMatchObject({
      title: 'Office espresso',
      required_credits: 35.5,
      stock: 3,
      active: true,
    });
    expect(reward.picture_url).toMatch(/^\/media\/[0-9a-f]{20}\.png$/);

    const shown = (await publicRewards()).find((r) => r.uuid === reward.uuid);
    expect(shown).toMatchObject({
      title: 'Office espresso',
      required_credits: 35.5,
      stock: 3,
      is_active: true,
      media: { type: 'image', value: reward.picture_url },
    });
    const served = await t.call({ method: 'GET', url: reward.picture_url, token: null });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Edited: a JPEG picture and new points, shown at once.
    const edited = await ownerCall(owner, 'PUT', `/rewards/${reward.uuid}`, {
      title: 'Office espresso doppio',
      required_credits: 60,
      picture: picture(JPEG),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().picture_url).toMatch(/\.jpg$/);
    expect((await publicRewards()).find((r) => r.uuid === reward.uuid)).toMatchObject({
      title: 'Office espresso doppio',
      required_credits: 60,
      stock: 3,
      media: { value: edited.json().picture_url },
    });

    const entries = await auditOf(t, reward.uuid);
    expect(entries.map((e) => [e.action, e.staff_id])).toEqual([
      ['reward.created', owner.id],
      ['reward.changed', owner.id],
    ]);
    expect(entries[1]!.before).toMatchObject({ title: 'Office espresso', required_credits: 35.5 });
    expect(entries[1]!.after).toMatchObject({ title: 'Office espresso doppio', required_credits: 60 });
  });

  it('takes PNG, JPEG and WebP by their bytes; refuses anything else or over 2 MB, and changes nothing', async () => {
    const owner = await staffMember(t, 'owner');
    const webp = await ownerCall(owner, 'POST', '/rewards', {
      title: 'WebP',
      required_credits: 1,
      picture: picture(WEBP),
    });
    expect(webp.statusCode).toBe(201);
    expect(webp.json().picture_url).toMatch(/\.webp$/);

    const before = await databaseSnapshot(t.app.db);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, status, reason] of [
      [svg, 415, 'picture_type'],
      [Buffer.from('GIF89a……'), 415, 'picture_type'],
      // A PNG's name and type, a PDF's bytes.
      [Buffer.from('%PDF-1.7 not a picture'), 415, 'picture_type'],
      [Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 413, 'picture_too_large'],
    ] as const) {
      const res = await ownerCall(owner, 'POST', '/rewards', {
        title: 'Bad',
        required_credits: 1,
        picture: picture(bytes),
      });
      expect(res.statusCode, String(reason)).toBe(status);
      expect(res.json()).toMatchObject({ reason, errors: { picture: [expect.any(String)] } });
      const change = await ownerCall(owner, 'PUT', `/rewards/${webp.json().uuid}`, {
        title: 'Changed',
        required_credits: 2,
        picture: picture(bytes),
      });
      expect(change.statusCode).toBe(status);
    }
    const notBase64 = await ownerCall(owner, 'POST', '/rewards', {
      title: 'Bad',
      required_credits: 1,
      picture: { data: '%%%' },
    });
    expect(notBase64.json()).toMatchObject({ reason: 'picture_type' });
    await expectNothingChanged(t.app.db, before, 'a refused picture');
  });

  it('a body beyond the limit is refused before it is read (413)', async () => {
    const owner = await staffMember(t, 'owner');
    const res = await ownerCall(owner, 'POST', '/rewards', {
      title: 'Huge',
      required_credits: 1,
      picture: { data: 'A'.repeat(4 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    // Within the body limit, beyond 2 MB once decoded: the domain's own refusal, naming the field.
    const big = await ownerCall(owner, 'PUT', '/brand', {
      logo: { data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]).toString('base64') },
    });
    expect(big.json()).toMatchObject({
      status_code: 413,
      reason: 'picture_too_large',
      errors: { logo: [expect.any(String)] },
    });
  });

  it('a claim meets the window, stock and limit the office set; a switched-off reward is refused', async () => {
    const owner = await staffMember(t, 'owner');
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const claim = async (reward: string, contact: string) =>
      t.call({
        method: 'POST',
        url: '/reward-receptions',
        payload: { contact_uuid: contact, reward_uuid: reward, shop_uuid: DEMO.shop },
      });
    const make = async (fields: object) =>
      (await ownerCall(owner, 'POST', '/rewards', { title: 'Window', required_credits: 0, ...fields })).json()
        .uuid as string;
    const contact = await newContact(t);

    const later = await make({ active_from: at(3600_000) });
    expect((await claim(later, contact)).json().code).toBe(1052);
    const over = await make({ active_until: at(-1000) });
    expect((await claim(over, contact)).json().code).toBe(1052);
    const open = await make({
      active_from: at(-3600_000),
      active_until: at(3600_000),
      stock: 1,
      claim_limit_per_contact: 1,
    });
    expect((await claim(open, contact)).statusCode).toBe(201);
    expect((await claim(open, contact)).json().code).toBe(1018);
    const limited = await make({ claim_limit_per_contact: 1 });
    expect((await claim(limited, contact)).statusCode).toBe(201);
    expect((await claim(limited, contact)).json().code).toBe(1019);
    expect(
      (
        await ownerCall(owner, 'PUT', `/rewards/${limited}`, {
          title: 'Off',
          required_credits: 0,
          active: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await claim(limited, await newContact(t))).json().code).toBe(1052);
    expect((await publicRewards()).find((r) => r.uuid === limited)?.is_active).toBe(false);

    const backwards = await ownerCall(owner, 'POST', '/rewards', {
      title: 'Backwards',
      required_credits: 1,
      active_from: at(1000),
      active_until: at(0),
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('active_until');
  });

  it('a manager reads the rewards and the brand; a manager or cashier changes nothing (403)', async () => {
    const manager = await staffMember(t, 'manager');
    const cashier = await staffMember(t, 'cashier');
    expect((await officeCall(t, manager.cookie, { method: 'GET', path: '/rewards' })).statusCode).toBe(200);
    expect((await officeCall(t, manager.cookie, { method: 'GET', path: '/brand' })).statusCode).toBe(200);
    const before = await databaseSnapshot(t.app.db);
    for (const who of [manager, cashier]) {
      for (const [method, path, payload] of [
        ['POST', '/rewards', { title: 'Mine', required_credits: 1 }],
        ['PUT', `/rewards/${DEMO.rewardCoffee}`, { title: 'Mine', required_credits: 1 }],
        ['PUT', '/brand', { primary_color: '#000000' }],
      ] as const) {
        const res = await officeCall(t, who.cookie, { method, path, payload });
        expect(res.statusCode, `${who.role} ${method} ${path}`).toBe(403);
        expect(res.json().reason).toBe('office_not_allowed');
      }
    }
    expect((await officeCall(t, cashier.cookie, { method: 'GET', path: '/rewards' })).statusCode).toBe(403);
    await expectNothingChanged(t.app.db, before, "a manager's or cashier's change");
  });
});

describe('the brand kit and terms in the office', () => {
  it('colours too low in contrast are refused naming the field; nothing changes', async () => {
    const owner = await staffMember(t, 'owner');
    const before = await databaseSnapshot(t.app.db);
    const res = await ownerCall(owner, 'PUT', '/brand', {
      primary_color: '#ffe066',
      tertiary_color: '#2f6b4f',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 1003, reason: 'brand_contrast_too_low' });
    expect(Object.keys(res.json().errors)).toEqual(['primary_color']);
    expect(res.json().errors.primary_color[0]).toMatch(/#ffe066 .* 1\.\d:1.*4\.5:1/);
    const font = await ownerCall(owner, 'PUT', '/brand', {
      font_color: '#777777',
      secondary_color: '#555555',
    });
    expect(font.json().errors).toHaveProperty('font_color');
    await expectNothingChanged(t.app.db, before, 'a refused brand');
  });

  it('the owner changes colours, font, logo, cover and terms: GET /brand-kit shows them at once; audited', async () => {
    const owner = await staffMember(t, 'owner');
    const res = await ownerCall(owner, 'PUT', '/brand', {
      primary_color: '#123456',
      secondary_color: '#F5F5F5',
      font_family: 'Georgia',
      logo: picture(PNG),
      cover: picture(JPEG),
      terms_url: 'https://shop.example/terms',
      privacy_url: 'https://shop.example/privacy',
    });
    expect(res.statusCode).toBe(200);
    const brand = res.json();
    expect(brand.brand).toMatchObject({
      primary_color: '#123456',
      secondary_color: '#f5f5f5',
      font_family: 'Georgia',
    });
    expect(brand.brand.small_logo_url).toMatch(/^\/media\/.*\.png$/);
    expect(brand.terms_url).toBe('https://shop.example/terms');

    const kit = (await t.call({ method: 'GET', url: '/brand-kit' })).json().data;
    expect(kit).toMatchObject({ primary_color: '#123456', font_family: 'Georgia' });
    expect(kit.large_logo_url).toMatch(/^http.*\/media\/.*\.png$/);
    expect(kit.cover_image_url).toMatch(/\.jpg$/);
    // The counter screen's next session (its account look, kept per process) and the terms it shows.
    const look = await accountLook(t.app.db);
    expect(look.account.brand.primary_color).toBe('#123456');
    expect(look.kiosk.terms_url).toBe('https://shop.example/terms');

    const bad = await ownerCall(owner, 'PUT', '/brand', { cover: picture(Buffer.from('<svg/>')) });
    expect(bad.json()).toMatchObject({ reason: 'picture_type', errors: { cover: [expect.any(String)] } });
    const badLink = await ownerCall(owner, 'PUT', '/brand', { terms_url: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(422);

    const entry = (
      await t.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('staff_id', '=', owner.id)
        .where('action', '=', 'brand.changed')
        .execute()
    ).at(-1)!;
    expect(JSON.parse(entry.after!)).toMatchObject({
      primary_color: '#123456',
      terms_url: 'https://shop.example/terms',
    });
    // Put the demo's colours back for the other tests.
    await ownerCall(owner, 'PUT', '/brand', {
      primary_color: '#6b3e26',
      secondary_color: '#f4e9dc',
      font_family: 'Inter',
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the brand across two processes', () => {
  const two = twoProcesses();

  it('a brand change through one process reaches the counter screen served by the other', async () => {
    const owner = await staffMember(two.a, 'owner');
    // The other process reads (and keeps) the account's look.
    const before = (await accountLook(two.b.app.db)).account.brand.primary_color;
    const colour = before === '#0b3d2e' ? '#2e0b3d' : '#0b3d2e';
    const res = await officeCall(two.a, owner.cookie, {
      method: 'PUT',
      path: '/brand',
      payload: { primary_color: colour },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => (await accountLook(two.b.app.db)).account.brand.primary_color, { timeout: 5000 })
      .toBe(colour);
  });
});
