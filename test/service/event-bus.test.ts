import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/service/events/bus';

const server = process.env.TEST_DATABASE_URL;
const buses: EventBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

function received(bus: EventBus, topic: string): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(topic, (payload) => {
      stop();
      resolve(payload);
    });
  });
}

describe('EventBus in one process', () => {
  it('delivers to the listeners of a topic only', async () => {
    const bus = new EventBus();
    const other: unknown[] = [];
    bus.subscribe('b', (p) => other.push(p));
    const got = received(bus, 'a');
    bus.deliver([{ topic: 'a', payload: { n: 1 } }]);
    expect(await got).toEqual({ n: 1 });
    expect(other).toEqual([]);
  });
});

describe.skipIf(!server)('EventBus over PostgreSQL LISTEN/NOTIFY', () => {
  it('delivers an event published by one process to another', async () => {
    const one = new EventBus();
    const two = new EventBus();
    buses.push(one, two);
    await one.connect(server!);
    await two.connect(server!);
    const got = received(two, 'portal-session:x');
    one.deliver([{ topic: 'portal-session:x', payload: { type: 'contact_identified' } }]);
    expect(await got).toEqual({ type: 'contact_identified' });
  });

  it('listens again after the server drops its connection', async () => {
    const bus = new EventBus();
    buses.push(bus);
    await bus.connect(server!);
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN portal_events%' AND pid <> pg_backend_pid()",
    );
    await admin.end();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const got = Promise.race([
        received(bus, 'after-restart'),
        new Promise((resolve) => setTimeout(() => resolve('timeout'), 300)),
      ]);
      bus.deliver([{ topic: 'after-restart', payload: 'hello' }]);
      if ((await got) === 'hello') break;
      if (Date.now() > deadline) throw new Error('no event after the listener was dropped');
    }
  });
});
