import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO } from '../../../contract/examples';
import {
  earningOverview,
  earningRule,
  earningRuleRequest,
  officePromotion,
  officePromotions,
  officeSessionDefaults,
  officeSubscriptionType,
  officeTier,
  officeUnit,
  promotionRequest,
  subscriptionTypeRequest,
  tierRequest,
  unitChangeRequest,
  unitCreateRequest,
  voucherBatch,
  voucherBatchRequest,
} from '../../../contract/office-programme-rules';
import { changeSessionDefaults, storedSessionDefaults } from '../../domain/account/session-defaults';
import {
  changeSubscriptionType,
  createSubscriptionType,
} from '../../domain/contacts/office-subscription-types';
import { listSubscriptionTypes } from '../../domain/contacts/subscriptions';
import {
  changeEarningRule,
  changeTier,
  createEarningRule,
  createTier,
  officeChangeUnit,
  officeCreateUnit,
  officeEarningRules,
  officeTiers,
  officeUnits,
  removeEarningRule,
  removeTier,
} from '../../domain/loyalty/office-earning';
import {
  exportVouchers,
  officePromotions as listOfficePromotions,
  makeVoucherBatch,
  officeChangePromotion,
  officeCreatePromotion,
} from '../../domain/vouchers/office-promotions';
import { zodRoutes } from '../route';
import { officeRoute } from './auth';

const noBody = z.preprocess((v) => v ?? {}, z.object({}));
const tierParams = z.object({ uuid: z.string().min(1).max(191).meta({ example: DEMO.tierGold }) });
const ruleParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).meta({ example: 1 }) });
const unitParams = z.object({ name: z.string().min(1).max(191).meta({ example: 'visits' }) });
const typeParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).meta({ example: 2 }) });
const promotionParams = z.object({
  uuid: z.string().min(1).max(191).meta({ example: DEMO.promotionMuffin }),
});

const OWNER =
  'Owner only (403 office_not_allowed for a manager); everyone in the office reads it with GET /earning.';

/**
 * The office's programme rules (docs/office.md "Earning and promotions"): tiers, earning rules,
 * units, subscription types, the session defaults, promotions and their voucher batches. Reads for
 * owners and managers; changes for the owner, each in the audit log and live in every process at
 * once (domain/loyalty/office-earning.ts, domain/vouchers/office-promotions.ts and the others).
 */
