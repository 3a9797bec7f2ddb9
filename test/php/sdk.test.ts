import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../helpers/app';
import {
  mapped,
  type PhpObject,
  PhpSdk,
  phpRef,
  phpSdkMissing,
  refused,
  SHARED_CLIENTS_DIR,
} from '../helpers/php-sdk';
import { lastCodeSentTo } from '../helpers/verification';

/*
 * The real platform's official PHP SDK (piggy/piggy-php-sdk, run from SHARED_CLIENTS_DIR, default
 * ../shared/clients) against the real app listening on a free port: every SDK method whose
 * endpoint the service serves (45 of RegisterClient, 90 of the OAuth clients), through
 * RegisterClient, OAuthClientApiKey and OAuthClient (its token from POST /oauth/token), asserting
 * on the objects the SDK maps as an integrator reads them (test/php/bridge.php calls their
 * getters), and on the PiggyRequestException of the errors. Each client kind gets an app of its
 * own; each test makes the data it changes.
 */

const missing = phpSdkMissing();
if (missing && process.env.CI === 'true') {
  describe('the real PHP SDK', () => {
    it('can run (CI=true needs PHP from Debian and the SDK)', () => {
      expect.fail(`PHP SDK test cannot run: ${missing}`);
    });
  });
} else if (missing) {
  console.warn(
    `\n  SKIPPED test/php/sdk.test.ts (the real PHP SDK against the service): ${missing}.\n` +
      `  SDK folder looked up: ${SHARED_CLIENTS_DIR}. CI=true makes this a failure.\n`,
  );
}

const ANNA = DEMO.anna;
const BEN = DEMO.ben;
const SHOP = DEMO.shop;
const FREE_COFFEE = 'e0000000-0000-4000-8000-000000000001';
const COFFEE_BEANS = 'e0000000-0000-4000-8000-000000000004';
const GIFTCARD_PROGRAM = 'f0000000-0000-4000-8000-000000000001';
const FREE_MUFFIN = '90000000-0000-4000-8000-000000000001';
const NEWSLETTER = 'c0000000-0000-4000-8000-000000000001';
const OFFERS = 'c0000000-0000-4000-8000-000000000002';
/** The test clock's time, as every timestamp the SDK parses reads it (DATE_ATOM). */
const NOW = '2026-11-21T10:00:00+00:00';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type ClientKind = 'RegisterClient' | 'OAuthClientApiKey' | 'OAuthClient';

/** The app on a free port, a PHP process with the SDK, and one client of `kind` pointed at them. */
function sdkAgainstApp(kind: ClientKind) {
  const ctx = {} as { t: TestApp; php: PhpSdk; client: number; baseUrl: string; calls: number };
  beforeAll(async () => {
    ctx.t = await createTestApp();
    await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.t.app.server.address() as { port: number };
    ctx.baseUrl = `http://127.0.0.1:${port}`;
    ctx.php = new PhpSdk();
    if (kind === 'OAuthClient') {
      ctx.client = await ctx.php.client(kind, ctx.baseUrl, DEMO.oauthClientId, DEMO.oauthClientSecret);
      const token = mapped(await ctx.php.call(ctx.client, null, 'getAccessToken')).value;
      expect(token).toMatch(/^\S{40,}$/);
      mapped(await ctx.php.call(ctx.client, null, 'setAccessToken', token));
    } else {
      const key = kind === 'RegisterClient' ? DEMO.registerKey : DEMO.apiKey;
      ctx.client = await ctx.php.client(kind, ctx.baseUrl, key);
    }
  });
  afterAll(async () => {
    ctx.php?.close();
    await ctx.t?.close();
  });
  return ctx;
}

/** A new contact made through the SDK (each test its own). */
let emails = 0;
function newEmail(kind: string) {
  emails += 1;
  return `sdk-${kind.toLowerCase()}-${emails}@example.com`;
}

