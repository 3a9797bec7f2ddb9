import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/service/config';
import { createTestApp, newContact, type TestApp, uniqueId } from '../helpers/app';
import { expectReason } from '../helpers/errors';
import { WebhookReceiver } from '../helpers/webhook-receiver';

/*
 * Where webhook deliveries may go (docs/webhooks.md "Where deliveries may go"), as an attacker with
 * the account's API key tries it: URLs naming cloud metadata, link-local, unspecified, multicast
 * and broadcast addresses, the service itself, loopback and private networks, in every spelling
 * the URL parser reads; names that resolve there at delivery time, or resolve elsewhere after a
 * first look. Names resolve through a resolver of the test's own (the system's in the product).
 */

/** A resolver of the test's own: each name's answers in turn (the last one repeated), and its calls. */
class TestResolver {
  readonly calls: string[] = [];
  private readonly answers = new Map<string, string[][]>();

  /** `name` resolves to `addresses` (each a list: the addresses of one answer), one per lookup. */
  set(name: string, ...addresses: string[][]): void {
    this.answers.set(name, addresses);
  }

  resolve = async (hostname: string): Promise<LookupAddress[]> => {
    this.calls.push(hostname);
    const answers = this.answers.get(hostname);
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const METADATA_SPELLINGS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/latest/meta-data/',
  'http://0xa9fea9fe/latest/meta-data/',
  'http://0251.0376.0251.0376/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
];

/** Refused whatever the operator allows. */
const NEVER = [
  ...METADATA_SPELLINGS,
  'http://[fe80::1]/hooks',
  'http://0.0.0.0:8081/hooks',
  'http://0/hooks',
  'http://[::]/hooks',
  'http://224.0.0.1/hooks',
  'http://255.255.255.255/hooks',
  'http://[ff02::1]/hooks',
  'http://[64:ff9b::a9fe:a9fe]/hooks',
];

/** Refused unless the operator allows private networks. */
const PRIVATE = [
  'http://127.0.0.1:4199/hooks',
  'http://127.1:4199/hooks',
  'http://localhost:4199/hooks',
  'http://[::1]:4199/hooks',
  'http://10.0.0.5/hooks',
  'http://172.16.3.4/hooks',
  'https://192.168.1.20/hooks',
  'http://100.64.0.1/hooks',
  'http://[fd00::1]/hooks',
];

let strict: TestApp;
let strictResolver: TestResolver;
let open: TestApp;
let openResolver: TestResolver;
let receiver: WebhookReceiver;
beforeAll(async () => {
  strictResolver = new TestResolver();
  strict = await createTestApp({ webhookDelivery: { background: false, resolve: strictResolver.resolve } });
  openResolver = new TestResolver();
  open = await createTestApp({
    argv: ['--webhook-allow-private-networks'],
    webhookDelivery: { background: false, resolve: openResolver.resolve },
  });
  receiver = new WebhookReceiver(open.clock.now);
  await receiver.up();
  // Two apps, each reading its own OpenAPI document once.
}, 60_000);
afterAll(async () => {
  await receiver.down();
  await strict.close();
  await open.close();
});

const post = (app: TestApp, url: string) =>
  app.call({
    method: 'POST',
    url: '/webhook-subscriptions',
    payload: { name: uniqueId('hook'), url, event_type: 'contact_created' },
  });

async function subscribed(app: TestApp, url: string): Promise<string> {
  const res = await post(app, url);
  expect(res.statusCode, res.body).toBe(201);
  const { uuid, secret } = res.json().data;
  receiver.trust(uuid, secret);
  return uuid;
}

async function tries(app: TestApp, uuid: string) {
  const res = await app.call({ method: 'GET', url: `/webhook-subscriptions/${uuid}/deliveries` });
  return (res.json().data as { attempt_log: Record<string, unknown>[] }[]).flatMap((d) => d.attempt_log);
}

const retire = (app: TestApp, uuid: string) =>
  app.call({ method: 'PUT', url: `/webhook-subscriptions/${uuid}`, payload: { status: 'INACTIVE' } });

const subscriptionCount = async (app: TestApp) =>
  Number(
    (
      await app.app.db
        .selectFrom('webhook_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a subscription URL', () => {
  it('naming cloud metadata (in every spelling), link-local, unspecified, multicast or broadcast is refused', async () => {
    const before = await subscriptionCount(open);
    for (const url of NEVER) {
      const body = expectReason(await post(open, url), 'webhook_url_not_allowed');
      expect(Object.keys(body.errors ?? {}), url).toEqual(['url']);
    }
    expect(await subscriptionCount(open)).toBe(before);
  });

  it('naming loopback or a private network is refused unless the operator allows it', async () => {
    const before = await subscriptionCount(strict);
    for (const url of PRIVATE) expectReason(await post(strict, url), 'webhook_url_not_allowed');
    expect(await subscriptionCount(strict)).toBe(before);
    for (const url of PRIVATE) await retire(open, await subscribed(open, url));
  });

  it("naming the service's own address and port is refused, even where private networks are allowed", async () => {
    const { port } = open.config;
    for (const url of [`http://127.0.0.1:${port}/contacts`, `http://localhost:${port}/`]) {
      expectReason(await post(open, url), 'webhook_url_not_allowed');
    }
  });

  it('is checked alike when it changes', async () => {
    const uuid = await subscribed(strict, 'https://pos.example.com/hooks');
    for (const url of ['http://2852039166/', 'http://10.0.0.5/hooks']) {
      const res = await strict.call({
        method: 'PUT',
        url: `/webhook-subscriptions/${uuid}`,
        payload: { url },
      });
      expectReason(res, 'webhook_url_not_allowed');
    }
    const got = await strict.call({ method: 'GET', url: `/webhook-subscriptions/${uuid}` });
    expect(got.json().data.url).toBe('https://pos.example.com/hooks');
    await retire(strict, uuid);
  });
});

describe('a delivery', () => {
  it('to a name that resolves to metadata, loopback or a private network is refused by policy, and tells nothing more', async () => {
    const port = new URL(receiver.url).port;
    strictResolver.set('metadata.test', ['169.254.169.254']);
    strictResolver.set('receiver.test', ['127.0.0.1']);
    strictResolver.set('intranet.test', ['10.0.0.5']);
    // One address refused refuses them all: a connection could take any of them.
    strictResolver.set('mixed.test', ['93.184.215.14', '::ffff:127.0.0.1']);
    const hooks: string[] = [];
    for (const host of ['metadata.test', 'receiver.test', 'intranet.test', 'mixed.test']) {
      hooks.push(await subscribed(strict, `http://${host}:${port}/hooks`));
    }
    await newContact(strict);
    expect(await strict.app.webhooks.drain()).toBe(4);
    // The receiver is the file's: another test's delivery may be there, none of these.
    expect(receiver.received.filter((d) => hooks.includes(d.body.subscription_uuid as string))).toEqual([]);
    for (const uuid of hooks) {
      expect(await tries(strict, uuid)).toEqual([
        expect.objectContaining({
          attempt: 1,
          status_code: null,
          error: 'refused by policy',
          duration_ms: 0,
        }),
      ]);
      await retire(strict, uuid);
    }
  });

  it('to a name that resolves nowhere fails without naming the name or an address', async () => {
    const uuid = await subscribed(strict, 'http://unknown.test/hooks');
    await newContact(strict);
    expect(await strict.app.webhooks.drain()).toBe(1);
    expect(await tries(strict, uuid)).toEqual([
      expect.objectContaining({ attempt: 1, status_code: null, error: 'connection failed' }),
    ]);
    await retire(strict, uuid);
  });

  it('to a URL stored before the rule (an IP address) is refused by policy at delivery', async () => {
    const uuid = await subscribed(open, 'https://pos.example.com/hooks');
    await open.app.db
      .updateTable('webhook_subscriptions')
      .set({ url: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/' })
      .where('uuid', '=', uuid)
      .execute();
    await newContact(open);
    expect(await open.app.webhooks.drain()).toBe(1);
    expect(await tries(open, uuid)).toEqual([
      expect.objectContaining({ status_code: null, error: 'refused by policy', duration_ms: 0 }),
    ]);
    await retire(open, uuid);
  });

  it('connects to the address it checked: a name that resolves elsewhere later does not get through', async () => {
    const port = new URL(receiver.url).port;
    // DNS rebinding: the first answer is the (allowed) receiver, every later one cloud metadata.
    openResolver.set('rebind.test', ['127.0.0.1'], ['169.254.169.254']);
    const uuid = await subscribed(open, `http://rebind.test:${port}/hooks`);
    const contact = await newContact(open);
    expect(await open.app.webhooks.drain()).toBe(1);
    // One lookup for the try, and its answer is where the delivery went.
    expect(openResolver.calls.filter((c) => c === 'rebind.test')).toHaveLength(1);
    expect(receiver.received.map((d) => [d.body.data.uuid, d.verified])).toEqual([[contact, true]]);
    await newContact(open);
    expect(await open.app.webhooks.drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await tries(open, uuid)).map((a) => a.error)).toEqual(['refused by policy', null]);
    await retire(open, uuid);
  });

  it("to a name that resolves to the service's own address and port is refused by policy", async () => {
    openResolver.set('self.test', ['127.0.0.1']);
    const uuid = await subscribed(open, `http://self.test:${open.config.port}/contacts`);
    openResolver.set('metadata.test', ['169.254.169.254']);
    const metadata = await subscribed(open, 'http://metadata.test/latest/meta-data/');
    await newContact(open);
    expect(await open.app.webhooks.drain()).toBe(2);
    for (const hook of [uuid, metadata]) {
      expect(await tries(open, hook)).toEqual([expect.objectContaining({ error: 'refused by policy' })]);
      await retire(open, hook);
    }
  });
});

describe('--webhook-allow-private-networks', () => {
  it('is off by default; a flag or WEBHOOK_ALLOW_PRIVATE_NETWORKS turns it on', () => {
    expect(parseConfig([], {}).webhookAllowPrivateNetworks).toBe(false);
    expect(parseConfig(['--webhook-allow-private-networks'], {}).webhookAllowPrivateNetworks).toBe(true);
    expect(parseConfig([], { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' }).webhookAllowPrivateNetworks).toBe(true);
    expect(parseConfig([], { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '0' }).webhookAllowPrivateNetworks).toBe(false);
    expect(() => parseConfig([], { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'maybe' })).toThrow(
      '--webhook-allow-private-networks / WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    );
  });
});
