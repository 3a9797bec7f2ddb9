import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { HELD_TOP_UP_REFUSALS, type RouteError } from '../../../contract/errors';
import { DEMO } from '../../../contract/examples';
import { type PortalSessionType, portalEvent } from '../../../contract/portal';
import {
  createdPortalSession,
  createSessionBody,
  createSessionPath,
  optionalBody,
  portalSession,
  portalSessionUuidParams,
} from '../../../contract/public/portal-sessions';
import { SESSION_TYPES } from '../../../contract/session-types';
import type { Tx } from '../../db/transaction';
import { credentialHolder, credentialIsValid } from '../../domain/account/credentials';
import { sessionEvents } from '../../domain/portal-sessions/events';
import {
  assertSessionOfActor,
  type PortalAction,
  type PortalSessionRow,
  portalSessionByUuid,
  sessionForAction,
} from '../../domain/portal-sessions/guards';
import { confirmHeldTopUp } from '../../domain/portal-sessions/money';
import {
  createPortalSession,
  endSession,
  loadSession,
  portalSessionView,
} from '../../domain/portal-sessions/sessions';
import type { Actor } from '../../domain/shared/actor';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { SESSION_STREAM_ENDED, streamSessionEvents, TOO_MANY_STREAMS } from '../sse';

const TAG = 'Portal sessions';
const NOTES =
  'Response `url` = `{PORTAL_URL}?uuid={uuid}`; the session expires after SESSION_TTL_MINUTES (default 60).';
const CREATE_ERRORS: readonly RouteError[] = [
  { code: 1008, when: 'shop missing, unknown or not the bound key’s' },
  55031,
  { code: 1003, when: 'invalid settings' },
];
const UNKNOWN_SESSION = {
  code: 1003,
  status: 404,
  when: "unknown session, or another shop's for a register key",
} as const;
const ENDING_REFUSALS: readonly RouteError[] = [
  UNKNOWN_SESSION,
  { reason: 'portal_session_expired' },
  { reason: 'portal_session_ended' },
];

const PREPAID_AMOUNT =
  '**Extension**: optional `amount_in_cents`, the amount the screen pays or tops up (else typed there); ' +
  'it is then the only amount the screen can move.';
const TOP_UP =
  '**Extension**: a top-up is money the till has not received yet: each one records `payment_due` ' +
  '(`{amount_in_cents, held, message: "Collect € 50.00"}`) before its money moves. With ' +
  '`require_payment_confirmation` it waits for POST /portal-sessions/{uuid}/confirm-payment. One top-up ' +
  'per session, unless `allow_multiple_giftcards` (gift cards).';

const CHOICE =
  'Optional `amount_in_cents`: what a gift card pays (without it, gift cards are only topped up), and ' +
  'the only amount a top-up adds; the first money moved is the choice, the other way is refused ' +
  '(giftcard_choice_made).';

/**
 * The create variants' docs: the spec's seven (spec "Portal sessions (A)") and ours. Their paths and
 * bodies are the types' rules (contract/session-types.ts, createSessionBody).
 */
const VARIANTS: Record<
  PortalSessionType,
  {
    summary: string;
    description?: string;
    errors?: readonly RouteError[];
    /** Its example besides the demo shop: the customer (Anna) and amount the session's calls need. */
    example?: Record<string, unknown>;
  }