describe.skipIf(missing)('RegisterClient (API key of the Amsterdam register, /api/v3/register)', () => {
  const ctx = sdkAgainstApp('RegisterClient');
  const call = async (resource: string, method: string, ...args: unknown[]) =>
    mapped(await ctx.php.call(ctx.client, resource, method, ...args)).value;

  it('contacts: create, get, findOneBy, findOrCreate, createAnonymously, update, both balances', async () => {
    const email = newEmail('register');
    const created = await call('contacts', 'create', email);
    expect(created).toMatchObject({
      $class: 'Contact',
      getUuid: expect.stringMatching(UUID),
      getEmail: email,
    });
    const uuid = created.getUuid;

    const got = await call('contacts', 'get', uuid);
    expect(got).toMatchObject({
      getUuid: uuid,
      getEmail: email,
      getCreditBalance: { getBalance: 0 },
      getPrepaidBalance: { getBalanceInCents: 0 },
      getCurrentValues: { email, is_anonymous: false },
    });
    expect(got.getSubscriptions.map((s: PhpObject['value']) => s.getSubscriptionType.getName)).toEqual([
      'Newsletter',
      'Offers',
      'Partner news',
    ]);
    expect(await call('contacts', 'findOneBy', email)).toMatchObject({ getUuid: uuid });
    expect(await call('contacts', 'findOrCreate', email)).toMatchObject({ getUuid: uuid });
    const other = newEmail('register');
    const made = await call('contacts', 'findOrCreate', other);
    expect(made).toMatchObject({ getEmail: other });
    expect(made.getUuid).not.toBe(uuid);

    const anonymous = await call('contacts', 'createAnonymously', `SDK-ANON-${emails}`);
    expect(anonymous.getCurrentValues).toMatchObject({ is_anonymous: true });
    expect(await call('contactIdentifiers', 'get', `SDK-ANON-${emails}`)).toMatchObject({
      getContact: { getUuid: anonymous.getUuid },
    });

    const updated = await call('contacts', 'update', uuid, { firstname: 'Sam', lastname: 'de Boer' });
    expect(updated.getCurrentValues).toMatchObject({ firstname: 'Sam', lastname: 'de Boer', email });
    expect(await call('contacts', 'getCreditBalance', ANNA)).toEqual({
      $class: 'CreditBalance',
      getBalance: 120,
    });
    expect(await call('contacts', 'getPrepaidBalance', uuid)).toEqual({
      $class: 'PrepaidBalance',
      getBalanceInCents: 0,
    });
  });

  it('creditReceptions: calculate, create linked to a POS transaction (pos_transaction_id), reverse by GET; the contact’s transactions', async () => {
    const uuid = (await call('contacts', 'create', newEmail('register'))).getUuid;
    expect(await call('creditReceptions', 'calculate', ANNA, SHOP, '10.99')).toBe(16);
    const pos = (
      await ctx.t.call({
        method: 'POST',
        url: '/pos-transactions',
        token: DEMO.registerKey,
        payload: { amount_in_cents: 1099 },
      })
    ).json().data;
    const reception = await call('creditReceptions', 'create', uuid, 10.99, null, null, null, pos.uuid);
    expect(reception).toMatchObject({
      $class: 'CreditReception',
      getType: 'credit_reception',
      getCredits: 10,
      getChannel: 'API',
      getCreatedAt: NOW,
      getUnitValue: 10.99,
      getUnit: { getName: 'purchase_amount' },
      getContact: { getUuid: uuid },
      getShop: { getUuid: SHOP, getName: 'Demo Coffee Amsterdam', getId: 1 },
    });
    // The POS transaction is linked: a second reception for it is refused.
    expect(
      refused(
        await ctx.php.call(ctx.client, 'creditReceptions', 'create', uuid, 10.99, null, null, null, pos.uuid),
      ),
    ).toMatchObject({
      code: 6001,
      status: 409,
    });
    const reversed = await call('creditReceptions', 'reverse', reception.getUuid);
    expect(reversed).toMatchObject({
      getType: 'credit_reception',
      getCredits: -10,
      getContact: { getUuid: uuid },
    });

    const withCard = await call('creditReceptions', 'create', BEN, null, 5, 'CARD-0002');
    expect(withCard).toMatchObject({
      getCredits: 5,
      getContactIdentifier: { getValue: 'CARD-0002', getContact: { getUuid: BEN } },
    });

    const history = await call('contacts', 'getTransactions', uuid);
    expect(history.map((item: PhpObject['value']) => [item.$class, item.getCredits])).toEqual([
      ['CreditReception', -10],
      ['CreditReception', 10],
    ]);
  });

  it('giftcards: create, findOneBy; giftcardTransactions: create, get, reverse by GET', async () => {
    const card = await call('giftcards', 'create', GIFTCARD_PROGRAM, 1);
    expect(card).toMatchObject({
      $class: 'Giftcard',
      getType: 1,
      isActive: true,
      getAmountInCents: 0,
      getGiftcardProgram: { getUuid: GIFTCARD_PROGRAM, getName: 'Demo gift card' },
    });
    expect(await call('giftcards', 'findOneBy', card.getHash)).toMatchObject({
      getUuid: card.getUuid,
      getGiftcardProgram: { getUuid: GIFTCARD_PROGRAM },
    });
    const topUp = await call('giftcardTransactions', 'create', card.getUuid, 2500);
    expect(topUp).toMatchObject({
      $class: 'GiftcardTransaction',
      getAmountInCents: 2500,
      getCreatedAt: NOW,
      getType: 'STANDARD',
      isSettled: true,
      getGiftcardId: card.getId,
      getShopId: 1,
    });
    expect(await call('giftcardTransactions', 'get', topUp.getUuid)).toMatchObject({
      getUuid: topUp.getUuid,
      getAmountInCents: 2500,
    });
    expect(await call('giftcardTransactions', 'reverse', topUp.getUuid)).toMatchObject({
      getAmountInCents: -2500,
    });
    expect(await call('giftcards', 'findOneBy', card.getHash)).toMatchObject({ getAmountInCents: 0 });
  });

  it('rewards: list, get for a contact, findBy, update; rewardReceptions: create at the key’s shop, reverse', async () => {
    const titles = (list: PhpObject['value'][]) => list.map((reward) => reward.getTitle);
    expect(titles(await call('rewards', 'list'))).toContain('Free coffee');
    const forAnna = await call('rewards', 'get', ANNA);
    expect(forAnna.find((reward: PhpObject['value']) => reward.getUuid === FREE_COFFEE)).toMatchObject({
      $class: 'PhysicalReward',
      getTitle: 'Free coffee',
      getRequiredCredits: 50,
      getRewardType: 'PHYSICAL',
    });

    // rewards->update sends the Reward back with its read-only attributes.
    const beans = mapped(await ctx.php.call(ctx.client, 'rewards', 'findBy', COFFEE_BEANS));
    expect(beans.value).toMatchObject({ getTitle: 'Coffee beans 1 kg', getRequiredCredits: 400 });
    mapped(await ctx.php.call(beans.ref, null, 'setRequiredCredits', 450));
    expect(await call('rewards', 'update', phpRef(beans))).toMatchObject({
      getUuid: COFFEE_BEANS,
      getRequiredCredits: 450,
    });

    const uuid = (await call('contacts', 'create', newEmail('register'))).getUuid;
    await call('creditReceptions', 'create', uuid, null, 60);
    const reception = await call('rewardReceptions', 'create', uuid, FREE_COFFEE);
    expect(reception).toMatchObject({
      $class: 'PhysicalRewardReception',
      getType: 'reward_reception',
      getCredits: -50,
      getChannel: 'API',
      getTitle: 'Free coffee',
      getShop: { getUuid: SHOP },
      getContact: { getUuid: uuid },
      getReward: { getUuid: FREE_COFFEE },
      getCreatedAt: NOW,
      getHasBeenCollected: false,
    });
    expect(await call('rewardReceptions', 'reverse', reception.getUuid)).toMatchObject({
      $class: 'CreditReception',
      getCredits: 50,
    });
    expect(await call('contacts', 'getCreditBalance', uuid)).toMatchObject({ getBalance: 60 });
  });

  it('contactIdentifiers: create, get, unlink, link, delete', async () => {
    const value = `SDK-REG-CARD-${emails}`;
    const created = await call('contactIdentifiers', 'create', value, BEN, 'SDK card');
    expect(created).toMatchObject({
      $class: 'ContactIdentifier',
      getValue: value,
      getName: 'SDK card',
      isActive: true,
      getContact: { getUuid: BEN },
    });
    expect(await call('contactIdentifiers', 'get', value)).toMatchObject({ getContact: { getUuid: BEN } });
    expect(await call('contactIdentifiers', 'unlink', value)).toMatchObject({
      getValue: value,
      getContact: null,
    });
    expect(await call('contactIdentifiers', 'link', value, ANNA)).toMatchObject({
      getContact: { getUuid: ANNA },
    });
    expect(await call('contactIdentifiers', 'delete', value)).toMatchObject({ getValue: value });
    expect(refused(await ctx.php.call(ctx.client, 'contactIdentifiers', 'get', value))).toMatchObject({
      code: 60003,
      status: 404,
    });
  });

  it('contactSubscriptions: list, subscribe, unsubscribe; subscriptionTypes: list', async () => {
    const uuid = (await call('contacts', 'create', newEmail('register'))).getUuid;
    const subscribed = await call('contactSubscriptions', 'subscribe', uuid, OFFERS);
    expect(subscribed).toMatchObject({
      $class: 'Subscription',
      isSubscribed: true,
      getSubscriptionType: { getUuid: OFFERS },
    });
    const list = await call('contactSubscriptions', 'list', uuid);
    expect(list.find((s: PhpObject['value']) => s.getSubscriptionType.getUuid === OFFERS)).toMatchObject({
      isSubscribed: true,
    });
    expect(await call('contactSubscriptions', 'unsubscribe', uuid, OFFERS)).toMatchObject({
      isSubscribed: false,
    });
    const types = await call('subscriptionTypes', 'list');
    expect(types.find((type: PhpObject['value']) => type.getUuid === NEWSLETTER)).toEqual({
      $class: 'SubscriptionType',
      getUuid: NEWSLETTER,
      getName: 'Newsletter',
      getDescription: 'News from Demo Coffee, once a month',
      isActive: true,
      getStrategy: 'DOUBLE_OPT_IN',
    });
  });

  it('prepaidTransactions: create (top up, pay); loyaltyProgram: get', async () => {
    const uuid = (await call('contacts', 'create', newEmail('register'))).getUuid;
    expect(await call('prepaidTransactions', 'create', uuid, 1000)).toMatchObject({
      $class: 'PrepaidTransaction',
      getAmountInCents: 1000,
      getPrepaidBalance: { getBalanceInCents: 1000 },
      getCreatedAt: NOW,
    });
    expect(await call('prepaidTransactions', 'create', uuid, -250)).toMatchObject({
      getAmountInCents: -250,
      getPrepaidBalance: { getBalanceInCents: 750 },
    });
    expect(await call('loyaltyProgram', 'get')).toEqual({
      $class: 'LoyaltyProgram',
      getId: 1,
      getName: 'Demo Coffee',
      getCustomCreditName: '',
      getMaxAmount: 1000,
    });
  });

  it('promotion: list, findBy; voucher: list, paginatedList, findByCode, redeem', async () => {
    const promotions = await call('promotion', 'list');
    expect(promotions.map((p: PhpObject['value']) => p.getName)).toEqual(['Free muffin', 'Two for one']);
    expect(await call('promotion', 'findBy', FREE_MUFFIN)).toMatchObject({
      $class: 'Promotion',
      getUuid: FREE_MUFFIN,
      getType: 'SINGLE_USE',
      getRedemptionsPerVoucher: 1,
      getLimitPerContact: 1,
    });
    const used = await call('voucher', 'list', 1, 30, null, ANNA, 'REDEEMED');
    expect(used.map((v: PhpObject['value']) => v.getCode)).toEqual(['MUFFIN-USED']);
    const page = await call('voucher', 'paginatedList', 2, 2, FREE_MUFFIN);
    expect(page).toMatchObject({
      getCurrentPage: 2,
      getPerPage: 2,
      getFrom: 3,
      getTo: 4,
      getLastPage: 3,
      getTotal: 5,
      getPath: `${ctx.baseUrl}/api/v3/register/vouchers`,
    });
    expect(page.getData.map((v: PhpObject['value']) => v.getCode)).toEqual(['MUFFIN-EXPIRED', 'MUFFIN-USED']);
    expect(page.getLinks.map((link: { label: string }) => link.label)).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '3',
      'Next &raquo;',
    ]);
    expect(await call('voucher', 'findByCode', 'MUFFIN-0002')).toMatchObject({
      $class: 'Voucher',
      getCode: 'MUFFIN-0002',
      getStatus: 'ACTIVE',
      isRedeemed: false,
      getRedeemedAt: null,
      getContact: { getUuid: BEN },
      getPromotion: { getUuid: FREE_MUFFIN },
    });
    expect(await call('voucher', 'redeem', 'MUFFIN-0002', BEN)).toMatchObject({
      getCode: 'MUFFIN-0002',
      getStatus: 'REDEEMED',
      isRedeemed: true,
      getRedeemedAt: NOW,
    });
  });
  it('registers: get; giftcardTransactions: correct', async () => {
    expect(await call('registers', 'get')).toEqual({
      $class: 'Register',
      getId: expect.any(Number),
      getIdentifier: expect.stringMatching(/^REG-/),
      getName: null,
      getShop: { $class: 'Shop', getUuid: SHOP, getName: 'Demo Coffee Amsterdam', getId: 1 },
    });
    const card = await call('giftcards', 'create', GIFTCARD_PROGRAM, 1);
    await call('giftcardTransactions', 'create', card.getUuid, 2000);
    const spent = await call('giftcardTransactions', 'create', card.getUuid, -500);
    await call('giftcardTransactions', 'create', card.getUuid, -300);
    expect(await call('giftcardTransactions', 'correct', spent.getUuid)).toMatchObject({
      $class: 'GiftcardTransaction',
      getAmountInCents: 500,
      getShopId: 1,
    });
    expect(await call('giftcards', 'findOneBy', card.getHash)).toMatchObject({ getAmountInCents: 1700 });
  });
  it('loyaltyToken: claim a receipt token (credits, then a unit value by shop uuid); a second claim refused', async () => {
    const make = async (body: Record<string, unknown>) =>
      Object.fromEntries(
        new URL(
          (
            await ctx.t.call({
              method: 'POST',
              url: '/api/v3/oauth/clients/loyalty-tokens',
              payload: { shop_id: 1, unique_id: `SDK-REG-${emails}-${body.version}`, ...body },
            })
          ).json().data,
        ).searchParams,
      );
    const uuid = (await call('contacts', 'create', newEmail('register'))).getUuid;
    const v1 = await make({ version: 'v1', credits: 15 });
    const claimV1 = () =>
      ctx.php.call(
        ctx.client,
        'loyaltyToken',
        'claim',
        'v1',
        v1.unique_id,
        Number(v1.timestamp),
        v1.hash,
        uuid,
        15,
        null,
        null,
        1,
      );
    expect(mapped(await claimV1()).value).toMatchObject({
      $class: 'CreditReception',
      getCredits: 15,
      getContact: { getUuid: uuid },
      getShop: { getUuid: SHOP },
      getCreatedAt: NOW,
    });
    expect(refused(await claimV1())).toMatchObject({ code: 1003, status: 409 });
    const v2 = await make({ version: 'v2', unit_value: 9.5 });
    expect(
      await call(
        'loyaltyToken',
        'claim',
        'v2',
        v2.unique_id,
        Number(v2.timestamp),
        v2.hash,
        uuid,
        null,
        'purchase_amount',
        9.5,
        null,
        SHOP,
      ),
    ).toMatchObject({ getCredits: 9, getUnitValue: 9.5, getUnit: { getName: 'purchase_amount' } });
    expect(await call('contacts', 'getCreditBalance', uuid)).toMatchObject({ getBalance: 24 });
  });
});

