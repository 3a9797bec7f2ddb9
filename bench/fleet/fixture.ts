/**
 * A chain's account fixture for `npm run bench:fleet`: the demo account (its units, rules, tiers,
 * rewards, look) with `shops` shops, `standbyPerShop` standby tablets in each, `consoles` paired
 * console devices (one in each of the first shops, then a second round), a register key per shop
 * (a POS integration keyed to its shop), and `contacts` customers with a loyalty card and a prepaid
 * balance large enough for the whole run.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** One shop of the fleet: what its POS, its tablets and its consoles hold. */
export interface FleetShop {
  index: number;
  uuid: string;
  /** The shop's register key (Authorization: Bearer …), for the POS's session creates. */
  registerKey: string;
  /** Standby tablets' device tokens. */
  standby: string[];
  /** Console device tokens (to pair with). */
  consoles: string[];
  /** The loopback address its devices come from (one NAT address per shop), 127.x.y.z. */
  address: string;
}

export interface Fleet {
  /** The fixture file to start the service with (`--fixture`). */
  fixturePath: string;
  shops: FleetShop[];
  /** Loyalty card values of the fleet's customers. */
  cards: string[];
  /** A chain-wide API key (the bench reads session events with it afterwards). */
  apiKey: string;
}

const DEMO_FIXTURE = resolve('src/service/fixture/demo-account.json');

/** The loopback address of shop `index`: 127.1.0.1, 127.1.0.2, … (never 127.0.0.1, the proxy's). */
export function shopAddress(index: number): string {
  const n = index + 1;
  return `127.${1 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * Writes the fleet's fixture into a temporary folder (with the demo's pictures beside it) and
 * answers what the load generator needs to play its devices.
 */
export function writeFleetFixture(options: {
  standby: number;
  standbyPerShop: number;
  consoles: number;
  contacts: number;
}): Fleet {
  const demo = JSON.parse(readFileSync(DEMO_FIXTURE, 'utf8')) as Record<string, unknown> & {
    credentials: unknown[];
  };
  const shopCount = Math.max(1, Math.ceil(options.standby / options.standbyPerShop));
  const shops: FleetShop[] = [];
  for (let i = 0; i < shopCount; i++) {
    shops.push({
      index: i,
      uuid: `f5000000-0000-4000-8000-${hex(i + 1, 12)}`,
      registerKey: `fleet-register-${i + 1}`,
      standby: [],
      consoles: [],
      address: shopAddress(i),
    });
  }
  for (let t = 0; t < options.standby; t++) shops[t % shopCount]!.standby.push(`fleet-standby-${t + 1}`);
  for (let c = 0; c < options.consoles; c++)
    shops[c % shopCount]!.consoles.push(`fleet-console-${String(c + 1).padStart(8, '0')}`);
  const cards = Array.from(
    { length: options.contacts },
    (_, i) => `FLEET-CARD-${String(i + 1).padStart(6, '0')}`,
  );
  const apiKey = 'fleet-api-key';
  const fixture = {
    ...demo,
    account: { ...(demo.account as object), name: 'Fleet Coffee' },
    credentials: [
      { kind: 'api_key', token: apiKey },
      ...shops.map((shop) => ({ kind: 'api_key', token: shop.registerKey, shop: shop.uuid })),
    ],
    shops: shops.map((shop) => ({
      id: shop.index + 1,
      uuid: shop.uuid,
      name: `Fleet Coffee ${shop.index + 1}`,
      reference: `FLEET-${shop.index + 1}`,
    })),
    contacts: cards.map((card, i) => ({
      uuid: `f6000000-0000-4000-8000-${hex(i + 1, 12)}`,
      email: `fleet-${i + 1}@example.com`,
      firstname: `Guest ${i + 1}`,
      prepaid_balance_in_cents: 10_000_000,
      identifiers: [{ value: card, name: 'Loyalty card' }],
    })),
    contact_identifiers: [],
    giftcard_programs: [],
    promotions: [],
    devices: shops.flatMap((shop) => shop.standby.map((token) => ({ token, shop: shop.uuid }))),
    cashier_devices: shops.flatMap((shop) =>
      shop.consoles.map((token, i) => ({ token, shop: shop.uuid, name: `Till ${i + 1}` })),
    ),
  };
  const dir = mkdtempSync(join(tmpdir(), 'portal-fleet-'));
  symlinkSync(resolve('src/service/fixture/demo-media'), join(dir, 'demo-media'));
  const fixturePath = join(dir, 'fleet-account.json');
  writeFileSync(fixturePath, JSON.stringify(fixture));
  return { fixturePath, shops, cards, apiKey };
}
