import { ERROR_REASONS, ERRORS, type ErrorReason } from '../../src/contract/errors';
import {
  type AuditEntry,
  type OfficeDevice,
  type OfficeShop,
  type OfficeStaff,
  PAIRING_CODE_MINUTES,
  PASSWORD_MIN_LENGTH,
  type RegisterKey,
  type StaffRole,
} from '../../src/contract/office';
import type { MemberImport } from '../../src/contract/office-import';
import { OFFICE_API_BASE, OFFICE_ROUTES, type OfficeRoute } from '../../src/contract/routes';
import { planMemberImport, readMemberFile } from '../../src/service/domain/contacts/member-import';
import { EMPTY_BRAND } from '../../src/ui/brand';
import { customerHandlers, type FakeCustomer, fakeCustomers } from './fake-office-customers';
import { type FakeProgramme, fakeProgramme, programmeHandlers } from './fake-office-programme';
import { type FakeRewards, fakeRewardRoutes, fakeRewardsState } from './fake-office-rewards';
import { matchRoute, routeTable } from './route-table';

/*
 * A fake office API at the fetch boundary for the office page's flow tests (test/office): an
 * account with two shops, its staff, devices, register keys and audit log in memory, the cookie as
 * "who is signed in", the answers and refusals of docs/office.md. The service's own rules are proven
 * by its HTTP tests; this fake only answers as it does. It answers exactly the routes of
 * contract/routes.ts OFFICE_ROUTES (route-table.ts throws otherwise), and a page's request to a path
 * of no route is noted in `strays`.
 *
 * Lists answer `{<name>: [...]}`; sign-in refusals: wrong details 401, a locked account 429 with a
 * reason naming the lock and Retry-After, too many tries from one address 429 without a reason.
 */

/** One request the page made: method, path (with query) and JSON body. */
export interface OfficeCall {
  method: string;
  path: string;
  body: unknown;
}

/** A staff member with what only the service knows: their password. */
export interface FakeStaff extends OfficeStaff {
  password: string | null;
}

/** The fake's state, open to the test. */
export interface FakeOfficeApi {
  fetch: typeof fetch;
  /** The signed-in staff member's uuid (the cookie); null: signed out. */
  signedIn: string | null;
  staff: FakeStaff[];
  shops: OfficeShop[];
  devices: OfficeDevice[];
  keys: RegisterKey[];
  audit: AuditEntry[];
  /** Password-reset tokens that still work (each once), by the staff member's uuid. */
  resetTokens: Map<string, string>;
  /** Wrong passwords since the last right one, by e-mail; at 5 the account is locked. */
  failures: Map<string, number>;
  /** Sign-in tries answered 429 (no reason) from now on: the address is rate-limited. */
  rateLimited: boolean;
  /** Answers nothing (the network is down). */
  offline: boolean;
  calls: OfficeCall[];
  strays: string[];
  /** The owner, the Amsterdam manager and a cashier: their uuids. */
  owner: string;
  manager: string;
  cashier: string;
  /** The rewards and brand kit (fake-office-rewards.ts). */
  rewards: FakeRewards;
  /** The programme's earning rules and promotions (fake-office-programme.ts). */
  programme: FakeProgramme;
  /** Customer service's customers (fake-office-customers.ts). */
  customers: FakeCustomer[];
}

/** How long a locked account stays locked (seconds), as the fake's Retry-After says. */
export const FAKE_LOCK_SECONDS = 15 * 60;
/** The fake's password of each of its staff who have one. */
export const FAKE_PASSWORD = 'correct horse battery';

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** An error body as the service answers it (http/plugins/errors.ts), naming `field` when given. */
const failed = (status: number, message: string, field?: string, reason?: string, headers = {}) =>
  json(
    status,
    {
      code: 1003,
      message,
      status_code: status,
      ...(reason ? { reason } : {}),
      ...(field ? { errors: { [field]: [message] } } : {}),
    },
    headers,
  );

const refused = (reason: ErrorReason) => {
  const { status, when } = ERROR_REASONS[reason];
  return failed(status, `Refused: ${when}`, undefined, reason);
};

