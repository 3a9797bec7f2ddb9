import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PortalSessionState, PortalVoucher } from '../../../contract/portal';
import {
  V1_SESSION_TYPES,
  v1CheckCodeQuery,
  v1CodeRequest,
  v1ContactQuery,
  v1CreateRequest,
  v1CreditReceptionRequest,
  v1GiftcardTransactionRequest,
  v1IdentifierRequest,
  v1IdentifyRequest,
  v1LinkIdentifierRequest,
  v1PrepaidTransactionRequest,
  v1RegisterRequest,
  v1RewardClaimRequest,
  v1SessionType,
  v1SubscriptionsRequest,
} from '../../../contract/v1';
import type { Tx } from '../../db/transaction';
import {
  changeSubscriptionInSession,
  claimRewardInSession,
  redeemVoucherInSession,
  sessionActivity,
  sessionCards,
  sessionRewards,
  sessionSubscriptions,
  sessionVouchers,
} from '../../domain/counter/customer';
import { removeCardInSession, sessionStats } from '../../domain/counter/profile';
import { creditInSession } from '../../domain/portal-sessions/end-screen';
import { type PortalSessionRow, portalSessionByUuid } from '../../domain/portal-sessions/guards';
import {
  identifyInSession,
  linkCardByEmailInSession,
  registerInSession,
} from '../../domain/portal-sessions/identification';
import {
  payPrepaidInSession,
  redeemGiftcardInSession,
  scannedGiftcard,
  topUpGiftcardInSession,
  topUpPrepaidInSession,
} from '../../domain/portal-sessions/money';
import { amountLeftToPay } from '../../domain/portal-sessions/payments';
import { classifyScannedValue, scannedVoucher } from '../../domain/portal-sessions/scan';
import { createPortalSession, loadSession } from '../../domain/portal-sessions/sessions';
import { creditWord, portalSessionState } from '../../domain/portal-sessions/views';
import { invalidField, refusal, ServiceError } from '../../domain/shared/errors';
import { params, sessionCalls, viewOptions } from '../portal/session-calls';
import { ok, zodRoutes } from '../route';

/*
 * The real portal component's API (contract/v1.ts, docs/v1-api.md): each call is the domain call
 * of the kiosk's session call for the same step (http/portal/*), its request and answer in the
 * component's names and shapes; no rule lives here. What the counter may not show (a last name,
 * the whole e-mail, a card's whole code) is not in them either; what our rules refuse is refused
 * with the error body the component shows.
 */

// Hidden from the OpenAPI document: the surface of another vendor's component, described in docs/v1-api.md.
const portal = { config: { auth: 'portal' as const } };
const route = <S extends object>(schema: S) => ({ ...portal, schema: { hide: true, params, ...schema } });

/**
 * The session as the component reads it (GET /{uuid}); no contact once the session has ended.
 * `leftToPay`: what the session's amount leaves to pay (amountLeftToPay). The component's own
 * registration page (marketing preferences and a terms box of its vendor) is never offered: its
 * registration is made with no consent, which the customer gives where they next sign in.
 */
function v1Session(state: PortalSessionState, shopUuid: string, leftToPay: number | null) {
  return {
    uuid: state.uuid,
    type: v1SessionType(state.type),
    status: state.status,
    expires_at: state.expires_at,
    contact: state.contact ? { uuid: state.contact.uuid } : null,
    currency: 'EUR',
    events: state.events.map((e) => ({ type: e.type, data: e.data, created_at: e.created_at })),
    input_data: {
      type: v1SessionType(state.type),
      shop_uuid: shopUuid,
      amount_in_cents: state.amount_in_cents,
      camera_service: state.settings.camera_service,
      facing_mode: state.settings.facing_mode,
      allow_multiple_giftcards: state.settings.allow_multiple_giftcards,
      enable_registration: state.settings.enable_registration,
      enable_email_identification: state.settings.enable_email_identification,
      enable_on_screen_keyboard: state.settings.enable_on_screen_keyboard,
      primary_identification_method: state.settings.primary_identification_method,
      enable_marketing_preferences: false,
    },
    // The component prints this word after a balance ("12 points"); it has no default of its own.
    loyalty_program: {
      custom_credit_name: creditWord(state.account.wording) ?? 'points',
    },
    results: { remaining_amount: leftToPay },
  };
}

