import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { DEMO } from '../../../contract/examples';
import {
  identifyRequest,
  identifyResult,
  portalContact,
  portalCreditReception,
  portalSessionState,
  registerRequest,
  scannedCode,
  scanRequest,
} from '../../../contract/portal';
import type { Tx } from '../../db/transaction';
import { creditInSession } from '../../domain/end-screen';
import { identifyInSession, registerInSession } from '../../domain/portal-identification';
import { classifyScannedValue } from '../../domain/portal-scan';
import type { PortalSessionRow } from '../../domain/portal-session-guards';
import { portalSessionState as stateOf } from '../../domain/portal-session-views';
import { endSession, loadSession } from '../../domain/portal-sessions';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';
import { eventStreams, streamSessionEvents } from '../sse';
import {
  IDEMPOTENCY,
  noBody,
  REFUSED,
  sessionCalls,
  sessionRoute,
  TAG,
  UNKNOWN_SESSION,
} from './session-calls';

/**
 * The kiosk's session calls (contract/portal.ts): state, event stream, identify, scan lookup,
 * register, credit reception, complete, cancel. Actions are refused (1003) for an unknown (404), expired
 * (410) or ended (409) session and outside the session's type (403); reading the state always works.
 */
export default async function portalSessionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const streams = eventStreams(fastify);
  const { act, read } = sessionCalls(fastify);

  const endWith = (status: 'completed' | 'cancelled') => async (tx: Tx, session: PortalSessionRow) =>
    stateOf(tx.db, await endSession(tx, session, status), app.config.allowedOrigins);

  app.get(
    '/sessions/:uuid',
    sessionRoute({
      summary: 'The state the kiosk renders a session from (also of ended sessions)',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      errors: [UNKNOWN_SESSION],
      response: { 200: envelope(portalSessionState) },
    }),
    async (req) =>
      ok(
        await app.tx(async (tx) =>
          stateOf(tx.db, await loadSession(tx, req.params.uuid), app.config.allowedOrigins),
        ),
      ),
  );

  app.get(
    '/sessions/:uuid/stream',
    sessionRoute({
      summary: "The session's events as server-sent events (event: portal_event)",
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      produces: ['text/event-stream'],
      errors: [UNKNOWN_SESSION],
    }),
    async (req, reply) => {
      const session = await app.tx((tx) => loadSession(tx, req.params.uuid));
      await streamSessionEvents(app, streams.open(reply), session, req);
    },
  );

  app.post(
    '/sessions/:uuid/identify',
    sessionRoute({
      summary: 'Identify the customer by a scanned card or app token, or by e-mail',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      description: IDEMPOTENCY,
      errors: [
        ...REFUSED,
        60004,
        { reason: 'contact_session_token_used' },
        { reason: 'customer_already_credited' },
      ],
      body: identifyRequest.meta({ example: { value: DEMO.annaCard } }),
      response: { 200: envelope(identifyResult) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'identify', (tx, session) => identifyInSession(tx, session, req.body)),
  );

  app.post(
    '/sessions/:uuid/scan-lookup',
    sessionRoute({
      tags: [TAG, 'Extension'],
      summary:
        'What a scanned value is in this account: a loyalty card, an app code, a gift card, a voucher code, or unknown',
      description:
        'Extension (ours). Reads only: an app code is not used, a card not linked. Tells nothing of whose card or ' +
        'voucher it is. Allowed in every session type.',
      errors: [...REFUSED, { code: 1003, when: 'naming value: empty or longer than 500 characters' }],
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      body: scanRequest.meta({ example: { value: DEMO.annaCard } }),
      response: { 200: envelope(scannedCode) },
    }),
    (req) =>
      read(req.params.uuid, 'scan_lookup', (tx) => classifyScannedValue(tx.db, req.body.value, tx.now)),
  );

  app.post(
    '/sessions/:uuid/register',
    sessionRoute({
      summary: 'Register a new contact (sessions with enable_registration)',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      description: IDEMPOTENCY,
      errors: [
        ...REFUSED,
        60005,
        60014,
        60004,
        55030,
        { reason: 'registration_disabled' },
        { reason: 'customer_already_credited' },
      ],
      body: registerRequest.meta({ example: { email: 'new.customer@example.com', accept_terms: true } }),
      response: { 200: envelope(z.object({ contact: portalContact })) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'register', (tx, session) => registerInSession(tx, session, req.body)),
  );

  app.post(
    '/sessions/:uuid/credit-reception',
    sessionRoute({
      summary: "Credit the customer for the pushed POS transaction or the session's amount",
      exampleAfter: madeBy('createPortalSessionCreditReception', 'uuid'),
      description: `Once per session; later calls answer the same reception. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        1015,
        1027,
        6001,
        { reason: 'customer_not_identified' },
        { reason: 'session_already_credited' },
      ],
      body: noBody,
      response: { 200: envelope(portalCreditReception) },
    }),
    (req, reply) => act(req, reply, req.params.uuid, 'credit_reception', creditInSession),
  );

  app.post(
    '/sessions/:uuid/complete',
    sessionRoute({
      summary: 'End the session as completed',
      exampleAfter: madeBy('createPortalSessionCreditReception', 'uuid'),
      description: IDEMPOTENCY,
      errors: REFUSED,
      body: noBody,
      response: { 200: envelope(portalSessionState) },
    }),
    (req, reply) => act(req, reply, req.params.uuid, 'end', endWith('completed')),
  );

  app.post(
    '/sessions/:uuid/cancel',
    sessionRoute({
      summary: 'End the session as cancelled',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      description: IDEMPOTENCY,
      errors: REFUSED,
      body: noBody,
      response: { 200: envelope(portalSessionState) },
    }),
    (req, reply) => act(req, reply, req.params.uuid, 'end', endWith('cancelled')),
  );
}