type Body = Record<string, unknown>;
type Handler = (params: Record<string, string>, body: Body, query: URLSearchParams) => Response;
const PUBLIC = new Set(
  ['POST /sign-in', 'POST /password-reset-link', 'POST /password-reset'].map((route) =>
    route.replace(' ', ` ${OFFICE_API_BASE}`),
  ),
);

/** A fake office API: Demo Coffee, Amsterdam and Utrecht, an owner, a manager, a cashier, two devices, a key. */
export function createFakeOfficeApi(): FakeOfficeApi {
  let next = 1;
  const uuid = (what: string) => `${what}-${String(next++).padStart(4, '0')}`;
  const now = () => new Date().toISOString();
  const amsterdam: OfficeShop = {
    uuid: 'shop-ams',
    name: 'Demo Coffee Amsterdam',
    reference: 'AMS-01',
    address: { street: 'Damrak', housenumber: '1', postalcode: '1012 LG', city: 'Amsterdam', country: 'NL' },
    closed_at: null,
  };
  const utrecht: OfficeShop = {
    uuid: 'shop-utr',
    name: 'Demo Coffee Utrecht',
    reference: null,
    address: null,
    closed_at: null,
  };
  const ref = (shop: OfficeShop) => ({ uuid: shop.uuid, name: shop.name });
  const member = (
    name: string,
    email: string | null,
    role: StaffRole,
    shops: OfficeShop[],
    password: string | null,
  ): FakeStaff => ({
    uuid: uuid('staff'),
    name,
    email,
    role,
    shops: shops.map(ref),
    has_passcode: role === 'cashier',
    has_password: password !== null,
    removed_at: null,
    password,
  });
  const owner = member('Olga Owner', 'owner@demo.example', 'owner', [], FAKE_PASSWORD);
  const manager = member('Max Manager', 'max@demo.example', 'manager', [amsterdam], FAKE_PASSWORD);
  const cashier = member('Cas Cashier', 'cas@demo.example', 'cashier', [amsterdam], FAKE_PASSWORD);
  const state: FakeOfficeApi = {
    fetch: undefined as unknown as typeof fetch,
    signedIn: null,
    staff: [owner, manager, cashier],
    shops: [amsterdam, utrecht],
    devices: [
      {
        uuid: 'device-tablet',
        kind: 'tablet',
        name: 'Counter Amsterdam',
        shop: ref(amsterdam),
        status: 'paired',
        created_at: '2026-04-01T09:00:00Z',
      },
      {
        uuid: 'device-till',
        kind: 'console',
        name: 'Till 1',
        shop: ref(amsterdam),
        status: 'paired',
        created_at: '2026-04-01T09:05:00Z',
      },
    ],
    keys: [
      {
        uuid: 'key-1',
        name: 'Till integration',
        shop: ref(amsterdam),
        created_at: '2026-04-01T09:00:00Z',
        last_used_at: '2026-05-03T16:12:00Z',
      },
    ],
    audit: [],
    resetTokens: new Map([['good-reset', owner.uuid]]),
    failures: new Map(),
    rateLimited: false,
    offline: false,
    calls: [],
    strays: [],
    owner: owner.uuid,
    manager: manager.uuid,
    cashier: cashier.uuid,
    rewards: fakeRewardsState(),
    programme: fakeProgramme(),
    customers: fakeCustomers(),
  };
  // 30 older entries of the Utrecht shop's day, so the log has pages and the filters have work.
  for (let i = 0; i < 30; i++)
    state.audit.push({
      id: i + 1,
      at: new Date(Date.UTC(2026, 3, 1 + Math.floor(i / 3), 9, i)).toISOString(),
      staff: i % 2 ? { uuid: manager.uuid, name: manager.name } : { uuid: owner.uuid, name: owner.name },
      device: null,
      address: '192.0.2.10',
      action: 'device.renamed',
      subject_type: 'device',
      subject_uuid: 'device-till',
      shop: ref(i % 2 ? amsterdam : utrecht),
      before: { name: `Till ${i}` },
      after: { name: `Till ${i + 1}` },
    });

  const me = () => state.staff.find((s) => s.uuid === state.signedIn && !s.removed_at) ?? null;
  const shopOf = (uuid: unknown) => state.shops.find((s) => s.uuid === uuid && !s.closed_at);
  const record = (
    action: string,
    subject: { type: string; uuid: string | null; shop: OfficeShop | { uuid: string; name: string } | null },
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => {
    const by = me();
    state.audit.push({
      id: state.audit.length + 1,
      at: now(),
      staff: by ? { uuid: by.uuid, name: by.name } : null,
      device: null,
      address: '192.0.2.10',
      action,
      subject_type: subject.type,
      subject_uuid: subject.uuid,
      shop: subject.shop ? { uuid: subject.shop.uuid, name: subject.shop.name } : null,
      before,
      after,
    });
  };
  const pairing = () => ({
    code: String(100000 + next++ * 7919).slice(-6),
    expires_at: new Date(Date.now() + PAIRING_CODE_MINUTES * 60_000).toISOString(),
  });
  const nameOf = (body: Body) => String(body.name ?? '').trim();
  const publicStaff = ({ password: _, ...staff }: FakeStaff): OfficeStaff => staff;
  const signOut = () => {
    state.signedIn = null;
    return json(204);
  };

  const routes: Record<OfficeRoute, Handler> = {
    'POST /sign-in': (_, body) => {
      if (state.rateLimited)
        return failed(429, 'Too many requests', undefined, undefined, { 'retry-after': '120' });
      const email = String(body.email ?? '').toLowerCase();
      const staff = state.staff.find((s) => s.email === email && !s.removed_at);
      const failures = state.failures.get(email) ?? 0;
      if (failures >= 5)
        return failed(429, 'Locked', undefined, 'office_sign_in_locked', {
          'retry-after': String(FAKE_LOCK_SECONDS),
        });
      if (!staff || staff.password !== body.password) {
        state.failures.set(email, failures + 1);
        return failed(401, 'Wrong e-mail or password', undefined, 'office_sign_in_failed');
      }
      state.failures.delete(email);
      state.signedIn = staff.uuid;
      return json(200, { staff: publicStaff(staff) });
    },
    'POST /sign-out': signOut,
    'POST /sign-out-everywhere': signOut,
    'POST /password-reset-link': () => json(202, {}),
    'POST /password-reset': (_, body) => {
      const staffUuid = state.resetTokens.get(String(body.token));
      if (!staffUuid) return failed(422, 'This link no longer works', 'token', 'office_reset_invalid');
      if (String(body.password ?? '').length < PASSWORD_MIN_LENGTH)
        return failed(422, `must be at least ${PASSWORD_MIN_LENGTH} characters`, 'password');
      state.resetTokens.delete(String(body.token));
      const staff = state.staff.find((s) => s.uuid === staffUuid)!;
      staff.password = String(body.password);
      state.signedIn = staff.uuid;
      return json(200, { staff: publicStaff(staff) });
    },
    'GET /me': () => {
      const staff = me()!;
      return json(200, {
        staff: { uuid: staff.uuid, name: staff.name, email: staff.email, role: staff.role },
        shops: (staff.role === 'owner' ? state.shops.filter((s) => !s.closed_at) : staff.shops).map((s) => ({
          uuid: s.uuid,
          name: s.name,
        })),
        account: { name: 'Demo Coffee', brand: EMPTY_BRAND },
      });
    },
    'GET /shops': () => json(200, { shops: state.shops }),
    'POST /shops': (_, body) => {
      if (!nameOf(body)) return failed(422, 'Required', 'name');
      const shop: OfficeShop = {
        uuid: uuid('shop'),
        name: nameOf(body),
        reference: (body.reference as string | null) ?? null,
        address: (body.address as OfficeShop['address']) ?? null,
        closed_at: null,
      };
      state.shops.push(shop);
      record('shop.created', { type: 'shop', uuid: shop.uuid, shop }, null, { name: shop.name });
      return json(201, shop);
    },
    'PUT /shops/{uuid}': ({ uuid: id }, body) => {
      const shop = shopOf(id);
      if (!shop) return failed(404, 'Not found', 'uuid');
      const before = { name: shop.name, reference: shop.reference };
      Object.assign(shop, {
        name: nameOf(body),
        reference: body.reference ?? null,
        address: body.address ?? null,
      });
      record('shop.changed', { type: 'shop', uuid: shop.uuid, shop }, before, {
        name: shop.name,
        reference: shop.reference,
      });
      return json(200, shop);
    },
    'POST /shops/{uuid}/close': ({ uuid: id }) => {
      const shop = shopOf(id);
      if (!shop) return failed(404, 'Not found', 'uuid');
      shop.closed_at = now();
      record(
        'shop.closed',
        { type: 'shop', uuid: shop.uuid, shop },
        { closed_at: null },
        { closed_at: shop.closed_at },
      );
      return json(200, shop);
    },
    'GET /devices': () => json(200, { devices: state.devices }),
    'POST /devices': (_, body) => {
      const shop = shopOf(body.shop_uuid);
      if (!shop) return failed(404, 'Unknown shop', 'shop_uuid');
      if (!nameOf(body)) return failed(422, 'Required', 'name');
      const device: OfficeDevice = {
        uuid: uuid('device'),
        kind: body.kind === 'console' ? 'console' : 'tablet',
        name: nameOf(body),
        shop: ref(shop),
        status: 'waiting',
        created_at: now(),
      };
      state.devices.push(device);
      record('device.created', { type: 'device', uuid: device.uuid, shop }, null, { name: device.name });
      return json(201, { device, pairing: pairing() });
    },
    'PUT /devices/{uuid}': ({ uuid: id }, body) => {
      const device = state.devices.find((d) => d.uuid === id && d.status !== 'revoked');
      if (!device) return failed(404, 'Not found', 'uuid');
      const shop = body.shop_uuid ? shopOf(body.shop_uuid) : undefined;
      if (body.shop_uuid && !shop) return failed(404, 'Unknown shop', 'shop_uuid');
      const before = { name: device.name, shop: device.shop.name };
      if (body.name) device.name = nameOf(body);
      if (shop) device.shop = ref(shop);
      record('device.moved', { type: 'device', uuid: device.uuid, shop: device.shop }, before, {
        name: device.name,
        shop: device.shop.name,
      });
      return json(200, device);
    },
    'POST /devices/{uuid}/pairing-code': ({ uuid: id }) => {
      const device = state.devices.find((d) => d.uuid === id && d.status === 'waiting');
      if (!device) return failed(404, 'Not found', 'uuid');
      return json(201, pairing());
    },
    'POST /devices/{uuid}/revoke': ({ uuid: id }) => {
      const device = state.devices.find((d) => d.uuid === id);
      if (!device) return failed(404, 'Not found', 'uuid');
      const before = { status: device.status };
      device.status = 'revoked';
      record('device.revoked', { type: 'device', uuid: device.uuid, shop: device.shop }, before, {
        status: 'revoked',
      });
      return json(200, device);
    },
    'GET /staff': () => json(200, { staff: state.staff.filter((s) => !s.removed_at).map(publicStaff) }),
    'POST /staff': (_, body) => {
      if (!nameOf(body)) return failed(422, 'Required', 'name');
      const email = body.email ? String(body.email).toLowerCase() : null;
      if (email && state.staff.some((s) => s.email === email && !s.removed_at))
        return failed(409, 'E-mail taken', 'email');
      const shops = (body.shop_uuids as string[]).map(shopOf).filter((s): s is OfficeShop => !!s);
      const staff = member(nameOf(body), email, body.role as StaffRole, shops, null);
      staff.has_passcode = typeof body.passcode === 'string';
      state.staff.push(staff);
      record('staff.created', { type: 'staff', uuid: staff.uuid, shop: shops[0] ?? null }, null, {
        name: staff.name,
        role: staff.role,
      });
      return json(201, publicStaff(staff));
    },
    'PUT /staff/{uuid}': ({ uuid: id }, body) => {
      const staff = state.staff.find((s) => s.uuid === id && !s.removed_at);
      if (!staff) return failed(404, 'Not found', 'uuid');
      const before = { name: staff.name, role: staff.role };
      if (body.name) staff.name = nameOf(body);
      if (body.role) staff.role = body.role as StaffRole;
      if (body.shop_uuids)
        staff.shops = (body.shop_uuids as string[])
          .map(shopOf)
          .filter((s): s is OfficeShop => !!s)
          .map(ref);
      if (typeof body.passcode === 'string') staff.has_passcode = true;
      record('staff.updated', { type: 'staff', uuid: staff.uuid, shop: null }, before, {
        name: staff.name,
        role: staff.role,
      });
      return json(200, publicStaff(staff));
    },
    'POST /staff/{uuid}/remove': ({ uuid: id }) => {
      const staff = state.staff.find((s) => s.uuid === id && !s.removed_at);
      if (!staff) return failed(404, 'Not found', 'uuid');
      staff.removed_at = now();
      record('staff.removed', { type: 'staff', uuid: staff.uuid, shop: null }, { name: staff.name }, null);
      return json(200, publicStaff(staff));
    },
    'GET /register-keys': () => json(200, { keys: state.keys }),
    'POST /register-keys': (_, body) => {
      if (!nameOf(body)) return failed(422, 'Required', 'name');
      const shop = body.shop_uuid === null ? null : shopOf(body.shop_uuid);
      if (shop === undefined) return failed(404, 'Unknown shop', 'shop_uuid');
      const key: RegisterKey = {
        uuid: uuid('key'),
        name: nameOf(body),
        shop: shop ? ref(shop) : null,
        created_at: now(),
        last_used_at: null,
      };
      state.keys.push(key);
      record('register_key.created', { type: 'register_key', uuid: key.uuid, shop }, null, {
        name: key.name,
      });
      return json(201, { key, token: `rk_live_${key.uuid}_secret` });
    },
    'POST /register-keys/{uuid}/revoke': ({ uuid: id }) => {
      const key = state.keys.find((k) => k.uuid === id);
      if (!key) return failed(404, 'Not found', 'uuid');
      state.keys = state.keys.filter((k) => k !== key);
      record(
        'register_key.revoked',
        { type: 'register_key', uuid: key.uuid, shop: key.shop },
        { name: key.name },
        null,
      );
      return json(204);
    },
    'GET /audit': (_, __, query) => {
      const before = Number(query.get('before_id') ?? Number.POSITIVE_INFINITY);
      const staff = query.get('staff_uuid');
      const shop = query.get('shop_uuid');
      const from = query.get('from');
      const to = query.get('to');
      const matching = [...state.audit]
        .reverse()
        .filter(
          (e) =>
            e.id < before &&
            (!staff || e.staff?.uuid === staff) &&
            (!shop || e.shop?.uuid === shop) &&
            (!from || e.at.slice(0, 10) >= from) &&
            (!to || e.at.slice(0, 10) <= to),
        );
      const entries = matching.slice(0, 20);
      return json(200, { entries, next: matching.length > 20 ? entries.at(-1)!.id : null });
    },
    ...fakeRewardRoutes(
      state.rewards,
      () => me()?.role,
      (action, uuid, before, after) =>
        record(action, { type: uuid ? 'reward' : 'account', uuid, shop: null }, before, after),
    ),
    ...programmeHandlers(state.programme, {
      isOwner: () => me()?.role === 'owner',
      json,
      failed,
      record: (action, before, after) =>
        record(action, { type: 'account', uuid: null, shop: null }, before, after),
    }),
    ...fakeReports(
      () => {
        const staff = me()!;
        return staff.role === 'owner'
          ? state.shops
          : staff.shops.map((s) => state.shops.find((x) => x.uuid === s.uuid)!);
      },
      () => me()?.role === 'owner',
    ),
    'POST /member-imports': (_, body) => {
      if (me()?.role !== 'owner') return refused('office_not_allowed');
      return json(202, memberImports.start(body));
    },
    'GET /member-imports/{uuid}': ({ uuid: id }) => {
      if (me()?.role !== 'owner') return refused('office_not_allowed');
      const job = memberImports.poll(String(id));
      return job ? json(200, job) : refused('member_import_not_found');
    },
    ...customerHandlers(
      state.customers,
      () => me()?.role,
      (action, uuid, after) => record(action, { type: 'contact', uuid, shop: null }, null, after),
    ),
  };
  // Member imports: each job answers running (reading, then checking or writing) to its first two
  // polls, then its outcome, from the service's own reading of the file (every member new).
  const memberImports = fakeMemberImports(() => uuid('import'), record);
  const table = routeTable(OFFICE_API_BASE, OFFICE_ROUTES, routes);

  /** One request's answer: its route's, after the cookie and role checks (a stray request: 404, noted). */
  const answer = (method: string, url: URL, body: Body): Response => {
    const found = matchRoute(table, method, url.pathname);
    if (!found) {
      state.strays.push(`${method} ${url.pathname}`);
      return failed(404, ERRORS[1003].en);
    }
    const { entry, params } = found;
    if (!PUBLIC.has(entry.route)) {
      const staff = me();
      if (!staff) return refused('office_signed_out');
      const signingOut = entry.route.includes('/sign-out');
      if (staff.role === 'cashier' && !signingOut) return refused('office_not_allowed');
    }
    return entry.handler(params, body, url.searchParams);
  };

  state.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://office.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    state.calls.push({ method, path: `${url.pathname.replace(OFFICE_API_BASE, '')}${url.search}`, body });
    if (state.offline) throw new TypeError('Failed to fetch');
    return answer(method, url, body);
  }) as typeof fetch;
  return state;
}

