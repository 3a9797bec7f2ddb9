import { ERROR_REASONS, ERRORS, type ErrorCode, type ErrorReason } from '../../src/contract/errors';
import type { MeCard, MeOverview, ProfileField } from '../../src/contract/me';
import type {
  PortalActivity,
  PortalReward,
  PortalSubscription,
  PortalVoucher,
} from '../../src/contract/portal';
import { ME_API_BASE, ME_ROUTES, type MeRoute } from '../../src/contract/routes';
import { EMPTY_BRAND } from '../../src/ui/brand';
import { matchRoute, routeTable } from './route-table';

/*
 * A fake /me/ API at the fetch boundary for the /me/ page's screen tests (test/me): one customer in
 * memory, the cookie as a flag, the answers and refusals of docs/me.md "The /me/ API". The
 * service's own rules are proven by its HTTP tests; this fake only answers as it does. It answers
 * exactly the routes of contract/routes.ts ME_ROUTES, which the service is held to as well
 * (test/http/browser-routes.test.ts): a route missing here or unknown to the contract fails every
 * /me/ test, and a page's request to a path of no route is noted in `strays`.
 */

/** One request the page made: method, path (with query) and JSON body. */
export interface MeCall {
  method: string;
  path: string;
  body: unknown;
}

/** The fake's state, open to the test. */
export interface FakeMeApi {
  fetch: typeof fetch;
  signedIn: boolean;
  /** Link tokens that still sign in (each once). */
  linkTokens: Set<string>;
  overview: MeOverview;
  rewards: PortalReward[];
  vouchers: PortalVoucher[];
  activity: PortalActivity[];
  cards: MeCard[];
  /** Card codes the shop knows: to whom they belong (null: nobody yet). */
  knownCards: Map<string, 'me' | 'someone-else' | null>;
  subscriptions: PortalSubscription[];
  fields: ProfileField[];
  deletionCode: string | null;
  deleted: boolean;
  appCodes: number;
  calls: MeCall[];
  /** Sign-in-link requests answered 429 from now on. */
  rateLimited: boolean;
  /** Calls of this path that return no answer (the network is down). */
  offline: boolean;
  /** Requests to a path of no route of the contract (answered 404): a test expects none. */
  strays: string[];
}

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** An error body as the service answers it (http/plugins/errors.ts), naming `field` when given. */
const failed = (code: ErrorCode, status: number, message: string, field?: string, reason?: ErrorReason) =>
  json(status, {
    code,
    message,
    status_code: status,
    ...(reason ? { reason } : {}),
    ...(field ? { errors: { [field]: [message] } } : {}),
  });

/** The refusal of `reason` (its code and HTTP status of contract/errors.ts), naming `field` when given. */
const refused = (reason: ErrorReason, field?: string) => {
  const { code, status, when } = ERROR_REASONS[reason];
  return failed(code, status, `Refused: ${when}`, field, reason);
};

/** A request's JSON body, read field by field. */
type Body = Record<string, unknown>;
/** The answer of one route, from its path parameters (`id`), its JSON body and its query. */
type Handler = (params: Record<string, string>, body: Body, query: URLSearchParams) => Response;
/** The routes answered without the /me/ cookie; every other one is 401 signed_out without it. */
const PUBLIC = new Set([`POST ${ME_API_BASE}/sign-in`, `POST ${ME_API_BASE}/sign-in-link`]);

