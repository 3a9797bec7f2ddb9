import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, newContact, type TestApp, uniqueId } from '../helpers/app';
import { WebhookReceiver } from '../helpers/webhook-receiver';

/** The receiver listens on 127.0.0.1, which the operator allows here (off by default). */
const LOCAL = ['--webhook-allow-private-networks'];

/*
 * Two service processes on one PostgreSQL database (own pools, listeners and dispatchers), as behind
 * a load balancer: both deliver the one outbox at once, and each event reaches each subscription
 * once; when one stops mid-delivery, the other sends what it cut.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('webhook delivery by two processes', () => {
  let a: TestApp;
  let b: TestApp;
  let receiver: WebhookReceiver;
  // Each test its own two processes and receiver: the second stops one of them.
  beforeEach(async () => {
    a = await createTestApp({ argv: LOCAL, webhookDelivery: { background: false } });
    b = await createTestApp({ sharing: a, argv: LOCAL, webhookDelivery: { background: false } });
    receiver = new WebhookReceiver(a.clock.now);
    await receiver.up();
  }, 60_000);
  afterEach(async () => {
    await receiver.down();
    await b?.close();
    await a?.close();
  });

  async function subscribe(through: TestApp) {
    const res = await through.call({
      method: 'POST',
      url: '/webhook-subscriptions',
      payload: { name: uniqueId('hook'), url: receiver.url, event_type: 'contact_created' },
    });
    const { uuid, secret } = res.json().data;
    receiver.trust(uuid, secret);
    return uuid as string;
  }

  it('deliver every event to every subscription once between them', async () => {
    const hooks = [await subscribe(a), await subscribe(b)];
    const contacts = await Promise.all(Array.from({ length: 30 }, (_, i) => newContact(i % 2 ? a : b)));
    const [byA, byB] = await Promise.all([a.app.webhooks.drain(), b.app.webhooks.drain()]);
    expect(byA + byB).toBe(60);
    expect(receiver.received).toHaveLength(60);
    expect(receiver.received.every((d) => d.verified && d.acknowledged)).toBe(true);
    const counts = receiver.acknowledgedCounts();
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const hook of hooks) {
      const seen = receiver.received
        .filter((d) => d.body.subscription_uuid === hook)
        .map((d) => d.body.data.uuid);
      expect(new Set(seen)).toEqual(new Set(contacts));
    }
  });

  it('when one stops mid-delivery, the other sends what it cut, once', async () => {
    const hook = await subscribe(a);
    // Two: one process tries at most two to one endpoint at once.
    const contacts = [await newContact(b), await newContact(a)];
    receiver.mode = 'hold';
    const draining = b.app.webhooks.drain();
    await receiver.until(2);
    await b.stop();
    await draining;
    receiver.mode = 'ok';
    expect(await a.app.webhooks.drain()).toBe(2);
    expect(receiver.received.slice(0, 2).every((d) => !d.acknowledged)).toBe(true);
    const counts = receiver.acknowledgedCounts();
    expect([...counts.keys()].sort()).toEqual(
      receiver.received
        .slice(0, 2)
        .map((d) => `${hook}/${d.body.uuid}`)
        .sort(),
    );
    expect([...counts.values()]).toEqual([1, 1]);
    expect(new Set(receiver.received.map((d) => d.body.data.uuid))).toEqual(new Set(contacts));
    // b is stopped: the afterEach closes only a (the owner) then.
    b = await createTestApp({ sharing: a, argv: LOCAL, webhookDelivery: { background: false } });
  });
});