export default async function programmeRulesRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/earning',
    officeRoute({
      summary:
        'The earning side of the programme: units, tiers, earning rules, subscription types, session defaults',
      description:
        'Owners and managers read it (the programme is the whole account’s). `session_defaults` holds the ' +
        'settings the account set; the others are the spec’s defaults.',
      response: { 200: earningOverview },
    }),
    async () => ({
      units: await officeUnits(app.db),
      tiers: await officeTiers(app.db),
      rules: await officeEarningRules(app.db),
      subscription_types: await listSubscriptionTypes(app.db),
      session_defaults: await storedSessionDefaults(app.db),
    }),
  );

  app.post(
    '/tiers',
    officeRoute({
      summary: 'Add a tier',
      description: `${OWNER} Recorded as \`tier.created\`.`,
      body: tierRequest,
      response: { 201: officeTier },
    }),
    async (req, reply) =>
      reply.code(201).send(await app.tx((tx) => createTier(tx, req.officeActor, req.body))),
  );

  app.put(
    '/tiers/:uuid',
    officeRoute({
      summary: "Change a tier's name, description and position",
      description: `${OWNER} Its contacts keep it. Recorded as \`tier.changed\`.`,
      errors: [{ reason: 'tier_not_found' }],
      params: tierParams,
      body: tierRequest,
      response: { 200: officeTier },
    }),
    async (req) => app.tx((tx) => changeTier(tx, req.officeActor, req.params.uuid, req.body)),
  );

  app.post(
    '/tiers/:uuid/remove',
    officeRoute({
      summary: 'Remove a tier nobody holds',
      description:
        `${OWNER} A tier that contacts hold, or that earning rules or perks name, is refused (409 tier_in_use, ` +
        'saying how many); the service never moves a customer to another tier by itself. Recorded as `tier.removed`.',
      errors: [{ reason: 'tier_not_found' }, { reason: 'tier_in_use' }],
      exampleAfter: { operationId: 'createOfficeApiTier', parameters: { uuid: '$response.body#/uuid' } },
      params: tierParams,
      body: noBody,
      noContent: 'Removed.',
    }),
    async (req, reply) => {
      await app.tx((tx) => removeTier(tx, req.officeActor, req.params.uuid));
      return reply.code(204).send();
    },
  );

  app.post(
    '/earning-rules',
    officeRoute({
      summary: 'Add an earning rule: credits per unit, per tier, per weekday and hours',
      description:
        `${OWNER} The next credit reception, in every process, follows it. Refused naming each wrong field ` +
        '(unit_name, credits_per_unit, rounding, tier_uuid, weekdays, from_time, until_time). Recorded as ' +
        '`earning_rule.created`.',
      body: earningRuleRequest,
      response: { 201: earningRule },
    }),
    async (req, reply) =>
      reply.code(201).send(await app.tx((tx) => createEarningRule(tx, req.officeActor, req.body))),
  );

  app.put(
    '/earning-rules/:id',
    officeRoute({
      summary: 'Change an earning rule whole',
      description: `${OWNER} Checked as when added. Recorded as \`earning_rule.changed\`.`,
      errors: [{ reason: 'earning_rule_not_found' }],
      params: ruleParams,
      body: earningRuleRequest,
      response: { 200: earningRule },
    }),
    async (req) => app.tx((tx) => changeEarningRule(tx, req.officeActor, req.params.id, req.body)),
  );

  app.post(
    '/earning-rules/:id/remove',
    officeRoute({
      summary: 'Remove an earning rule',
      description: `${OWNER} A unit no rule matches gives no credits. Recorded as \`earning_rule.removed\`.`,
      errors: [{ reason: 'earning_rule_not_found' }],
      exampleAfter: { operationId: 'createOfficeApiEarningRule', parameters: { id: '$response.body#/id' } },
      params: ruleParams,
      body: noBody,
      noContent: 'Removed.',
    }),
    async (req, reply) => {
      await app.tx((tx) => removeEarningRule(tx, req.officeActor, req.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/units',
    officeRoute({
      summary: 'Add a unit (what a POS sends credit receptions in)',
      description:
        `${OWNER} The same rule as the public POST /units (a unique name; one default unit). Recorded as ` +
        '`unit.created`.',
      errors: [55045],
      body: unitCreateRequest,
      response: { 201: officeUnit },
    }),
    async (req, reply) =>
      reply.code(201).send(await app.tx((tx) => officeCreateUnit(tx, req.officeActor, req.body))),
  );

  app.put(
    '/units/:name',
    officeRoute({
      summary: "Change a unit's label and prefix, or make it the default unit",
      description: `${OWNER} Its name stays (the POS sends it). Recorded as \`unit.changed\`.`,
      errors: [{ reason: 'unit_not_found' }],
      params: unitParams,
      body: unitChangeRequest,
      response: { 200: officeUnit },
    }),
    async (req) => app.tx((tx) => officeChangeUnit(tx, req.officeActor, req.params.name, req.body)),
  );

  app.post(
    '/subscription-types',
    officeRoute({
      summary: 'Add a subscription type',
      description: `${OWNER} Recorded as \`subscription_type.created\`.`,
      body: subscriptionTypeRequest,
      response: { 201: officeSubscriptionType },
    }),
    async (req, reply) =>
      reply.code(201).send(await app.tx((tx) => createSubscriptionType(tx, req.officeActor, req.body))),
  );

  app.put(
    '/subscription-types/:id',
    officeRoute({
      summary: 'Change a subscription type: name, description, whether it is offered, strategy',
      description: `${OWNER} Contacts' choices stay. Recorded as \`subscription_type.changed\`.`,
      errors: [{ reason: 'subscription_type_not_found' }],
      params: typeParams,
      body: subscriptionTypeRequest,
      response: { 200: officeSubscriptionType },
    }),
    async (req) => app.tx((tx) => changeSubscriptionType(tx, req.officeActor, req.params.id, req.body)),
  );

  app.put(
    '/session-defaults',
    officeRoute({
      summary: 'Set the settings a cashier console starts a session with',
      description:
        `${OWNER} A setting left out takes the spec's default; an unknown one is refused naming it. A ` +
        'console uses them at its next session. Recorded as `session_defaults.changed`.',
      body: z.unknown().meta({
        example: {
          enable_email_identification: true,
          enable_registration: false,
          scanner_type: 'hand_scanner',
        },
      }),
      response: { 200: officeSessionDefaults },
    }),
    async (req) => app.tx((tx) => changeSessionDefaults(tx, req.officeActor, req.body)),
  );

  app.get(
    '/promotions',
    officeRoute({
      summary: 'The promotions, with how many vouchers each has and how many were redeemed',
      description: 'Owners and managers read them; no voucher code is listed.',
      response: { 200: officePromotions },
    }),
    async () => ({ promotions: await listOfficePromotions(app.db) }),
  );

  app.post(
    '/promotions',
    officeRoute({
      summary: 'Add a promotion',
      description: `${OWNER} Recorded as \`promotion.created\`.`,
      body: promotionRequest,
      response: { 201: officePromotion },
    }),
    async (req, reply) =>
      reply.code(201).send(await app.tx((tx) => officeCreatePromotion(tx, req.officeActor, req.body))),
  );

  app.put(
    '/promotions/:uuid',
    officeRoute({
      summary: 'Change a promotion',
      description:
        `${OWNER} A voucher limit below the vouchers it has is refused. The expiration duration counts for ` +
        'vouchers made from now on. Recorded as `promotion.changed`.',
      errors: [80002],
      params: promotionParams,
      body: promotionRequest,
      response: { 200: officePromotion },
    }),
    async (req) => app.tx((tx) => officeChangePromotion(tx, req.officeActor, req.params.uuid, req.body)),
  );

  app.post(
    '/promotions/:uuid/vouchers',
    officeRoute({
      summary: 'Make a batch of voucher codes (1 to 10,000)',
      description:
        `${OWNER} Each code is \`V-\` and 12 random letters and digits (unguessable, unique). The promotion's ` +
        'voucher limit holds. The answer lists the codes; the CSV export lists them too. Recorded as ' +
        '`promotion.vouchers_made` (the count, never the codes).',
      errors: [80002],
      params: promotionParams,
      body: voucherBatchRequest,
      response: { 201: voucherBatch },
    }),
    async (req, reply) =>
      reply
        .code(201)
        .send(await app.tx((tx) => makeVoucherBatch(tx, req.officeActor, req.params.uuid, req.body))),
  );

  app.post(
    '/promotions/:uuid/vouchers/export',
    {
      ...officeRoute({
        summary: "Download a promotion's vouchers as a CSV file",
        description:
          `${OWNER} RFC 4180 (comma, CRLF, quoted where needed), UTF-8 with a byte order mark; columns code, ` +
          'promotion, status, expiration_date, redeemed_at, created_at. A POST, because the codes can be ' +
          'redeemed: recorded as `promotion.vouchers_exported`.',
        errors: [80002],
        produces: ['text/csv'],
        params: promotionParams,
        body: noBody,
      }),
    },
    async (req, reply) => {
      const file = await app.tx((tx) => exportVouchers(tx, req.officeActor, req.params.uuid));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.csv);
    },
  );
}