// The office's reports (docs/office.md "Reports"): figures made from the day asked for, so that a
// new period shows new figures; the CSV a small file of the same kind. The service's own figures:
// test/http/office-reports.test.ts.

/** The report routes of the fake, for `shops` the caller reads (`account`: an owner's no-shop row too). */
function fakeReports(
  shops: () => { uuid: string; name: string }[],
  account: () => boolean,
): Record<Extract<OfficeRoute, `GET /reports/${string}`>, Handler> {
  const day = (date: string) => Number(date.slice(8, 10));
  const period = (query: URLSearchParams) => {
    const to = query.get('to') ?? '2026-11-21';
    const from = query.get('from') ?? to;
    const days: string[] = [];
    for (
      let d = from;
      d <= to;
      d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    )
      days.push(d);
    return { from, to, days };
  };
  const chosen = (query: URLSearchParams) => {
    const uuid = query.get('shop_uuid');
    return uuid ? shops().filter((s) => s.uuid === uuid) : shops();
  };
  const csv = (name: string, text: string) =>
    new Response(`\uFEFF${text}`, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}.csv"`,
      },
    });
  const liability = (query: URLSearchParams) => {
    const at = query.get('at') ?? '2026-11-21';
    const rows = chosen(query).map((shop, i) => ({
      kind: 'shop',
      shop: { uuid: shop.uuid, name: shop.name },
      credits: 100 * (i + 1) + day(at),
      prepaid_in_cents: 1000 * (i + 1) + day(at),
      giftcards_in_cents: 2500 * (i + 1),
    }));
    if (account() && !query.get('shop_uuid'))
      rows.push({
        kind: 'no_shop',
        shop: null as never,
        credits: 12.5,
        prepaid_in_cents: 500,
        giftcards_in_cents: 0,
      });
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
    return {
      at,
      ends_at: `${at}T23:00:00+00:00`,
      scope: account() && !query.get('shop_uuid') ? 'account' : 'shops',
      rows: [
        ...rows,
        {
          kind: 'total',
          shop: null,
          credits: sum((r) => r.credits),
          prepaid_in_cents: sum((r) => r.prepaid_in_cents),
          giftcards_in_cents: sum((r) => r.giftcards_in_cents),
        },
      ],
    };
  };
  const figures = (n: number) => ({
    members_gained: n,
    credits_given: 10 * n,
    credits_taken_back: 0,
    credits_redeemed: 5 * n,
    rewards_claimed: 1,
    vouchers_redeemed: 0,
    giftcards_sold_in_cents: 1000 * n,
    giftcards_spent_in_cents: 500,
    prepaid_topped_up_in_cents: 2000,
    prepaid_spent_in_cents: 150 * n,
    sessions_started: 3,
    sessions_completed: 2,
    sessions_cancelled: 1,
    sessions_expired: 0,
  });
  const activity = (query: URLSearchParams) => {
    const { from, to, days } = period(query);
    const list = days.map((date) => ({ date, ...figures(day(date)) }));
    const totals = figures(0);
    for (const k of Object.keys(totals) as (keyof typeof totals)[])
      totals[k] = list.reduce((n, d) => n + d[k], 0);
    return { from, to, scope: 'account', days: list, totals };
  };
  const sessions = (query: URLSearchParams) => {
    const { from, to, days } = period(query);
    return {
      from,
      to,
      scope: 'account',
      rows: days.map((date) => ({
        date,
        type: 'credit_reception',
        started: 3,
        completed: 2,
        cancelled: 1,
        expired: 0,
        open: 0,
      })),
    };
  };
  const staff = (query: URLSearchParams) => ({
    ...period(query),
    scope: 'account',
    rows: [
      {
        staff: { uuid: 'staff-sam', name: 'Sam' },
        contacts_found: 4,
        sessions_started: 3,
        sessions_completed: 2,
        sessions_cancelled: 1,
        purchases_sent: 2,
        payments_received: 1,
      },
    ],
  });
  return {
    'GET /reports/liability': (_, __, query) => json(200, liability(query)),
    'GET /reports/liability.csv': (_, __, query) => {
      const total = liability(query).rows.at(-1)!;
      return csv('liability', `row,prepaid_eur\r\ntotal,${(total.prepaid_in_cents / 100).toFixed(2)}\r\n`);
    },
    'GET /reports/activity': (_, __, query) => json(200, activity(query)),
    'GET /reports/activity.csv': () => csv('activity', 'date\r\n'),
    'GET /reports/sessions': (_, __, query) => json(200, sessions(query)),
    'GET /reports/sessions.csv': () => csv('sessions', 'date\r\n'),
    'GET /reports/staff': (_, __, query) => json(200, staff(query)),
    'GET /reports/staff.csv': () => csv('staff', 'staff_uuid\r\n'),
  };
}

