import type {
  EarningOverview,
  EarningRule,
  OfficePromotion,
  OfficeSessionDefaults,
} from '../../src/contract/office-programme-rules';

/*
 * The fake office API's programme rules (docs/office.md "Earning and promotions"), for the flow tests
 * of the earning and promotions screens: the demo's units, tiers, rules, subscription types and
 * promotions in memory, answered as the service answers them (its rules are proven by
 * test/http/office-programme-rules.test.ts). Only the owner changes anything.
 */

/** The fake's programme, open to the test. */
export interface FakeProgramme extends EarningOverview {
  promotions: OfficePromotion[];
  /** The CSV files the page downloaded, by promotion uuid. */
  exports: string[];
}

type Body = Record<string, unknown>;
type Handler = (params: Record<string, string>, body: Body, query: URLSearchParams) => Response;

/** What the handlers need of the fake office API. */
export interface FakeProgrammeContext {
  isOwner(): boolean;
  json(status: number, body?: unknown, headers?: Record<string, string>): Response;
  failed(status: number, message: string, field?: string, reason?: string): Response;
  record(action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): void;
}

export function fakeProgramme(): FakeProgramme {
  return {
    units: [
      { name: 'purchase_amount', label: 'Purchase amount', prefix: '€', is_default: true },
      { name: 'visits', label: 'Visits', prefix: 'V', is_default: false },
    ],
    tiers: [
      { uuid: 'tier-silver', name: 'Silver', description: 'One point per euro', position: 1, contacts: 3 },
      { uuid: 'tier-gold', name: 'Gold', description: 'One and a half', position: 2, contacts: 1 },
    ],
    rules: [
      rule(1, 'purchase_amount', '1', null),
      rule(2, 'purchase_amount', '1.5', 'tier-gold'),
      rule(3, 'visits', '5', null),
    ],
    subscription_types: [
      {
        id: 1,
        uuid: 'type-news',
        name: 'Newsletter',
        description: 'Once a month',
        active: true,
        strategy: 'DOUBLE_OPT_IN',
      },
    ],
    session_defaults: { enable_email_identification: true },
    promotions: [
      {
        uuid: 'promo-muffin',
        name: 'Free muffin',
        description: 'A muffin of your choice',
        voucher_limit: null,
        limit_per_contact: 1,
        expiration_duration: 30,
        vouchers: 5,
        redeemed: 1,
      },
    ],
    exports: [],
  };
}