/** A voucher in the component's fields; whose it is is never told (`contact: null`). */
function v1Voucher(voucher: PortalVoucher) {
  return {
    uuid: voucher.uuid,
    code: voucher.code,
    name: voucher.name,
    description: voucher.description,
    status: voucher.status,
    expiration_date: voucher.expiration_date,
    unusable: voucher.unusable,
    promotion: { image: voucher.media ? { value: voucher.media.value } : null },
    contact: null,
  };
}

/** The component's transaction answer: its uuid and signed amount, or the top-up waiting for the till. */
function v1Transaction(
  result: { transaction_uuid: string } | { awaiting_payment: { amount_in_cents: number } },
  signedCents: number,
) {
  return 'awaiting_payment' in result
    ? { uuid: null, amount_in_cents: 0, awaiting_payment: result.awaiting_payment }
    : { uuid: result.transaction_uuid, amount_in_cents: signedCents };
}

/** The component's portal-session calls under /api/v1/portal-sessions. */
export default async function v1PortalSessionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { act, read } = sessionCalls(fastify);
  const options = (tx: Tx) => viewOptions(app, tx.now);

  const shopUuidOf = async (tx: Tx, session: PortalSessionRow) =>
    (
      await tx.db
        .selectFrom('shops')
        .select('uuid')
        .where('id', '=', session.shop_id)
        .executeTakeFirstOrThrow()
    ).uuid;
  const sessionOf = async (tx: Tx, session: PortalSessionRow) =>
    v1Session(
      await portalSessionState(tx.db, session, options(tx)),
      await shopUuidOf(tx, session),
      await amountLeftToPay(tx.db, session),
    );
  // The session state (masked, as the counter reads it), whatever its type: for the reads of the customer's summary.
  const state = (uuid: string) =>
    app.tx(async (tx) => {
      const session = await loadSession(tx, uuid);
      return { session, view: await portalSessionState(tx.db, session, options(tx)) };
    });
  // The session row again, after a domain call in the same transaction changed it.
  const reread = (tx: Tx, session: PortalSessionRow) => portalSessionByUuid(tx.db, session.uuid);

  // The counter's refusal of a read as the component's "nothing to show" (null).
  const unlessRefused = async <T>(read: Promise<T>): Promise<T | null> => {
    try {
      return await read;
    } catch (err) {
      if (err instanceof ServiceError && err.reason === 'proof_required') return null;
      throw err;
    }
  };

  // The identified customer in the component's fields: first name, masked e-mail, balances; the
  // visit figures where the counter shows them (sessionStats: once they proved it is them).
  const v1Contact = async (tx: Tx, session: PortalSessionRow, view: PortalSessionState) => {
    const contact = view.contact;
    if (!contact) throw refusal('customer_not_identified', 'Identify the customer first');
    const stats = await unlessRefused(sessionStats(tx.db, session));
    return {
      uuid: contact.uuid,
      email: contact.email_hint,
      first_name: contact.firstname,
      last_name: null,
      avatar_url: null,
      created_at: null,
      credit_balance: { balance: contact.credit_balance },
      prepaid_balance: { balance_in_cents: contact.prepaid_balance_in_cents },
      current_display_values: {
        firstname: contact.firstname,
        // Text, as the component joins it to the first name ("Anna null" otherwise).
        lastname: '',
        avatar: null,
        tier: contact.tier?.name ?? null,
        loyalty_last_transaction_date: stats?.last_visit_at ?? null,
        loyalty_number_of_transactions: stats?.visits ?? null,
        loyalty_total_credits_received: stats?.total_credits_earned ?? null,
      },
      custom_attribute_values: {},
    };
  };
  const contactAfter = async (tx: Tx, session: PortalSessionRow) => {
    const row = await reread(tx, session);
    return v1Contact(tx, row, await portalSessionState(tx.db, row, options(tx)));
  };

  // The public API's create in the component's field names: the same rules of the type
  // (createPortalSession), an API key's shop.
  app.post(
    '/',
    { config: { auth: 'A' }, schema: { hide: true, body: v1CreateRequest } },
    async (req, reply) => {
      const { type, ...input } = req.body;
      reply.code(201);
      return ok(
        await req.tx(async (tx) => {
          const created = await createPortalSession(tx, req.actor, V1_SESSION_TYPES[type], input, {
            portalUrl: app.config.portalUrl,
            ttlMinutes: app.config.sessionTtlMinutes,
          });
          return sessionOf(tx, await portalSessionByUuid(tx.db, created.uuid));
        }),
      );
    },
  );

  app.get('/:uuid', route({}), async (req) =>
    ok(await app.tx(async (tx) => sessionOf(tx, await loadSession(tx, req.params.uuid)))),
  );

  app.put('/:uuid', route({ body: v1IdentifyRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'identify', async (tx, session) => {
      const input =
        'email' in req.body ? { email: req.body.email } : { value: req.body.contact_identifier_value };
      const result = await identifyInSession(tx, session, input, options(tx));
      // An unknown e-mail or card opens the component's registration (55031), as on the real platform.
      if (result.result !== 'identified') throw new ServiceError(55031);
      return sessionOf(tx, await reread(tx, session));
    }),
  );

  app.get('/:uuid/brand-kit', route({}), async (req) => {
    const { view } = await state(req.params.uuid);
    const { primary_color, secondary_color, tertiary_color, quaternary_color } = view.account.brand;
    return ok({ ...view.account.brand, primary_color, secondary_color, tertiary_color, quaternary_color });
  });

  app.get('/:uuid/contacts', route({ querystring: v1ContactQuery }), (req) =>
    read(req.params.uuid, 'scan_lookup', async (tx, session) => {
      const view = await portalSessionState(tx.db, session, options(tx));
      // Only the session's own customer: another uuid is as unknown as it is to the counter.
      if (req.query.contact_uuid !== undefined && req.query.contact_uuid !== view.contact?.uuid) {
        throw new ServiceError(55031);
      }
      return v1Contact(tx, session, view);
    }),
  );

  app.post('/:uuid/contacts', route({ body: v1RegisterRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'register', async (tx, session) => {
      const { contact_identifier_value, ...rest } = req.body;
      // The component shows neither the account's terms nor its subscription types: no consent.
      await registerInSession(
        tx,
        session,
        {
          ...rest,
          ...(contact_identifier_value ? { card_value: contact_identifier_value } : {}),
          consent: null,
        },
        options(tx),
      );
      return contactAfter(tx, session);
    }),
  );

  app.post('/:uuid/contacts/link-identifier', route({ body: v1LinkIdentifierRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'identify', async (tx, session) => {
      const { email, contact_identifier_value: card } = req.body;
      const linked = await linkCardByEmailInSession(tx, session, { email, card_value: card });
      // An address nobody has opens the component's registration (55031).
      if (linked.result === 'unknown_email') throw new ServiceError(55031);
      return contactAfter(tx, session);
    }),
  );

  app.get('/:uuid/check-code', route({ querystring: v1CheckCodeQuery }), async (req) => {
    const value = req.query.code;
    // A gift card's code as the card has it: the component looks the card up again by it.
    const code = (
      await read(req.params.uuid, 'scan_lookup', async (tx) => {
        const scanned = await classifyScannedValue(tx.db, value, tx.now);
        return scanned.kind === 'giftcard'
          ? { ...scanned, hash: (await scannedGiftcard(tx.db, value, tx.now)).hash }
          : scanned;
      })
    ).data;
    switch (code.kind) {
      case 'card':
      case 'app_token':
        return { identifier: { value } };
      case 'voucher':
        return { voucher: v1Voucher(code.voucher) };
      case 'giftcard':
        return { giftcard: { hash: code.hash } };
      case 'receipt_token':
        return { receipt_token: { value } };
      case 'unknown':
        throw refusal('code_not_recognised', 'This code is not recognised');
    }
  });

  app.get(
    '/:uuid/giftcards/:hash',
    route({ params: params.extend({ hash: z.string().min(1).max(500) }) }),
    (req) =>
      read(req.params.uuid, 'giftcard_scan', async (tx) => {
        // `hash`: the code the caller sent (as the card has it), which the component looks up again.
        const { giftcard, hash } = await scannedGiftcard(tx.db, req.params.hash, tx.now);
        return {
          uuid: giftcard.uuid,
          hash,
          amount_in_cents: giftcard.balance_in_cents,
          expired: giftcard.expired,
          active: giftcard.active,
          can_top_up: giftcard.can_top_up,
        };
      }),
  );

  app.post('/:uuid/giftcards/transaction', route({ body: v1GiftcardTransactionRequest }), (req, reply) => {
    const { uuid: giftcardUuid, amount_in_cents: amount } = req.body;
    if (amount > 0) {
      return act(req, reply, req.params.uuid, 'top_up_giftcards', async (tx, session) =>
        v1Transaction(
          await topUpGiftcardInSession(tx, session, { giftcard_uuid: giftcardUuid, amount_in_cents: amount }),
          amount,
        ),
      );
    }
    return act(req, reply, req.params.uuid, 'redeem_giftcards', async (tx, session) => {
      const result = await redeemGiftcardInSession(tx, session, giftcardUuid, -amount);
      return v1Transaction(result.payment, -result.payment.amount_in_cents);
    });
  });

  app.post('/:uuid/credit-receptions/create', route({ body: v1CreditReceptionRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'credit_reception', async (tx, session) => {
      const reception = await creditInSession(tx, session, Math.round(req.body.unit_value * 100));
      return { uuid: reception.uuid, credits: reception.credits, created_at: reception.created_at };
    }),
  );

  app.get('/:uuid/loyalty-transactions', route({}), async (req) => {
    const lines = (await read(req.params.uuid, 'customer_portal', (tx, s) => sessionActivity(tx.db, s))).data;
    const TYPES = {
      credit_reception: 1,
      reward_reception: 2,
      prepaid_transaction: 3,
      giftcard_transaction: 3,
    };
    return lines
      .filter((l) => l.credits !== null)
      .map((l) => ({
        uuid: l.uuid,
        type: TYPES[l.type],
        credits: l.credits,
        created_at: l.created_at,
        loyalty_transaction_data: { title: l.title },
      }));
  });

  app.get('/:uuid/subscriptions', route({}), async (req) => {
    const { view } = await state(req.params.uuid);
    return ok(view.subscription_types.map(({ id, name, strategy }) => ({ id, name, strategy })));
  });

  const v1Subscriptions = async (tx: Tx, session: PortalSessionRow) =>
    (await sessionSubscriptions(tx.db, session)).map((s) => ({
      subscription_type: { uuid: String(s.id), id: s.id, name: s.name, strategy: s.strategy },
      is_subscribed: s.status === 'SUBSCRIBED',
      status: s.status,
    }));

  app.get('/:uuid/subscriptions/contact', route({}), (req) =>
    read(req.params.uuid, 'customer_portal', v1Subscriptions),
  );

  app.put('/:uuid/subscriptions', route({ body: v1SubscriptionsRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'customer_portal', async (tx, session) => {
      const types = await sessionSubscriptions(tx.db, session);
      for (const [name, subscribed] of Object.entries(req.body.values)) {
        const type = types.find((t) => t.name === name);
        if (!type)
          throw new ServiceError(55030, { fields: { values: [`Unknown subscription type: ${name}`] } });
        await changeSubscriptionInSession(tx, session, { subscription_type_id: type.id, subscribed });
      }
      return v1Subscriptions(tx, session);
    }),
  );

  app.get('/:uuid/contact-attributes', route({}), (req) =>
    read(req.params.uuid, 'customer_portal', async () =>
      // The counter shows and edits no profile (docs/trust-model.md): nothing to fill in here.
      ({ new_elements: [] }),
    ),
  );

  app.put('/:uuid/contact-attributes', route({ body: z.record(z.string(), z.unknown()) }), (req, reply) =>
    act(req, reply, req.params.uuid, 'customer_portal', async () => {
      throw refusal(
        'profile_not_at_counter',
        "A customer's details are changed on their own phone, not here",
      );
    }),
  );

  app.get('/:uuid/contact-identifiers', route({}), (req) =>
    read(req.params.uuid, 'customer_portal', async (tx, session) =>
      (await sessionCards(tx.db, session)).map((c) => ({
        value: c.value_hint,
        name: c.name,
        active: c.active,
      })),
    ),
  );

  app.delete('/:uuid/contact-identifiers', route({ body: v1IdentifierRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'customer_portal', async (tx, session) => {
      const value = req.body.value;
      // The list shows last 4 characters: the card is the customer's one that ends so.
      const card = (await sessionCards(tx.db, session)).find((c) => value.endsWith(c.value_hint));
      if (!card) invalidField('value', "This is not one of the customer's cards.", { status: 404 });
      const removed = await removeCardInSession(tx, session, card.id);
      return { value: removed.value_hint };
    }),
  );

  app.get('/:uuid/vouchers', route({}), (req) =>
    read(req.params.uuid, 'voucher_list', async (tx, session) =>
      (await sessionVouchers(tx.db, session, tx.now)).map(v1Voucher),
    ),
  );

  // A voucher by code, judged at once (status before owner); whose it is is never told.
  const voucherByCode = (uuid: string, code: string) =>
    read(uuid, 'voucher_redeem', async (tx) => v1Voucher(await scannedVoucher(tx.db, code, tx.now)));
  app.get(
    '/:uuid/vouchers/:code',
    route({ params: params.extend({ code: z.string().min(1).max(500) }) }),
    (req) => voucherByCode(req.params.uuid, req.params.code),
  );
  app.get(
    '/:uuid/vouchers/check/:code',
    route({ params: params.extend({ code: z.string().min(1).max(500) }) }),
    (req) => voucherByCode(req.params.uuid, req.params.code),
  );

  app.post('/:uuid/vouchers/redeem', route({ body: v1CodeRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'voucher_redeem', async (tx, session) =>
      v1Voucher((await redeemVoucherInSession(tx, session, req.body.code)).voucher),
    ),
  );

  app.get('/:uuid/rewards', route({}), (req) =>
    read(req.params.uuid, 'customer_portal', async (tx, session) =>
      (await sessionRewards(tx.db, session, tx.now)).map((r) => ({
        uuid: r.uuid,
        title: r.title,
        description: r.description,
        required_credits: r.required_credits,
        media: r.media ? { value: r.media.value } : null,
        claimable: r.claimable,
      })),
    ),
  );

  app.post('/:uuid/rewards/claim', route({ body: v1RewardClaimRequest }), (req, reply) =>
    act(req, reply, req.params.uuid, 'customer_portal', async (tx, session) => {
      const { reward_reception } = await claimRewardInSession(tx, session, req.body.uuid);
      return reward_reception;
    }),
  );

  app.get('/:uuid/prepaid', route({}), async (req) => {
    const { view } = await state(req.params.uuid);
    if (!view.contact) throw refusal('customer_not_identified', 'Identify the customer first');
    return ok({ balance_in_cents: view.contact.prepaid_balance_in_cents });
  });

  app.post('/:uuid/prepaid/transaction', route({ body: v1PrepaidTransactionRequest }), (req, reply) => {
    const { amount_in_cents: amount, contact_identifier_value: value } = req.body;
    return act(
      req,
      reply,
      req.params.uuid,
      amount < 0 ? 'pay_prepaid' : 'top_up_prepaid',
      async (tx, first) => {
        // A card sent with the transaction is a scan before it: identify's rules, then the money's.
        let session = first;
        if (value !== undefined) {
          const result = await identifyInSession(tx, session, { value }, options(tx));
          if (result.result !== 'identified') throw new ServiceError(55031);
          session = await reread(tx, session);
        }
        if (amount < 0) {
          const result = await payPrepaidInSession(tx, session, -amount);
          return {
            ...v1Transaction(result, -result.charged_in_cents),
            unpaid_in_cents: result.unpaid_in_cents,
          };
        }
        return v1Transaction(await topUpPrepaidInSession(tx, session, amount), amount);
      },
    );
  });
}