for (const kind of ['OAuthClientApiKey', 'OAuthClient'] as const) {
  describe.skipIf(missing)(`${kind} (/api/v3/oauth/clients)`, () => {
    const ctx = sdkAgainstApp(kind);
    const call = async (resource: string, method: string, ...args: unknown[]) =>
      mapped(await ctx.php.call(ctx.client, resource, method, ...args)).value;

    it('contacts: create, get, findOneBy, findOrCreate, createAnonymously, update, both balances', async () => {
      const email = newEmail(kind);
      const uuid = (await call('contacts', 'create', email)).getUuid;
      expect(await call('contacts', 'get', uuid)).toMatchObject({
        $class: 'Contact',
        getEmail: email,
        getCreditBalance: { getBalance: 0 },
        getCurrentValues: { email },
      });
      expect(await call('contacts', 'findOneBy', email)).toMatchObject({ getUuid: uuid, getEmail: email });
      expect(await call('contacts', 'findOrCreate', email)).toMatchObject({ getUuid: uuid });
      const anonymous = await call('contacts', 'createAnonymously', null);
      expect(anonymous).toMatchObject({
        getUuid: expect.stringMatching(UUID),
        getCurrentValues: { is_anonymous: true },
      });
      expect(await call('contacts', 'update', uuid, { firstname: 'Kim' })).toMatchObject({
        getCurrentValues: { firstname: 'Kim' },
      });
      // The SDK's CreditBalance holds an int: Ben's 35.5 credits read 35.
      expect(await call('contacts', 'getCreditBalance', BEN)).toEqual({
        $class: 'CreditBalance',
        getBalance: 35,
      });
      expect(await call('contacts', 'getPrepaidBalance', DEMO.carla)).toEqual({
        $class: 'PrepaidBalance',
        getBalanceInCents: 5000,
      });
    });

    it('contactIdentifiers: create, get, link, unlink, delete', async () => {
      const value = `SDK-${kind}-CARD`;
      expect(await call('contactIdentifiers', 'create', value, 'Key ring', null)).toMatchObject({
        $class: 'ContactIdentifier',
        getValue: value,
        getName: 'Key ring',
        getContact: null,
      });
      expect(await call('contactIdentifiers', 'link', value, BEN)).toMatchObject({
        getContact: { getUuid: BEN },
      });
      expect(await call('contactIdentifiers', 'get', value)).toMatchObject({
        isActive: true,
        getContact: { getUuid: BEN, getEmail: 'ben@example.com' },
      });
      expect(await call('contactIdentifiers', 'unlink', value)).toMatchObject({ getContact: null });
      // The OAuth resource's delete answers the response's data unmapped.
      expect(await call('contactIdentifiers', 'delete', value)).toMatchObject({ value, name: 'Key ring' });
    });

    it('shops: all, get; loyaltyProgram: get; tier: list, getTierForContact; subscriptionTypes: list', async () => {
      const shops = await call('shops', 'all');
      expect(shops.map((shop: PhpObject['value']) => [shop.getName, shop.getId])).toEqual([
        ['Demo Coffee Amsterdam', 1],
        ['Demo Coffee Utrecht', 2],
      ]);
      expect(await call('shops', 'get', DEMO.shopUtrecht)).toEqual({
        $class: 'Shop',
        getUuid: DEMO.shopUtrecht,
        getName: 'Demo Coffee Utrecht',
        getId: 2,
      });
      expect(await call('loyaltyProgram', 'get')).toMatchObject({
        getName: 'Demo Coffee',
        getMaxAmount: 1000,
      });
      const tiers = await call('tier', 'list');
      expect(tiers.map((tier: PhpObject['value']) => [tier.getName, tier.getPosition])).toEqual([
        ['Silver', 1],
        ['Gold', 2],
      ]);
      expect(await call('tier', 'getTierForContact', ANNA)).toMatchObject({
        $class: 'Tier',
        getName: 'Gold',
        getDescription: 'One and a half credits per euro',
      });
      expect(
        (await call('subscriptionTypes', 'list')).map((type: PhpObject['value']) => type.getStrategy),
      ).toEqual(['DOUBLE_OPT_IN', 'OPT_OUT', 'OPT_IN']);
    });

    it('creditReceptions: calculate, create, reverse; loyaltyTransactions: list', async () => {
      const uuid = (await call('contacts', 'create', newEmail(kind))).getUuid;
      expect(await call('creditReceptions', 'calculate', SHOP, 20, uuid)).toBe(20);
      const reception = await call('creditReceptions', 'create', uuid, SHOP, 20);
      expect(reception).toMatchObject({
        $class: 'CreditReception',
        getCredits: 20,
        getChannel: 'API',
        getUnitValue: 20,
        getShop: { getUuid: SHOP },
        getCreatedAt: NOW,
      });
      const card = await call('creditReceptions', 'create', ANNA, DEMO.shopUtrecht, null, 3, 'CARD-0001');
      expect(card).toMatchObject({ getCredits: 3, getContactIdentifier: { getValue: 'CARD-0001' } });
      expect(await call('creditReceptions', 'reverse', reception.getUuid)).toMatchObject({ getCredits: -20 });
      const history = await call('loyaltyTransactions', 'list', 1, uuid);
      expect(history.map((item: PhpObject['value']) => [item.getType, item.getCredits])).toEqual([
        ['credit_reception', -20],
        ['credit_reception', 20],
      ]);
      expect(await call('loyaltyTransactions', 'list', 1, uuid, null, null, 1)).toHaveLength(1);
    });

    it('rewards: list, get, findBy, update; rewardReceptions: create, reverse; collectableRewards: list, collect', async () => {
      expect((await call('rewards', 'list')).map((reward: PhpObject['value']) => reward.getUuid)).toContain(
        FREE_COFFEE,
      );
      const uuid = (await call('contacts', 'create', newEmail(kind))).getUuid;
      await call('creditReceptions', 'create', uuid, SHOP, null, 100);
      expect(
        (await call('rewards', 'get', uuid, SHOP)).find(
          (reward: PhpObject['value']) => reward.getUuid === FREE_COFFEE,
        ),
      ).toMatchObject({ getTitle: 'Free coffee', getRequiredCredits: 50 });
      const beans = mapped(await ctx.php.call(ctx.client, 'rewards', 'findBy', COFFEE_BEANS));
      mapped(await ctx.php.call(beans.ref, null, 'setRequiredCredits', 425));
      expect(await call('rewards', 'update', phpRef(beans))).toMatchObject({ getRequiredCredits: 425 });

      const reception = await call('rewardReceptions', 'create', uuid, SHOP, FREE_COFFEE);
      expect(reception).toMatchObject({
        $class: 'PhysicalRewardReception',
        getCredits: -50,
        getReward: { getUuid: FREE_COFFEE },
        getShop: { getUuid: SHOP },
      });
      const collectable = await call('collectableRewards', 'list', uuid);
      expect(collectable).toHaveLength(1);
      expect(collectable[0]).toMatchObject({
        $class: 'CollectableReward',
        getTitle: 'Free coffee',
        hasBeenCollected: false,
        getContact: { getUuid: uuid },
        getCreatedAt: NOW,
      });
      expect(await call('collectableRewards', 'collect', collectable[0].getUuid)).toMatchObject({
        $class: 'CollectableReward',
        getTitle: 'Free coffee',
        hasBeenCollected: true,
      });
      const second = await call('rewardReceptions', 'create', uuid, SHOP, FREE_COFFEE);
      expect(await call('rewardReceptions', 'reverse', second.getUuid)).toMatchObject({ getCredits: 50 });
      expect(await call('contacts', 'getCreditBalance', uuid)).toMatchObject({ getBalance: 50 });
    });

    it('giftcards: create, findOneBy, get; giftcardTransactions: create, get, reverse', async () => {
      const card = await call('giftcards', 'create', GIFTCARD_PROGRAM, 1);
      expect(card).toMatchObject({ getType: 1, getGiftcardProgram: { getUuid: GIFTCARD_PROGRAM } });
      const topUp = await call('giftcardTransactions', 'create', SHOP, card.getUuid, 1500);
      expect(topUp).toMatchObject({ getAmountInCents: 1500, getCreatedAt: NOW });
      expect(await call('giftcardTransactions', 'get', topUp.getUuid)).toMatchObject({
        getAmountInCents: 1500,
      });
      expect(await call('giftcardTransactions', 'reverse', topUp.getUuid)).toMatchObject({
        getAmountInCents: -1500,
      });
      expect(await call('giftcards', 'findOneBy', card.getHash)).toMatchObject({
        getUuid: card.getUuid,
        getAmountInCents: 0,
      });
      expect(await call('giftcards', 'get', card.getUuid)).toMatchObject({
        $class: 'Giftcard',
        getHash: card.getHash,
        getAmountInCents: 0,
        getGiftcardProgram: { getUuid: GIFTCARD_PROGRAM },
      });
    });

    it('prepaidTransactions: create; contactSubscriptions: list, subscribe, unsubscribe', async () => {
      const uuid = (await call('contacts', 'create', newEmail(kind))).getUuid;
      expect(await call('prepaidTransactions', 'create', uuid, 800, SHOP)).toMatchObject({
        getAmountInCents: 800,
        getPrepaidBalance: { getBalanceInCents: 800 },
      });
      expect(await call('contactSubscriptions', 'subscribe', uuid, NEWSLETTER)).toMatchObject({
        getSubscriptionType: { getUuid: NEWSLETTER, getStrategy: 'DOUBLE_OPT_IN' },
      });
      expect((await call('contactSubscriptions', 'list', uuid)).length).toBe(3);
      expect(await call('contactSubscriptions', 'unsubscribe', uuid, NEWSLETTER)).toMatchObject({
        isSubscribed: false,
      });
    });

    it('units: list, create; perk: list, create, get, update; customAttributes: list, create, update', async () => {
      expect((await call('units', 'list')).map((unit: PhpObject['value']) => unit.getName)).toContain(
        'purchase_amount',
      );
      expect(await call('units', 'create', `sdk_${kind.toLowerCase()}`, 'SDK unit', false)).toMatchObject({
        getName: `sdk_${kind.toLowerCase()}`,
        getLabel: 'SDK unit',
        getIsDefault: false,
      });
      const perk = await call('perk', 'create', 'Free refill', `refill_${kind.toLowerCase()}`, 'boolean', [
        { label: 'Yes', value: true, default: false },
        { label: 'No', value: false, default: true },
      ]);
      expect(perk).toMatchObject({ $class: 'Perk', getLabel: 'Free refill', getDataType: 'boolean' });
      expect(await call('perk', 'get', perk.getUuid)).toMatchObject({
        getName: `refill_${kind.toLowerCase()}`,
      });
      expect(await call('perk', 'update', perk.getUuid, 'Refill')).toMatchObject({ getLabel: 'Refill' });
      expect((await call('perk', 'list')).map((p: PhpObject['value']) => p.getUuid)).toContain(perk.getUuid);

      const name = `sdk_${kind.toLowerCase()}_colour`;
      expect(
        await call('customAttributes', 'create', 'contact', name, 'Colour', 'select', [
          { value: 'red', label: 'Red' },
        ]),
      ).toMatchObject({
        $class: 'CustomAttribute',
        getEntity: 'contact',
        getName: name,
        getType: 'select',
        getIsPiggyDefined: false,
      });
      expect(await call('customAttributes', 'update', name, 'contact', 'Favourite colour')).toMatchObject({
        getLabel: 'Favourite colour',
      });
      const attributes = await call('customAttributes', 'list', { entity: 'contact' });
      expect(attributes.map((a: PhpObject['value']) => a.getName)).toEqual(
        expect.arrayContaining(['dier', name]),
      );
    });

    it('brandkit: get', async () => {
      const kit = await call('brandkit', 'get');
      expect(kit).toMatchObject({
        $class: 'Brandkit',
        getPrimaryColor: '#6b3e26',
        getSecondaryColor: '#f4e9dc',
        getCornerTheme: 'rounded',
        getFontFamily: 'Inter',
        getDescription: 'Fresh coffee, baked today. Collect credits with every cup.',
      });
      expect(kit.getLargeLogoUrl).toMatch(/\/media\/\S+$/);
    });

    it('portalSessions: create, get', async () => {
      const session = await call('portalSessions', 'create', SHOP, ANNA);
      expect(session).toMatchObject({
        $class: 'PortalSession',
        getUuid: expect.stringMatching(UUID),
        getShop: { getUuid: SHOP },
        getContact: { getUuid: ANNA },
        getCreatedAt: NOW,
      });
      expect(session.getUrl).toBe(`http://kiosk.test/portal/?uuid=${session.getUuid}`);
      expect(await call('portalSessions', 'get', session.getUuid)).toMatchObject({
        getUuid: session.getUuid,
      });
    });

    it('contactsPortalAuthUrl: get a one-time sign-in link to the contact’s own page /me/', async () => {
      const auth = await call('contactsPortalAuthUrl', 'get', ANNA);
      expect(auth).toMatchObject({
        $class: 'ContactsPortalAuthUrl',
        getUrl: expect.stringMatching(/^http:\/\/kiosk\.test\/me\/\?token=[\w-]{40,}$/),
      });
      // The customer's phone opens it: signed in once, as Anna.
      const token = new URL(auth.getUrl).searchParams.get('token');
      const open = () =>
        ctx.t.call({ method: 'POST', url: '/me/api/sign-in', token: null, payload: { token } });
      const first = await open();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ firstname: 'Anna' });
      expect((await open()).json()).toMatchObject({ status_code: 401, reason: 'link_invalid' });
      expect(
        refused(
          await ctx.php.call(
            ctx.client,
            'contactsPortalAuthUrl',
            'get',
            '00000000-0000-4000-8000-00000000dead',
          ),
        ),
      ).toMatchObject({
        code: 55031,
      });
    });

    it('contactVerification: sendVerificationMail, verifyLoginCode, getAuthToken (the codes of the counter)', async () => {
      const email = newEmail(kind);
      const uuid = (await call('contacts', 'create', email)).getUuid;
      expect(await call('contactVerification', 'sendVerificationMail', email)).toBe(true);
      expect(await call('contactVerification', 'sendVerificationMail', 'nobody@example.com')).toBe(false);
      const code = lastCodeSentTo(ctx.t, email)!;
      expect(code).toMatch(/^\d{6}$/);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await call('contactVerification', 'verifyLoginCode', wrong, email)).toBe(false);
      expect(await call('contactVerification', 'verifyLoginCode', code, email)).toBe(true);
      const token = await call('contactVerification', 'getAuthToken', uuid);
      expect(token).toMatch(/^\S{20,}$/);
      // The token is an app code of the contact's: at the counter it identifies them, proven.
      const session = await call('portalSessions', 'create', SHOP);
      const scan = await ctx.t.call({
        method: 'POST',
        url: `/portal/api/sessions/${session.getUuid}/identify`,
        token: null,
        payload: { value: token },
      });
      expect(scan.json().data).toMatchObject({
        result: 'identified',
        contact: { uuid },
        proof: { proven: true },
      });
    });

    it('promotion: list, findBy; voucher: list, paginatedList, findByCode, lock, release, redeem', async () => {
      expect((await call('promotion', 'list')).length).toBe(2);
      expect(await call('promotion', 'findBy', FREE_MUFFIN)).toMatchObject({ getName: 'Free muffin' });
      expect(
        (await call('voucher', 'list', 1, 30, null, ANNA, 'REDEEMED')).map(
          (v: PhpObject['value']) => v.getCode,
        ),
      ).toEqual(['MUFFIN-USED']);
      const page = await call('voucher', 'paginatedList', 1, 4);
      expect(page).toMatchObject({ getCurrentPage: 1, getFrom: 1, getTo: 4, getTotal: 6, getLastPage: 2 });
      expect(page.getPath).toBe(`${ctx.baseUrl}/api/v3/oauth/clients/vouchers`);
      const voucher = await call('voucher', 'findByCode', 'TWOFORONE-0001');
      const locked = await call('voucher', 'lock', voucher.getUuid);
      expect(locked).toMatchObject({
        $class: 'VoucherLock',
        getVoucher: { getUuid: voucher.getUuid, getStatus: 'LOCKED' },
        getLock: {
          $class: 'Lock',
          getReleaseKey: expect.any(String),
          getLockedAt: NOW,
          getUnlockedAt: null,
          getSystemReleaseAt: '2026-11-21T11:00:00+00:00',
        },
      });
      const released = await call('voucher', 'release', voucher.getUuid, locked.getLock.getReleaseKey);
      expect(released).toMatchObject({ getVoucher: { getStatus: 'ACTIVE' } });
      expect(await call('voucher', 'redeem', 'MUFFIN-0002', BEN)).toMatchObject({
        getStatus: 'REDEEMED',
        getRedeemedAt: NOW,
      });
    });

    it('giftcardTransactions: correct, list; giftcardProgram: list', async () => {
      const card = await call('giftcards', 'create', GIFTCARD_PROGRAM, 1);
      const topUp = await call('giftcardTransactions', 'create', SHOP, card.getUuid, 1000);
      const spent = await call('giftcardTransactions', 'create', SHOP, card.getUuid, -200);
      const corrected = await call('giftcardTransactions', 'correct', spent.getUuid);
      expect(corrected).toMatchObject({ getAmountInCents: 200 });
      const list = await call('giftcardTransactions', 'list', GIFTCARD_PROGRAM, 1, 3);
      expect(list.map((tr: PhpObject['value']) => tr.getUuid)).toEqual([
        corrected.getUuid,
        spent.getUuid,
        topUp.getUuid,
      ]);
      expect(await call('giftcardProgram', 'list')).toEqual([
        {
          $class: 'GiftcardProgram',
          getUuid: GIFTCARD_PROGRAM,
          getName: 'Demo gift card',
          isActive: true,
          getMaxAmountInCents: 50000,
          getCalculatorFlow: null,
          getExpirationDays: 365,
        },
      ]);
    });

    it('contacts: list; perk: delete', async () => {
      const page = await call('contacts', 'list', 1, 2);
      expect(page.map((c: PhpObject['value']) => [c.$class, c.getUuid])).toEqual([
        ['Contact', ANNA],
        ['Contact', BEN],
      ]);
      const name = `gone_${kind.toLowerCase()}`;
      const perk = await call('perk', 'create', 'Gone soon', name, 'boolean', [
        { label: 'Yes', value: true, default: true },
        { label: 'No', value: false, default: false },
      ]);
      expect(await call('perk', 'delete', perk.getUuid)).toMatchObject({ uuid: perk.getUuid, name });
      expect(refused(await ctx.php.call(ctx.client, 'perk', 'get', perk.getUuid))).toMatchObject({
        code: 110000,
        status: 404,
      });
    });

    it('contactAttributes, rewardAttributes, loyaltyTransactionAttributes: list, create; promotionAttributes: list, create, get, update', async () => {
      const suffix = kind.toLowerCase();
      expect(
        await call('contactAttributes', 'create', `shoe_${suffix}`, 'Shoe size', 'select', 'EU size', [
          { name: 'Small', value: '38' },
          { name: 'Large', value: '44' },
        ]),
      ).toMatchObject({
        $class: 'Attribute',
        getName: `shoe_${suffix}`,
        getType: 'select',
        getDescription: 'EU size',
        getIsPiggyDefined: false,
        getOptions: expect.arrayContaining([expect.objectContaining({ value: '38', label: 'Small' })]),
      });
      expect((await call('contactAttributes', 'list')).map((a: PhpObject['value']) => a.getName)).toContain(
        `shoe_${suffix}`,
      );
      expect(
        await call(
          'rewardAttributes',
          'create',
          `grind_${suffix}`,
          'Grind',
          'How fine',
          'text',
          null,
          'Fine',
        ),
      ).toMatchObject({ $class: 'RewardAttribute', getName: `grind_${suffix}`, getPlaceholder: 'Fine' });
      expect((await call('rewardAttributes', 'list')).map((a: PhpObject['value']) => a.getName)).toContain(
        `grind_${suffix}`,
      );
      expect(
        await call('loyaltyTransactionAttributes', 'create', `till_${suffix}`, 'text', 'Till'),
      ).toMatchObject({
        $class: 'LoyaltyTransactionAttribute',
        getName: `till_${suffix}`,
        getLabel: 'Till',
        getType: 'text',
        getPlaceholder: null,
        isPiggyDefined: false,
      });
      expect(
        (await call('loyaltyTransactionAttributes', 'list')).map((a: PhpObject['value']) => a.getName),
      ).toContain(`till_${suffix}`);
      const region = await call(
        'promotionAttributes',
        'create',
        `region_${suffix}`,
        null,
        'Region',
        'select',
        [{ label: 'Noord-Holland', value: 'noord_holland' }],
      );
      expect(region).toMatchObject({
        $class: 'PromotionAttribute',
        getId: expect.any(Number),
        getLabel: 'Region',
      });
      const id = String(region.getId);
      expect(await call('promotionAttributes', 'get', id)).toMatchObject({ getName: `region_${suffix}` });
      expect(
        await call(
          'promotionAttributes',
          'update',
          id,
          `region_${suffix}`,
          'Province',
          'Where',
          'Pick one',
          'select',
          [{ label: 'Zuid-Holland', value: 'zuid_holland' }],
        ),
      ).toMatchObject({
        getLabel: 'Province',
        getDescription: 'Where',
        getPlaceholder: 'Pick one',
        getOptions: [expect.objectContaining({ value: 'zuid_holland' })],
      });
      expect((await call('promotionAttributes', 'list')).map((a: PhpObject['value']) => a.getId)).toContain(
        region.getId,
      );
    });

    it('webhookSubscriptions: create, list, get, update, destroy', async () => {
      const url = `https://pos.example.com/hooks/${kind.toLowerCase()}`;
      const created = await call('webhookSubscriptions', 'create', `SDK ${kind}`, url, 'contact_updated');
      expect(created).toEqual({
        $class: 'WebhookSubscription',
        getUuid: expect.stringMatching(UUID),
        getName: `SDK ${kind}`,
        getEventType: 'contact_updated',
        getUrl: url,
        getProperties: [],
        getStatus: 'ACTIVE',
        getVersion: 'V1',
        getCreatedAt: NOW,
      });
      const uuid = created.getUuid;
      expect(
        (await call('webhookSubscriptions', 'list', 'contact_updated')).map(
          (w: PhpObject['value']) => w.getUuid,
        ),
      ).toContain(uuid);
      expect(await call('webhookSubscriptions', 'get', uuid)).toEqual(created);
      expect(
        await call(
          'webhookSubscriptions',
          'update',
          uuid,
          'Renamed',
          `${url}/v2`,
          ['firstname', 'lastname'],
          'INACTIVE',
        ),
      ).toMatchObject({
        getName: 'Renamed',
        getUrl: `${url}/v2`,
        getProperties: ['firstname', 'lastname'],
        getStatus: 'INACTIVE',
      });
      expect(await call('webhookSubscriptions', 'list', null, 'INACTIVE')).toEqual(
        expect.arrayContaining([expect.objectContaining({ getUuid: uuid })]),
      );
      expect(await call('webhookSubscriptions', 'destroy', uuid)).toEqual([]);
      expect(refused(await ctx.php.call(ctx.client, 'webhookSubscriptions', 'get', uuid))).toMatchObject({
        code: 1003,
        status: 404,
      });
    });

    it('loyaltyToken: create a receipt token (credits, unit value), claim it once; a changed one refused', async () => {
      const uuid = (await call('contacts', 'create', newEmail(kind))).getUuid;
      const url = await call('loyaltyToken', 'create', 'v1', '1', `SDK-${kind}-1`, 20);
      expect(url).toMatch(
        /\/l\?version=v1&shop_id=1&credits=20&unique_id=SDK-[A-Za-z]+-1&timestamp=\d+&hash=[0-9a-f]{64}$/,
      );
      const token = Object.fromEntries(new URL(url).searchParams);
      const claim = (credits: number) =>
        ctx.php.call(
          ctx.client,
          'loyaltyToken',
          'claim',
          'v1',
          '1',
          token.unique_id,
          token.timestamp,
          token.hash,
          uuid,
          credits,
        );
      expect(refused(await claim(200))).toMatchObject({
        code: 1003,
        status: 403,
        errors: { hash: expect.any(Array) },
      });
      expect(mapped(await claim(20)).value).toMatchObject({
        $class: 'CreditReception',
        getCredits: 20,
        getContact: { getUuid: uuid, getCreditBalance: { getBalance: 20 } },
        getShop: { getUuid: SHOP },
      });
      expect(refused(await claim(20))).toMatchObject({ code: 1003, status: 409 });
      const unitUrl = await call(
        'loyaltyToken',
        'create',
        'v2',
        '2',
        `SDK-${kind}-2`,
        null,
        'purchase_amount',
        10,
      );
      const unit = Object.fromEntries(new URL(unitUrl).searchParams);
      expect(
        await call(
          'loyaltyToken',
          'claim',
          'v2',
          '2',
          unit.unique_id,
          unit.timestamp,
          unit.hash,
          uuid,
          null,
          'purchase_amount',
          10,
        ),
      ).toMatchObject({ getCredits: 10, getUnitValue: 10, getShop: { getUuid: DEMO.shopUtrecht } });
    });
  });
}