> = {
  identify: {
    example: { enable_registration: true },
    summary: 'Create a portal session (the customer identifies and sees their portal)',
  },
  credit_reception: {
    example: { contact_uuid: DEMO.anna, amount_in_cents: 1250 },
    summary: 'Create a credit-reception portal session',
    description:
      '**Extension**: optional `amount_in_cents` (the purchase amount to credit, as unit_value = amount / 100) ' +
      'and optional `pos_transaction_uuid` (a POS transaction to credit).',
    errors: [1027, 6001],
  },
  redeem_giftcards: {
    example: { amount_in_cents: 1250 },
    summary: 'Create a portal session that pays an amount with gift cards',
  },
  top_up_giftcards: {
    summary: 'Create a portal session that tops up gift cards',
    description: TOP_UP,
  },
  pay_prepaid: {
    example: { contact_uuid: DEMO.anna, amount_in_cents: 500 },
    summary: 'Create a portal session that pays with the prepaid balance',
    description: PREPAID_AMOUNT,
  },
  top_up_prepaid: {
    example: { contact_uuid: DEMO.anna, require_payment_confirmation: true },
    summary: 'Create a portal session that tops up the prepaid balance',
    description: `${PREPAID_AMOUNT}\n\n${TOP_UP}`,
  },
  vouchers: {
    example: { contact_uuid: DEMO.anna },
    summary: 'Create a portal session that redeems vouchers',
  },
  giftcard: {
    example: { amount_in_cents: 1250 },
    summary: 'Extension: create a portal session where the customer pays with a gift card or tops one up',
    description: `**Extension** (docs/v1-api.md). ${CHOICE}\n\n${TOP_UP}`,
  },
  prepaid: {
    example: { contact_uuid: DEMO.anna, amount_in_cents: 500 },
    summary: 'Extension: create a portal session where the customer pays from or tops up the prepaid balance',
    description: `**Extension** (docs/v1-api.md). ${PREPAID_AMOUNT} One of the two per session.\n\n${TOP_UP}`,
  },
  scan_anything: {
    example: { amount_in_cents: 1250 },
    summary: 'Extension: create a portal session where whatever the customer scans decides what it does',
    description:
      '**Extension** (docs/v1-api.md). A loyalty card or app code opens the customer portal, a voucher its ' +
      `redemption, a gift card the choice of paying or topping up, a receipt code its credits. ${CHOICE}\n\n${TOP_UP}`,
  },
};

/**
 * Spec "Portal sessions (A)": the seven create variants and get; extensions: three more variants, the session's events
 * as a list and as a server-sent-events stream.
 */
