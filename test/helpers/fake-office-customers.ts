import { ERROR_REASONS, type ErrorReason } from '../../src/contract/errors';
import type { CustomerHistoryLine, OfficeCustomer } from '../../src/contract/office-customers';
import type { OfficeRoute } from '../../src/contract/routes';

/*
 * Customer service in the fake office API (fake-office-api.ts): Anna and Ben in memory, with cards
 * and history; the answers and refusals of docs/office.md "Customer service". The service's rules
 * are proven by test/http/office-customers.test.ts; this only answers as the service does.
 */

/** A customer of the fake, with what only the service knows: their cards' values. */
export interface FakeCustomer {
  customer: OfficeCustomer;
  history: CustomerHistoryLine[];
  cardValues: Map<number, string>;
}

type Body = Record<string, unknown>;
type Handler = (params: Record<string, string>, body: Body, query: URLSearchParams) => Response;

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

const refused = (reason: ErrorReason, field?: string) => {
  const { status, code, when } = ERROR_REASONS[reason];
  return json(status, {
    code,
    message: `Refused: ${when}`,
    status_code: status,
    reason,
    ...(field ? { errors: { [field]: [when] } } : {}),
  });
};
const invalid = (field: string, message: string) =>
  json(422, { code: 1003, message, status_code: 422, errors: { [field]: [message] } });

/** The fake's customers: Anna (120 points, a card, history at Amsterdam) and Ben (no points). */
export function fakeCustomers(): FakeCustomer[] {
  const line = (over: Partial<CustomerHistoryLine>): CustomerHistoryLine => ({
    type: 'credit_reception',
    uuid: 'line',
    created_at: '2026-05-01T12:00:00Z',
    title: 'Credits earned',
    credits: 10,
    amount_in_cents: null,
    shop: 'Demo Coffee Amsterdam',
    reversed: false,
    is_reversal: false,
    reason: null,
    ...over,
  });
  return [
    {
      customer: {
        uuid: 'customer-anna',
        email: 'anna@example.com',
        firstname: 'Anna',
        lastname: 'de Vries',
        created_at: '2026-01-10T09:00:00Z',
        tier: { uuid: 'tier-gold', name: 'Gold' },
        credits: 120,
        prepaid_balance_in_cents: 1500,
        giftcards: [{ uuid: 'gc-1', hash_hint: '0001', balance_in_cents: 2500, active: true }],
        cards: [{ id: 1, value_hint: '0001', name: 'Loyalty card', active: true, blocked_at: null }],
      },
      history: [
        line({ uuid: 'reception-1', created_at: '2026-05-02T10:30:00Z', credits: 40 }),
        line({
          uuid: 'reward-1',
          type: 'reward_reception',
          title: 'Free coffee',
          credits: -50,
          created_at: '2026-05-01T15:00:00Z',
        }),
        line({
          uuid: 'prepaid-1',
          type: 'prepaid_transaction',
          title: 'Prepaid top-up',
          credits: null,
          amount_in_cents: 1500,
          created_at: '2026-04-20T11:00:00Z',
        }),
      ],
      cardValues: new Map([[1, 'CARD-0001']]),
    },
    {
      customer: {
        uuid: 'customer-ben',
        email: 'ben@example.com',
        firstname: 'Ben',
        lastname: 'Bakker',
        created_at: '2026-02-01T09:00:00Z',
        tier: null,
        credits: 0,
        prepaid_balance_in_cents: 0,
        giftcards: [],
        cards: [],
      },
      history: [],
      cardValues: new Map(),
    },
  ];
}

/**
 * The customer routes of the fake office API over `customers`; `role()` the signed-in person's
 * role, `record` writes an audit entry as the fake's own.
 */