function rule(id: number, unit: string, credits: string, tier: string | null): EarningRule {
  return {
    id,
    unit_name: unit,
    credits_per_unit: credits,
    rounding: 'floor',
    tier_uuid: tier,
    weekdays: null,
    from_time: null,
    until_time: null,
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The handlers of the programme routes (contract/routes.ts OFFICE_ROUTES) over `state`. */
export function programmeHandlers(state: FakeProgramme, ctx: FakeProgrammeContext) {
  const { json, failed, record } = ctx;
  let next = 100;
  const owner =
    (handler: Handler): Handler =>
    (params, body, query) =>
      ctx.isOwner() ? handler(params, body, query) : failed(403, 'Refused', undefined, 'office_not_allowed');
  const ruleOf = (body: Body, id: number): EarningRule | Response => {
    if (!state.units.some((u) => u.name === body.unit_name)) return failed(422, 'Unknown unit', 'unit_name');
    if (!/^\d+(\.\d{1,4})?$/.test(String(body.credits_per_unit ?? '')))
      return failed(422, 'Must be a number of 0 or more', 'credits_per_unit');
    if (body.from_time && !TIME.test(String(body.from_time))) return failed(422, 'HH:MM', 'from_time');
    if (body.until_time && !TIME.test(String(body.until_time))) return failed(422, 'HH:MM', 'until_time');
    return {
      id,
      unit_name: String(body.unit_name),
      credits_per_unit: String(body.credits_per_unit),
      rounding: (body.rounding as EarningRule['rounding']) ?? 'floor',
      tier_uuid: (body.tier_uuid as string | null) ?? null,
      weekdays: (body.weekdays as number[] | null) ?? null,
      from_time: (body.from_time as string | null) ?? null,
      until_time: (body.until_time as string | null) ?? null,
    };
  };
  const name = (body: Body) => String(body.name ?? '').trim();
  const routes = {
    'GET /earning': () => {
      const { promotions: _, exports: __, ...overview } = state;
      return json(200, overview);
    },
    'POST /tiers': owner((_, body) => {
      if (!name(body)) return failed(422, 'Required', 'name');
      const tier = {
        uuid: `tier-${next++}`,
        name: name(body),
        description: (body.description as string | null) ?? null,
        position: Number(body.position ?? state.tiers.length + 1),
        contacts: 0,
      };
      state.tiers.push(tier);
      record('tier.created', null, { name: tier.name });
      return json(201, tier);
    }),
    'PUT /tiers/{uuid}': owner(({ uuid }, body) => {
      const tier = state.tiers.find((x) => x.uuid === uuid);
      if (!tier) return failed(404, 'Not found', undefined, 'tier_not_found');
      if (!name(body)) return failed(422, 'Required', 'name');
      Object.assign(tier, { name: name(body), description: body.description ?? null });
      record('tier.changed', null, { name: tier.name });
      return json(200, tier);
    }),
    'POST /tiers/{uuid}/remove': owner(({ uuid }) => {
      const tier = state.tiers.find((x) => x.uuid === uuid);
      if (!tier) return failed(404, 'Not found', undefined, 'tier_not_found');
      if (tier.contacts > 0 || state.rules.some((r) => r.tier_uuid === uuid))
        return failed(409, 'The tier is in use', undefined, 'tier_in_use');
      state.tiers = state.tiers.filter((x) => x !== tier);
      record('tier.removed', { name: tier.name }, null);
      return json(204);
    }),
    'POST /earning-rules': owner((_, body) => {
      const made = ruleOf(body, next++);
      if (made instanceof Response) return made;
      state.rules.push(made);
      record('earning_rule.created', null, { ...made });
      return json(201, made);
    }),
    'PUT /earning-rules/{id}': owner(({ id }, body) => {
      const index = state.rules.findIndex((r) => r.id === Number(id));
      if (index < 0) return failed(404, 'Not found', undefined, 'earning_rule_not_found');
      const changed = ruleOf(body, Number(id));
      if (changed instanceof Response) return changed;
      state.rules[index] = changed;
      record('earning_rule.changed', null, { ...changed });
      return json(200, changed);
    }),
    'POST /earning-rules/{id}/remove': owner(({ id }) => {
      if (!state.rules.some((r) => r.id === Number(id)))
        return failed(404, 'Not found', undefined, 'earning_rule_not_found');
      state.rules = state.rules.filter((r) => r.id !== Number(id));
      record('earning_rule.removed', null, null);
      return json(204);
    }),
    'POST /units': owner((_, body) => {
      if (!/^[a-z][a-z0-9_]*$/.test(name(body))) return failed(422, 'Lower-case letters', 'name');
      const unit = {
        name: name(body),
        label: String(body.label ?? ''),
        prefix: String(body.prefix || name(body).charAt(0)),
        is_default: false,
      };
      state.units.push(unit);
      return json(201, unit);
    }),
    'PUT /units/{name}': owner((params, body) => {
      const unit = state.units.find((u) => u.name === params.name);
      if (!unit) return failed(404, 'Not found', undefined, 'unit_not_found');
      Object.assign(unit, { label: body.label, prefix: body.prefix });
      if (body.is_default === true) for (const u of state.units) u.is_default = u === unit;
      return json(200, unit);
    }),
    'POST /subscription-types': owner((_, body) => {
      const type = {
        id: state.subscription_types.length + 1,
        uuid: `type-${next++}`,
        name: name(body),
        description: (body.description as string | null) ?? null,
        active: body.active === true,
        strategy: body.strategy as 'OPT_IN',
      };
      state.subscription_types.push(type);
      return json(201, type);
    }),
    'PUT /subscription-types/{id}': owner(({ id }, body) => {
      const type = state.subscription_types.find((x) => x.id === Number(id));
      if (!type) return failed(404, 'Not found', undefined, 'subscription_type_not_found');
      Object.assign(type, {
        name: name(body),
        description: body.description ?? null,
        active: body.active,
        strategy: body.strategy,
      });
      return json(200, type);
    }),
    'PUT /session-defaults': owner((_, body) => {
      state.session_defaults = body as OfficeSessionDefaults;
      record('session_defaults.changed', null, body);
      return json(200, body);
    }),
    'GET /promotions': () => json(200, { promotions: state.promotions }),
    'POST /promotions': owner((_, body) => {
      if (!name(body)) return failed(422, 'Required', 'name');
      const promotion: OfficePromotion = {
        uuid: `promo-${next++}`,
        name: name(body),
        description: (body.description as string | null) ?? null,
        voucher_limit: (body.voucher_limit as number | null) ?? null,
        limit_per_contact: (body.limit_per_contact as number | null) ?? null,
        expiration_duration: (body.expiration_duration as number | null) ?? null,
        vouchers: 0,
        redeemed: 0,
      };
      state.promotions.push(promotion);
      record('promotion.created', null, { name: promotion.name });
      return json(201, promotion);
    }),
    'PUT /promotions/{uuid}': owner(({ uuid }, body) => {
      const promotion = state.promotions.find((p) => p.uuid === uuid);
      if (!promotion) return failed(404, 'Promotion not found');
      if (!name(body)) return failed(422, 'Required', 'name');
      Object.assign(promotion, { ...body, name: name(body) });
      return json(200, promotion);
    }),
    'POST /promotions/{uuid}/vouchers': owner(({ uuid }, body) => {
      const promotion = state.promotions.find((p) => p.uuid === uuid);
      if (!promotion) return failed(404, 'Promotion not found');
      const count = Number(body.count);
      if (!Number.isInteger(count) || count < 1 || count > 10_000) return failed(422, '1 to 10000', 'count');
      if (promotion.voucher_limit !== null && promotion.vouchers + count > promotion.voucher_limit)
        return failed(422, 'Beyond the limit', 'count');
      promotion.vouchers += count;
      const codes = Array.from({ length: count }, (_, i) => `V-FAKE${String(next + i).padStart(7, '0')}`);
      next += count;
      record('promotion.vouchers_made', null, { count });
      return json(201, { promotion_uuid: uuid, count, codes, expiration_date: null });
    }),
    'POST /promotions/{uuid}/vouchers/export': owner(({ uuid }) => {
      const promotion = state.promotions.find((p) => p.uuid === uuid);
      if (!promotion) return failed(404, 'Promotion not found');
      state.exports.push(uuid ?? '');
      record('promotion.vouchers_exported', null, { count: promotion.vouchers });
      return new Response(`\ufeffcode,promotion,status\r\nV-FAKE,"${promotion.name}",ACTIVE\r\n`, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="vouchers-${uuid}.csv"`,
        },
      });
    }),
  } satisfies Record<string, Handler>;
  return routes;
}
