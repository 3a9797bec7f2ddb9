import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import type { RouteError } from '../../../contract/errors';
import { DEMO } from '../../../contract/examples';
import { type PortalSessionType, portalEvent } from '../../../contract/portal';
import {
  createdPortalSession,
  creditReceptionSessionBody,
  portalSession,
  portalSessionSettingsBody,
  portalSessionUuidParams,
  prepaidSessionBody,
  redeemGiftcardsSessionBody,
} from '../../../contract/public/portal-sessions';
import { sessionEvents } from '../../domain/portal-session-events';
import { portalSessionByUuid } from '../../domain/portal-session-guards';
import { createPortalSession, portalSessionView } from '../../domain/portal-sessions';
import { madeBy } from '../openapi/document';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';
import { eventStreams, streamSessionEvents } from '../sse';

const TAG = 'Portal sessions';
const NOTES =
  'Response `url` = `{PORTAL_URL}?uuid={uuid}`; the session expires after SESSION_TTL_MINUTES (default 60).';
const CREATE_ERRORS: readonly RouteError[] = [
  { code: 1008, when: 'shop missing, unknown or not the bound key’s' },
  55031,
  { code: 1003, when: 'invalid settings' },
];
const UNKNOWN_SESSION = { code: 1003, status: 404, when: 'unknown session' } as const;

const PREPAID_AMOUNT =
  '**Extension**: optional `amount_in_cents`, the amount the screen pays or tops up (else typed there).';

/** The seven create variants (spec "Portal sessions (A)"): path, session type, body. */
const VARIANTS: {
  path: string;
  type: PortalSessionType;
  body: z.ZodType<Parameters<typeof createPortalSession>[3]>;
  summary: string;
  description?: string;
  errors?: readonly RouteError[];
  /** Its example besides the demo shop: the customer (Anna) and amount the session's calls need. */
  example?: Record<string, unknown>;
}[] = [
  {
    path: '/portal-sessions',
    example: { enable_registration: true },
    type: 'identify',
    body: portalSessionSettingsBody,
    summary: 'Create a portal session (the customer identifies and sees their portal)',
  },
  {
    path: '/portal-sessions/credit-reception',
    example: { contact_uuid: DEMO.anna, amount_in_cents: 1250 },
    type: 'credit_reception',
    body: creditReceptionSessionBody,
    summary: 'Create a credit-reception portal session',
    description:
      '**Extension**: optional `amount_in_cents` (the purchase amount to credit, as unit_value = amount / 100) ' +
      'and optional `pos_transaction_uuid` (a POS transaction to credit).',
    errors: [1027, 6001],
  },
  {
    path: '/portal-sessions/redeem-giftcards',
    example: { amount_in_cents: 1250 },
    type: 'redeem_giftcards',
    body: redeemGiftcardsSessionBody,
    summary: 'Create a portal session that pays an amount with gift cards',
  },
  {
    path: '/portal-sessions/top-up-giftcards',
    type: 'top_up_giftcards',
    body: portalSessionSettingsBody,
    summary: 'Create a portal session that tops up gift cards',
  },
  {
    path: '/portal-sessions/pay-prepaid',
    example: { contact_uuid: DEMO.anna, amount_in_cents: 500 },
    type: 'pay_prepaid',
    body: prepaidSessionBody,
    summary: 'Create a portal session that pays with the prepaid balance',
    description: PREPAID_AMOUNT,
  },
  {
    path: '/portal-sessions/top-up-prepaid',
    example: { contact_uuid: DEMO.anna },
    type: 'top_up_prepaid',
    body: prepaidSessionBody,
    summary: 'Create a portal session that tops up the prepaid balance',
    description: PREPAID_AMOUNT,
  },
  {
    path: '/portal-sessions/vouchers',
    example: { contact_uuid: DEMO.anna },
    type: 'vouchers',
    body: portalSessionSettingsBody,
    summary: 'Create a portal session that redeems vouchers',
  },
];

/**
 * Spec "Portal sessions (A)": the seven create variants and get; extensions: the session's events
 * as a list and as a server-sent-events stream.
 */
export default async function portalSessionsRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const streams = eventStreams(fastify);
  const options = () => ({ portalUrl: app.config.portalUrl, ttlMinutes: app.config.sessionTtlMinutes });

  for (const variant of VARIANTS) {
    app.post(
      variant.path,
      {
        config: { auth: 'A' },
        schema: {
          tags: [TAG],
          summary: variant.summary,
          description: [variant.description, NOTES].filter(Boolean).join('\n\n'),
          errors: [...CREATE_ERRORS, ...(variant.errors ?? [])],
          // "Try it out" sends this against the demo account (npm start) and gets a session.
          body: variant.body.meta({ example: { shop_uuid: DEMO.shop, ...variant.example } }),
          response: { 201: envelope(createdPortalSession) },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return ok(
          await req.tx((tx) => createPortalSession(tx, req.actor, variant.type, req.body, options())),
        );
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
    async (req) => {
      const row = await portalSessionByUuid(app.db, req.params.portal_session_uuid);
      return ok(await portalSessionView(app.db, row, app.config.portalUrl));
    },
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
          'Every step at the screen, oldest first: `{uuid, type, created_at, data}` (types in the README).',
        errors: [UNKNOWN_SESSION],
        params: portalSessionUuidParams,
        response: { 200: envelope(z.array(portalEvent)) },
      },
    },
    async (req) => {
      const row = await portalSessionByUuid(app.db, req.params.portal_session_uuid);
      return ok(await sessionEvents(app.db, row.id));
    },
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
          'A reconnecting client sends `Last-Event-ID` to resume after it.',
        errors: [UNKNOWN_SESSION],
        params: portalSessionUuidParams,
      },
    },
    async (req, reply) => {
      const row = await portalSessionByUuid(app.db, req.params.portal_session_uuid);
      await streamSessionEvents(app, streams.open(reply), row, req);
    },
  );
}