/** The fake's member import jobs: started, polled through their phases, then ended. */
function fakeMemberImports(
  newUuid: () => string,
  record: (
    action: string,
    subject: { type: string; uuid: string | null; shop: null },
    before: null,
    after: Record<string, unknown>,
  ) => void,
) {
  const jobs = new Map<string, { job: MemberImport; polls: number; outcome: Promise<MemberImport> }>();
  // The real check, on no database: every e-mail new, every card free.
  const noDatabase = {
    selectFrom: () => {
      const query = { select: () => query, where: () => query, execute: async () => [] };
      return query;
    },
  } as unknown as Parameters<typeof planMemberImport>[0];
  return {
    start(body: Record<string, unknown>): MemberImport {
      const content = String(body.content ?? '');
      const job: MemberImport = {
        uuid: newUuid(),
        file_name: String(body.file_name ?? ''),
        file_sha256: '',
        dry_run: body.dry_run === true,
        status: 'running',
        phase: 'reading',
        progress: 0,
        rows_total: 0,
        created_at: new Date().toISOString(),
        finished_at: null,
        summary: null,
        problems: [],
        problems_total: 0,
        failure: null,
      };
      const outcome = (async () => {
        const file = readMemberFile(content);
        const plan = await planMemberImport(noDatabase, file);
        const refused = plan.problems.length > 0;
        const status: MemberImport['status'] = refused && !job.dry_run ? 'refused' : 'done';
        return {
          ...job,
          file_sha256: file.sha256,
          rows_total: file.rowsTotal,
          status,
          phase: 'finished' as const,
          progress: 1,
          finished_at: new Date().toISOString(),
          summary: plan.summary,
          problems: plan.problems,
          problems_total: plan.problems.length,
        };
      })();
      jobs.set(job.uuid, { job, polls: 0, outcome });
      return job;
    },
    poll(uuid: string): MemberImport | undefined {
      const entry = jobs.get(uuid);
      if (!entry) return undefined;
      entry.polls++;
      if (entry.polls === 1)
        return { ...entry.job, phase: entry.job.dry_run ? 'checking' : 'writing', progress: 0.6 };
      if (entry.job.status === 'running') {
        // The outcome was worked out by now (the first poll came after it).
        void entry.outcome.then((done) => {
          entry.job = done;
          const action = done.dry_run ? 'checked' : done.status === 'done' ? 'imported' : 'refused';
          record(`member_import.${action}`, { type: 'member_import', uuid, shop: null }, null, {
            file_name: done.file_name,
            ...done.summary,
          });
        });
        return { ...entry.job, phase: entry.job.dry_run ? 'checking' : 'writing', progress: 0.9 };
      }
      return entry.job;
    },
  };
}
