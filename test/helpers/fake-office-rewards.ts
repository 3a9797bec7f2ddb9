import type { OfficeBrand, OfficeReward } from '../../src/contract/office-rewards';
import { EMPTY_BRAND } from '../../src/ui/brand';

/*
 * The fake office API's rewards and brand (fake-office-api.ts appends these handlers): rewards and
 * the brand kit in memory, pictures accepted when their base64 starts as a PNG, JPEG or WebP does
 * (the service reads the bytes; test/http/office-programme-rewards.test.ts proves it), a primary
 * colour #ffe066 refused for contrast, the owner alone changing anything.
 */

type Body = Record<string, unknown>;
type Handler = (params: Record<string, string>, body: Body, query: URLSearchParams) => Response;

/** The fake's rewards and brand, open to the test. */
export interface FakeRewards {
  rewards: OfficeReward[];
  brand: OfficeBrand;
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const refused = (status: number, reason: string, field: string) =>
  json(status, { code: 1003, message: reason, status_code: status, reason, errors: { [field]: [reason] } });

/** base64 starts of PNG (iVBOR), JPEG (/9j/) and WebP (UklGR…V0VCU). */
const isPicture = (data: unknown) => typeof data === 'string' && /^(iVBOR|\/9j\/|UklGR)/.test(data);

/**
 * The handlers of GET/POST /rewards, PUT /rewards/{uuid}, GET/PUT /brand. `role()` is the
 * signed-in person's role, `record` writes an audit entry.
 */
export function fakeRewardRoutes(
  state: FakeRewards,
  role: () => string | undefined,
  record: (action: string, uuid: string | null, before: Body | null, after: Body | null) => void,
) {
  let next = 1;
  const notOwner = () => (role() === 'owner' ? null : refused(403, 'office_not_allowed', 'role'));
  const pictureOf = (body: Body, field: string): string | null | Response | undefined => {
    const value = body[field] as { data?: unknown } | null | undefined;
    if (value === undefined || value === null) return value;
    if (!isPicture(value.data)) return refused(415, 'picture_type', field);
    return `/media/fake${next++}.png`;
  };
  const routes: Record<
    'GET /rewards' | 'POST /rewards' | 'PUT /rewards/{uuid}' | 'GET /brand' | 'PUT /brand',
    Handler
  > = {
    'GET /rewards': () => json(200, state.rewards),
    'POST /rewards': (_, body) => {
      const refusal = notOwner();
      if (refusal) return refusal;
      const picture = pictureOf(body, 'picture');
      if (picture instanceof Response) return picture;
      const reward: OfficeReward = {
        uuid: `reward-${next++}`,
        title: String(body.title ?? ''),
        description: (body.description as string | null) ?? null,
        reward_type: 'PHYSICAL',
        required_credits: Number(body.required_credits),
        stock: (body.stock as number | null) ?? null,
        claim_limit_per_contact: (body.claim_limit_per_contact as number | null) ?? null,
        active: body.active !== false,
        active_from: (body.active_from as string | null) ?? null,
        active_until: (body.active_until as string | null) ?? null,
        picture_url: picture ?? null,
        claimed: 0,
      };
      state.rewards.push(reward);
      record('reward.created', reward.uuid, null, { title: reward.title });
      return json(201, reward);
    },
    'PUT /rewards/{uuid}': ({ uuid }, body) => {
      const refusal = notOwner();
      if (refusal) return refusal;
      const reward = state.rewards.find((r) => r.uuid === uuid);
      if (!reward) return refused(404, 'reward_not_found', 'uuid');
      const picture = pictureOf(body, 'picture');
      if (picture instanceof Response) return picture;
      const before = { title: reward.title, active: reward.active };
      for (const key of [
        'title',
        'description',
        'required_credits',
        'stock',
        'claim_limit_per_contact',
        'active',
        'active_from',
        'active_until',
      ] as const) {
        if (body[key] !== undefined) (reward as Record<string, unknown>)[key] = body[key];
      }
      if (picture !== undefined) reward.picture_url = picture;
      record('reward.changed', uuid!, before, { title: reward.title, active: reward.active });
      return json(200, reward);
    },
    'GET /brand': () => json(200, state.brand),
    'PUT /brand': (_, body) => {
      const refusal = notOwner();
      if (refusal) return refusal;
      if (body.primary_color === '#ffe066') return refused(422, 'brand_contrast_too_low', 'primary_color');
      for (const field of ['logo', 'cover'] as const) {
        const picture = pictureOf(body, field);
        if (picture instanceof Response) return picture;
      }
      const kit = state.brand.brand as Record<string, unknown>;
      for (const [key, value] of Object.entries(body)) {
        if (key in kit) kit[key] = value;
      }
      if (body.terms_url !== undefined) state.brand.terms_url = body.terms_url as string | null;
      if (body.privacy_url !== undefined) state.brand.privacy_url = body.privacy_url as string | null;
      record('brand.changed', null, null, body);
      return json(200, state.brand);
    },
  };
  return routes;
}

/** The fake's starting rewards and brand: Demo Coffee's free coffee and its colours. */
export function fakeRewardsState(): FakeRewards {
  return {
    rewards: [
      {
        uuid: 'reward-coffee',
        title: 'Free coffee',
        description: 'Any coffee, any size',
        reward_type: 'PHYSICAL',
        required_credits: 50,
        stock: 100,
        claim_limit_per_contact: null,
        active: true,
        active_from: null,
        active_until: null,
        picture_url: null,
        claimed: 4,
      },
    ],
    brand: {
      brand: { ...EMPTY_BRAND, primary_color: '#6b3e26', secondary_color: '#f4e9dc', font_family: 'Inter' },
      terms_url: 'https://example.com/terms',
      privacy_url: null,
      fonts: ['Inter', 'Georgia'],
      min_contrast: 4.5,
    },
  };
}