export function customerHandlers(
  customers: FakeCustomer[],
  role: () => string | undefined,
  record: (action: string, uuid: string, after: Record<string, unknown> | null) => void,
): Record<Extract<OfficeRoute, `${string} /customers${string}`>, Handler> {
  let next = 1;
  const find = (uuid: string | undefined) => customers.find((c) => c.customer.uuid === uuid);
  const ownerOnly = () => (role() === 'owner' ? null : refused('office_not_allowed'));
  return {
    'POST /customers/search': (_, body) => {
      const query = String(body.query ?? '')
        .trim()
        .toLowerCase();
      if (query.length < 2) return invalid('query', 'must be at least 2 characters');
      const found = customers.filter(
        ({ customer: c, cardValues }) =>
          c.email.startsWith(query) ||
          [...cardValues.values()].some((v) => v.toLowerCase() === query) ||
          (!query.includes('@') && [c.firstname, c.lastname].some((n) => n?.toLowerCase().startsWith(query))),
      );
      return json(200, {
        customers: found.map(({ customer: c, cardValues }) => ({
          uuid: c.uuid,
          email: c.email,
          firstname: c.firstname,
          lastname: c.lastname,
          credits: c.credits,
          matched: [...cardValues.values()].some((v) => v.toLowerCase() === query) ? 'card' : 'email',
        })),
        more: false,
      });
    },
    'GET /customers/{uuid}': ({ uuid }) => {
      const c = find(uuid);
      return c ? json(200, c.customer) : refused('customer_not_found');
    },
    'GET /customers/{uuid}/history': ({ uuid }) => {
      const c = find(uuid);
      if (!c) return refused('customer_not_found');
      const lines = [...c.history].sort((a, b) => b.created_at.localeCompare(a.created_at));
      return json(200, { lines, other_shops: false });
    },
    'POST /customers/{uuid}/credit-corrections': ({ uuid }, body) => {
      const c = find(uuid);
      if (!c) return refused('customer_not_found');
      const reason = String(body.reason ?? '').trim();
      if (!reason) return invalid('reason', 'is required');
      const credits = Number(body.credits);
      if (!Number.isFinite(credits) || credits === 0) return invalid('credits', 'must not be 0');
      if (c.customer.credits + credits < 0) return refused('credit_balance_below_zero', 'credits');
      const made = `correction-${next++}`;
      c.customer.credits += credits;
      c.history.push({
        type: 'credit_reception',
        uuid: made,
        created_at: new Date().toISOString(),
        title: credits < 0 ? 'Credits reversed' : 'Credits earned',
        credits,
        amount_in_cents: null,
        shop: 'Demo Coffee Amsterdam',
        reversed: false,
        is_reversal: false,
        reason,
      });
      record('customer.credits_corrected', uuid!, { credits: c.customer.credits, reason });
      return json(201, { made: { type: 'credit_reception', uuid: made }, customer: c.customer });
    },
    'POST /customers/{uuid}/reversals': ({ uuid }, body) => {
      const c = find(uuid);
      if (!c) return refused('customer_not_found');
      const original = c.history.find((l) => l.uuid === body.uuid && l.type === body.type);
      if (!original) return refused('customer_transaction_not_found');
      if (original.reversed) return refused('credit_reception_already_reversed');
      if (original.is_reversal) return refused('reversal_not_reversible');
      const credits = 0 - (original.credits ?? 0);
      if (c.customer.credits + credits < 0) return refused('credit_balance_below_zero', 'credits');
      original.reversed = true;
      c.customer.credits += credits;
      const made = `reversal-${next++}`;
      c.history.push({
        ...original,
        type: original.type === 'giftcard_transaction' ? 'giftcard_transaction' : 'credit_reception',
        uuid: made,
        created_at: new Date().toISOString(),
        title: original.type === 'reward_reception' ? 'Credits returned' : 'Credits reversed',
        credits: original.credits === null ? null : credits,
        amount_in_cents: original.amount_in_cents === null ? null : 0 - original.amount_in_cents,
        reversed: false,
        is_reversal: true,
        reason: null,
      });
      record('customer.reversed', uuid!, { credits: c.customer.credits });
      return json(200, { made: { type: 'credit_reception', uuid: made }, customer: c.customer });
    },
    'PUT /customers/{uuid}/cards/{card}': ({ uuid, card }, body) => {
      const no = ownerOnly();
      if (no) return no;
      const c = find(uuid);
      if (!c) return refused('customer_not_found');
      const found = c.customer.cards.find((k) => k.id === Number(card));
      if (!found) return refused('card_not_found');
      const blocked = body.blocked === true;
      found.blocked_at = blocked ? new Date().toISOString() : null;
      found.active = !blocked;
      record(blocked ? 'customer.card_blocked' : 'customer.card_unblocked', uuid!, {
        card: found.value_hint,
      });
      return json(200, found);
    },
    'POST /customers/{uuid}/export': ({ uuid }) => {
      const no = ownerOnly();
      if (no) return no;
      const c = find(uuid);
      if (!c) return refused('customer_not_found');
      record('customer.exported', uuid!, { exported: true });
      return json(
        200,
        { exported_at: new Date().toISOString(), contact: { uuid, email: c.customer.email }, tables: {} },
        { 'content-disposition': 'attachment; filename="customer-data.json"' },
      );
    },
    'POST /customers/{uuid}/erase': ({ uuid }) => {
      const no = ownerOnly();
      if (no) return no;
      const index = customers.findIndex((c) => c.customer.uuid === uuid);
      if (index < 0) return refused('customer_not_found');
      customers.splice(index, 1);
      record('customer.erased', 'erased', null);
      return json(204);
    },
  };
}