export default async function portalSessionsRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const options = () => ({ portalUrl: app.config.portalUrl, ttlMinutes: app.config.sessionTtlMinutes });
  // A session the caller may see: a register key sees its own shop's only.
  const visible = async (actor: Actor, uuid: string): Promise<PortalSessionRow> => {
    const row = await portalSessionByUuid(app.db, uuid);
    assertSessionOfActor(row, actor);
    return row;
  };

  for (const type of SESSION_TYPES) {
    const variant = VARIANTS[type];
    app.post(
      createSessionPath(type),
      {
        config: { auth: 'A' },
        schema: {
          tags: [TAG],
          summary: variant.summary,
          description: [variant.description, NOTES].filter(Boolean).join('\n\n'),
          errors: [...CREATE_ERRORS, ...(variant.errors ?? [])],
          // "Try it out" sends this against the demo account (npm start) and gets a session.
          body: createSessionBody(type).meta({ example: { shop_uuid: DEMO.shop, ...variant.example } }),
          response: { 201: envelope(createdPortalSession) },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(await req.tx((tx) => createPortalSession(tx, req.actor, type, req.body, options())));
      },
    );
  }

  app.get(
    '/portal-sessions/:portal_session_uuid',
    {
      config: { auth: 'A' },
      schema: {
        tags: [TAG],
        summary: 'Get a portal session',
        exampleAfter: madeBy('createPortalSession', 'portal_session_uuid'),
        errors: [UNKNOWN_SESSION],
        params: portalSessionUuidParams,
        response: { 200: envelope(portalSession) },
      },
    },
    async (req) =>
      ok(
        await portalSessionView(
          app.db,
          await visible(req.actor, req.params.portal_session_uuid),
          app.config.portalUrl,
        ),
      ),
  );

  app.get(
    '/portal-sessions/:portal_session_uuid/events',
    {
      config: { auth: 'A' },
      schema: {
        tags: [TAG, EXTENSION_TAG],
        summary: "Extension: list a portal session's events",
        exampleAfter: madeBy('createPortalSession', 'portal_session_uuid'),
        description:
          'Every step at the screen, oldest first: `{uuid, type, created_at, data}` (types in docs/extensions.md).',
        errors: [UNKNOWN_SESSION],
        params: portalSessionUuidParams,
        response: { 200: envelope(z.array(portalEvent)) },
      },
    },
    async (req) =>
      ok(await sessionEvents(app.db, (await visible(req.actor, req.params.portal_session_uuid)).id)),
  );

  app.get(
    '/portal-sessions/:portal_session_uuid/events/stream',
    {
      config: { auth: 'A' },
      schema: {
        tags: [TAG, EXTENSION_TAG],
        summary: "Extension: stream a portal session's events (server-sent events)",
        exampleAfter: madeBy('createPortalSession', 'portal_session_uuid'),
        produces: ['text/event-stream'],
        description:
          '`text/event-stream`: each event as `event: portal_event`, `id: <event uuid>`, `data: <event JSON>`; ' +
          'the stored events first, then new ones live; a comment line every 15 s. ' +
          'A reconnecting client sends `Last-Event-ID` to resume after it. The stream ends once the session ' +
          'has ended and its last event is sent, and when the credential is revoked.',
        noContent: SESSION_STREAM_ENDED,
        errors: [UNKNOWN_SESSION, TOO_MANY_STREAMS],
        params: portalSessionUuidParams,
      },
    },
    async (req, reply) => {
      const row = await visible(req.actor, req.params.portal_session_uuid);
      const hash = req.credentialHash;
      await streamSessionEvents(app, req, reply, row, {
        holder: credentialHolder(hash),
        stillAllowed: () => credentialIsValid(app.db, hash, app.clock()),
      });
    },
  );

  /**
   * An action of the POS on one of its sessions: the session is marked expired first when overdue
   * (kept even if the action is then refused), then checked for `action` (410 expired, 409 ended)
   * and `work` runs once per Idempotency-Key.
   */
  const act = async <T>(
    req: FastifyRequest,
    uuid: string,
    action: PortalAction,
    work: (tx: Tx, session: PortalSessionRow) => Promise<T>,
  ) => {
    await visible(req.actor, uuid);
    await app.tx((tx) => loadSession(tx, uuid));
    return ok(await req.tx(async (tx) => work(tx, await sessionForAction(tx, uuid, action))));
  };

  app.post(
    '/portal-sessions/:portal_session_uuid/cancel',
    {
      config: { auth: 'A' },
      schema: {
        tags: [TAG, EXTENSION_TAG],
        summary: 'Extension: end a portal session as cancelled',
        exampleAfter: madeBy('createPortalSession', 'portal_session_uuid'),
        description:
          'The screen accepts nothing more and shows that it was cancelled; a standby screen leaves it at once. ' +
          'Records `session_cancelled` (`data: {status, by: "pos"}`); a top-up waiting for its payment is ' +
          'dropped. A register key ends its own shop’s sessions only.',
        errors: ENDING_REFUSALS,
        params: portalSessionUuidParams,
        body: optionalBody(z.object({})),
        response: { 200: envelope(portalSession) },
      },
    },
    (req) =>
      act(req, req.params.portal_session_uuid, 'end', async (tx, session) =>
        portalSessionView(tx.db, await endSession(tx, session, 'cancelled', 'pos'), app.config.portalUrl),
      ),
  );

  app.post(
    '/portal-sessions/:portal_session_uuid/confirm-payment',
    {
      config: { auth: 'A' },
      schema: {
        tags: [TAG, EXTENSION_TAG],
        summary: 'Extension: confirm that the till received the money of a held top-up',
        exampleAfter: {
          operationId: 'topUpPortalApiSessionPrepaid',
          parameters: { portal_session_uuid: '$request.path.uuid' },
        },
        description:
          'For sessions created with `require_payment_confirmation`: the top-up the screen asked for ' +
          '(`payment_due` with `held: true`) moves now. Records `payment_received` `{amount_in_cents, ' +
          'payment_due, by: "pos"}` and the transaction’s event, which it answers. A register key confirms ' +
          'its own shop’s sessions only.',
        errors: [...ENDING_REFUSALS, ...HELD_TOP_UP_REFUSALS],
        params: portalSessionUuidParams,
        body: optionalBody(z.object({})),
        response: { 200: envelope(portalEvent) },
      },
    },
    (req) =>
      act(req, req.params.portal_session_uuid, 'confirm_payment', (tx, session) =>
        confirmHeldTopUp(tx, session, 'pos'),
      ),
  );
}
