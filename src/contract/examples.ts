/**
 * Identifiers of the demo account (src/service/fixture/demo-account.json), the account a fresh
 * `npm start` loads. The OpenAPI examples are made of them, so that Swagger UI's "Try it out" on
 * a fresh start succeeds (test/http/openapi-examples.test.ts sends every operation's examples).
 */
export const DEMO = {
  shop: 'a0000000-0000-4000-8000-000000000001',
  shopUtrecht: 'a0000000-0000-4000-8000-000000000002',
  /** Sam, a cashier of the Amsterdam shop: till passcode 1234. */
  sam: '5a000000-0000-4000-8000-000000000001',
  /** Anna: Gold tier, 120 credits, €15 prepaid, card CARD-0001, app token APP-TOKEN-0001, vouchers. */
  anna: 'd0000000-0000-4000-8000-000000000001',
  ben: 'd0000000-0000-4000-8000-000000000002',
  carla: 'd0000000-0000-4000-8000-000000000003',
  dirk: 'd0000000-0000-4000-8000-000000000004',
  annaEmail: 'anna@example.com',
  annaCard: 'CARD-0001',
  annaAppToken: 'APP-TOKEN-0001',
  /** A card of no contact, active. */
  freeCard: 'CARD-9001',
  tierGold: 'b0000000-0000-4000-8000-000000000002',
  subscriptionNewsletter: 'c0000000-0000-4000-8000-000000000001',
  subscriptionPartnerNews: 'c0000000-0000-4000-8000-000000000003',
  /** Free coffee: 50 credits, in stock. */
  rewardCoffee: 'e0000000-0000-4000-8000-000000000001',
  giftcardProgram: 'f0000000-0000-4000-8000-000000000001',
  /** GC-0001: €25, active. */
  giftcard: 'f1000000-0000-4000-8000-000000000001',
  giftcardHash: 'GC-0001',
  promotionMuffin: '90000000-0000-4000-8000-000000000001',
  /** MUFFIN-0001, Anna's, active. */
  voucher: '91000000-0000-4000-8000-000000000001',
  voucherCode: 'MUFFIN-0001',
  /** The automated e-mail that sends a gift card (category giftcard_recipient). */
  giftcardEmail: '92000000-0000-4000-8000-000000000001',
  apiKey: 'demo-api-key',
  personalAccessToken: 'demo-personal-access-token',
  oauthClientId: 1,
  oauthClientSecret: 'demo-oauth-client-secret',
  device: 'demo-device-amsterdam',
  cashierDevice: 'demo-cashier-amsterdam',
  /** The small logo (demo-media/logo-small.svg) as GET /media serves it: its content hash. */
  media: '0f02a015c55a214087ff.svg',
} as const;