describe.skipIf(missing)(
  'promotion and voucher create (an app of its own: they change the lists the others read)',
  () => {
    const ctx = sdkAgainstApp('RegisterClient');

    it('promotion: create, voucher: create, through RegisterClient and OAuthClientApiKey', async () => {
      const oauth = await ctx.php.client('OAuthClientApiKey', ctx.baseUrl, DEMO.apiKey);
      const promotion = mapped(
        await ctx.php.call(
          ctx.client,
          'promotion',
          'create',
          'SDK cookie',
          'A cookie',
          'SINGLE_USE',
          1,
          10,
          1,
          7,
        ),
      ).value;
      expect(promotion).toMatchObject({
        $class: 'Promotion',
        getName: 'SDK cookie',
        getType: 'SINGLE_USE',
        getVoucherLimit: 10,
        getLimitPerContact: 1,
        getExpirationDuration: 7,
      });
      expect(
        mapped(await ctx.php.call(ctx.client, 'voucher', 'create', promotion.getUuid, 'SDK-REG-COOKIE', ANNA))
          .value,
      ).toMatchObject({
        $class: 'Voucher',
        getCode: 'SDK-REG-COOKIE',
        getStatus: 'ACTIVE',
        getContact: { getUuid: ANNA },
        getPromotion: { getUuid: promotion.getUuid },
      });
      const open = mapped(await ctx.php.call(oauth, 'promotion', 'create', 'SDK open', 'No limits')).value;
      expect(open).toMatchObject({ $class: 'Promotion', getType: 'SINGLE_USE', getVoucherLimit: null });
      expect(mapped(await ctx.php.call(oauth, 'voucher', 'create', open.getUuid)).value).toMatchObject({
        $class: 'Voucher',
        getCode: expect.stringMatching(/^V-/),
        getStatus: 'ACTIVE',
        getContact: null,
      });
      // The limit per contact holds: Anna has her cookie.
      expect(
        refused(await ctx.php.call(oauth, 'voucher', 'create', promotion.getUuid, null, ANNA)),
      ).toMatchObject({
        code: 1003,
        status: 422,
        errors: { contact_uuid: expect.any(Array) },
      });
    });
  },
);