/** A fake /me/ API with Anna, Gold, 120 points, a select, a multi-select, a date, a yes/no and a number attribute. */
export function createFakeMeApi(): FakeMeApi {
  let next = 100;
  const state: FakeMeApi = {
    fetch: undefined as unknown as typeof fetch,
    signedIn: false,
    linkTokens: new Set(['good-link']),
    overview: {
      firstname: 'Anna',
      lastname: 'de Vries',
      email: 'anna@example.com',
      member_since: '2024-03-15',
      credit_balance: 120,
      prepaid_balance_in_cents: 0,
      tier: { name: 'Gold' },
      next_reward: { title: 'Coffee beans', required_credits: 400, credits_short: 280 },
      account_name: 'Demo Coffee',
      brand: { ...EMPTY_BRAND, primary_color: '#6b3e26' },
      custom_credit_name: null,
      terms_to_accept: null,
    },
    rewards: [
      {
        uuid: 'r1',
        title: 'Coffee beans',
        description: null,
        reward_type: 'PHYSICAL',
        media: null,
        required_credits: 400,
        claimable: false,
        credits_short: 280,
        out_of_stock: false,
      },
      {
        uuid: 'r2',
        title: 'Free coffee',
        description: null,
        reward_type: 'PHYSICAL',
        media: null,
        required_credits: 50,
        claimable: true,
        credits_short: 0,
        out_of_stock: false,
      },
    ],
    vouchers: [
      {
        uuid: 'v1',
        code: 'MUFFIN-0001',
        name: 'Free muffin',
        description: null,
        media: null,
        expiration_date: '2027-12-31',
        status: 'ACTIVE',
        unusable: null,
      },
      {
        uuid: 'v2',
        code: 'OLD-0001',
        name: 'Summer deal',
        description: null,
        media: null,
        expiration_date: '2025-08-31',
        status: 'EXPIRED',
        unusable: { reason: 'expired', date: '2025-08-31' },
      },
    ],
    activity: Array.from({ length: 25 }, (_, i) => ({
      type: 'credit_reception',
      uuid: `a${i}`,
      created_at: new Date(Date.UTC(2026, 4, 1, 12) - i * 86_400_000).toISOString(),
      title: 'Credits',
      credits: 10 + i,
      amount_in_cents: null,
      shop: 'Demo Coffee Amsterdam',
    })),
    cards: [
      { id: 1, value_hint: '0001', name: 'Loyalty card', active: true, added_at: '2024-03-15T10:00:00Z' },
    ],
    knownCards: new Map([
      ['CARD-0001', 'me'],
      ['CARD-0002', 'someone-else'],
      ['CARD-0099', null],
    ]),
    subscriptions: [
      { id: 1, name: 'Newsletter', description: null, strategy: 'OPT_IN', status: 'UNSUBSCRIBED' },
      { id: 2, name: 'Partner news', description: null, strategy: 'DOUBLE_OPT_IN', status: 'UNSUBSCRIBED' },
    ],
    fields: [
      {
        name: 'firstname',
        label: 'First name',
        type: 'text',
        custom: false,
        required: true,
        max_length: 40,
        value: 'Anna',
      },
      {
        name: 'email',
        label: 'E-mail',
        type: 'email',
        custom: false,
        required: true,
        value: 'anna@example.com',
      },
      {
        name: 'birthdate',
        label: 'Birthday',
        type: 'birth_date',
        custom: false,
        required: false,
        value: null,
      },
      {
        name: 'dier',
        label: 'Favourite animal',
        type: 'select',
        custom: true,
        required: false,
        options: [
          { value: 'cat', label: 'Cat' },
          { value: 'dog', label: 'Dog' },
        ],
        value: 'cat',
      },
      {
        name: 'drinks',
        label: 'Drinks you like',
        type: 'multi_select',
        custom: true,
        required: false,
        options: [
          { value: 'espresso', label: 'Espresso' },
          { value: 'tea', label: 'Tea' },
        ],
        value: [],
      },
      { name: 'oat_milk', label: 'Oat milk', type: 'boolean', custom: true, required: false, value: false },
      {
        name: 'cups',
        label: 'Cups a day',
        type: 'number',
        custom: true,
        required: false,
        integer: true,
        value: 2,
      },
    ],
    deletionCode: null,
    deleted: false,
    appCodes: 0,
    calls: [],
    rateLimited: false,
    offline: false,
    strays: [],
  };
  const signOut = () => {
    state.signedIn = false;
    return json(204);
  };

  /** What the page may call: contract/routes.ts ME_ROUTES, each answered as the service's handler. */
  const routes: Record<MeRoute, Handler> = {
    'POST /sign-in': (_, body) => {
      if (!state.linkTokens.delete(String(body.token))) return refused('link_invalid');
      state.signedIn = true;
      return json(200, { firstname: state.overview.firstname });
    },
    'POST /sign-in-link': () =>
      state.rateLimited
        ? json(429, { code: 1003, message: 'Too many sign-in links' }, { 'retry-after': '1740' })
        : json(202, {}),
    'POST /sign-out': signOut,
    'POST /sign-out-everywhere': signOut,
    'GET /overview': () => json(200, state.overview),
    'POST /terms/accept': () => {
      state.overview = { ...state.overview, terms_to_accept: null };
      return json(200, state.overview);
    },
    'GET /app-code': () => {
      state.appCodes += 1;
      return json(200, {
        token: `app-code-${state.appCodes}`,
        expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      });
    },
    'GET /profile': () => json(200, { fields: state.fields, member_since: state.overview.member_since }),
    'PUT /profile': (_, body) => {
      for (const [name, value] of Object.entries(body)) {
        const field = state.fields.find((f) => f.name === name);
        if (!field) return refused('invalid_attribute', name);
        if (field.type === 'select' && value !== null && !field.options?.some((o) => o.value === value))
          return refused('invalid_attribute', name);
      }
      for (const [name, value] of Object.entries(body)) {
        const field = state.fields.find((f) => f.name === name);
        if (field) field.value = value as ProfileField['value'];
      }
      return json(200, { fields: state.fields, member_since: state.overview.member_since });
    },
    'GET /rewards': () => json(200, { rewards: state.rewards }),
    'GET /vouchers': () => json(200, { vouchers: state.vouchers }),
    'GET /activity': (_, __, query) => {
      const page = Number(query.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(state.activity.length / 20));
      return json(200, { items: state.activity.slice((page - 1) * 20, page * 20), page, last_page: last });
    },
    'GET /cards': () => json(200, { cards: state.cards }),
    'POST /cards': (_, body) => {
      const code = String(body.code ?? '').trim();
      const owner = state.knownCards.get(code);
      // phone/account.ts addMeCard: one answer for anything but a card of the shop not linked yet.
      if (owner === undefined || owner === 'someone-else') return refused('card_not_addable', 'code');
      state.knownCards.set(code, 'me');
      const card = {
        id: next++,
        value_hint: code.slice(-4),
        name: 'Loyalty card',
        active: true,
        added_at: new Date().toISOString(),
      };
      state.cards.push(card);
      return json(201, card);
    },
    'DELETE /cards/{id}': ({ id }) => {
      // contacts/cards.ts removeContactCard: 404 naming id for a card not the customer's.
      if (!state.cards.some((card) => card.id === Number(id)))
        return failed(1003, 404, 'This is not one of your cards.', 'id');
      state.cards = state.cards.filter((card) => card.id !== Number(id));
      return json(204);
    },
    'GET /subscriptions': () => json(200, { subscriptions: state.subscriptions }),
    'PUT /subscriptions/{id}': ({ id }, body) => {
      const subscription = state.subscriptions.find((s) => s.id === Number(id));
      if (!subscription) return failed(55030, 404, ERRORS[55030].en);
      subscription.status = body.subscribed
        ? subscription.strategy === 'DOUBLE_OPT_IN'
          ? 'PENDING_CONFIRMATION'
          : 'SUBSCRIBED'
        : 'UNSUBSCRIBED';
      return json(200, subscription);
    },
    // A download the page links to (never fetched): the service's attachment, its rows abridged.
    'GET /export': () =>
      json(
        200,
        {
          exported_at: new Date().toISOString(),
          contact: {
            firstname: state.overview.firstname,
            lastname: state.overview.lastname,
            email: state.overview.email,
          },
          tables: { contact_identifiers: state.cards },
        },
        { 'content-disposition': 'attachment; filename="my-data.json"' },
      ),
    'POST /deletion': () => {
      state.deletionCode = '123456';
      return json(202, {
        sent_to: 'a***@example.com',
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      });
    },
    'POST /deletion/confirm': (_, body) => {
      if (body.code !== state.deletionCode) return refused('verification_code_wrong', 'code');
      state.deleted = true;
      state.signedIn = false;
      return json(204);
    },
  };
  const table = routeTable(ME_API_BASE, ME_ROUTES, routes);

  /** One request's answer: its route's, after the cookie check (a stray request: 404, noted). */
  const answer = (method: string, url: URL, body: Body): Response => {
    const found = matchRoute(table, method, url.pathname);
    if (!found) {
      state.strays.push(`${method} ${url.pathname}`);
      return failed(1003, 404, ERRORS[1003].en);
    }
    const { entry, params } = found;
    if (!PUBLIC.has(entry.route) && !state.signedIn) return refused('signed_out');
    return entry.handler(params, body, url.searchParams);
  };

  state.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://phone.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    const path = `${url.pathname.replace(ME_API_BASE, '')}${url.search}`;
    state.calls.push({ method, path, body });
    if (state.offline) throw new TypeError('Failed to fetch');
    return answer(method, url, body);
  }) as typeof fetch;
  return state;
}