describe.skipIf(missing)('errors as the SDK maps them (PiggyRequestException code and status)', () => {
  const ctx = sdkAgainstApp('RegisterClient');
  const refusal = async (client: number, resource: string | null, method: string, ...args: unknown[]) =>
    refused(await ctx.php.call(client, resource, method, ...args));

  it('55031 unknown contact, 1003 with its field errors, 60005 e-mail taken', async () => {
    expect(
      await refusal(ctx.client, 'contacts', 'get', 'd0000000-0000-4000-8000-00000000dead'),
    ).toMatchObject({
      code: 55031,
      status: 404,
    });
    const invalid = await refusal(ctx.client, 'contacts', 'create', 'not-an-email');
    expect(invalid).toMatchObject({ code: 1003, status: 422, message: 'Invalid input' });
    expect(Object.keys(invalid.errors ?? {})).toEqual(['email']);
    expect(invalid.errors?.email?.[0]).toMatch(/e-?mail/i);
    expect(await refusal(ctx.client, 'contacts', 'create', 'anna@example.com')).toMatchObject({
      code: 60005,
      status: 409,
    });
  });

  it('5001 unknown gift card, 80005 voucher already redeemed, 1017 not enough credits', async () => {
    expect(await refusal(ctx.client, 'giftcards', 'findOneBy', 'NO-SUCH-CARD')).toMatchObject({
      code: 5001,
      status: 404,
    });
    expect(await refusal(ctx.client, 'voucher', 'redeem', 'MUFFIN-USED', ANNA)).toMatchObject({
      code: 80005,
    });
    expect(await refusal(ctx.client, 'rewardReceptions', 'create', DEMO.carla, FREE_COFFEE)).toMatchObject({
      code: 1017,
      status: 422,
    });
  });

  it('401 for an unknown key or a wrong OAuth secret, 403 for an access token on the register surface', async () => {
    const stranger = await ctx.php.client('RegisterClient', ctx.baseUrl, 'no-such-key');
    expect(await refusal(stranger, 'contacts', 'get', ANNA)).toMatchObject({ code: 1003, status: 401 });
    const wrongSecret = await ctx.php.client('OAuthClient', ctx.baseUrl, DEMO.oauthClientId, 'wrong-secret');
    expect(await refusal(wrongSecret, null, 'getAccessToken')).toMatchObject({
      code: 1003,
      status: 401,
    });
    const oauth = await ctx.php.client(
      'OAuthClient',
      ctx.baseUrl,
      DEMO.oauthClientId,
      DEMO.oauthClientSecret,
    );
    const token = mapped(await ctx.php.call(oauth, null, 'getAccessToken')).value;
    const misused = await ctx.php.client('RegisterClient', ctx.baseUrl, token);
    expect(await refusal(misused, 'contacts', 'get', ANNA)).toMatchObject({ code: 1003, status: 403 });
    const viaOAuth = await ctx.php.client('OAuthClientApiKey', ctx.baseUrl, token);
    expect(mapped(await ctx.php.call(viaOAuth, 'contacts', 'get', ANNA)).value).toMatchObject({
      getUuid: ANNA,
    });
  });
});
