import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { DEMO } from '../../../contract/examples';
import {
  contactProof,
  identifyRequest,
  identifyResult,
  portalContact,
  portalCreditReception,
  portalSessionState,
  registerRequest,
  scannedCode,
  scanRequest,
  verifyCodeRequest,
} from '../../../contract/portal';
import type { Tx } from '../../db/transaction';
import { WRONG_CODES_PER_ADDRESS, WRONG_CODES_PER_CONTACT } from '../../domain/contacts/guess-budgets';
import { acceptTermsInSession } from '../../domain/contacts/terms';
import {
  type CodeDelivery,
  countCodeAttempt,
  sendCodeInSession,
  verifyCodeInSession,
} from '../../domain/contacts/verification';
import { counterEvent } from '../../domain/portal-sessions/counter-view';
import { creditInSession } from '../../domain/portal-sessions/end-screen';
import { type PortalSessionRow, sessionForAction } from '../../domain/portal-sessions/guards';
import { identifyInSession, registerInSession } from '../../domain/portal-sessions/identification';
import { classifyScannedValue } from '../../domain/portal-sessions/scan';
import { endSession, loadSession } from '../../domain/portal-sessions/sessions';
import { sessionContactProof, portalSessionState as stateOf } from '../../domain/portal-sessions/views';
import { madeBy } from '../openapi/document';
import { addressKey } from '../plugins/rate-limit';
import { ok, zodRoutes } from '../route';
import { SESSION_STREAM_ENDED, streamSessionEvents, TOO_MANY_STREAMS } from '../sse';
import { deliverCode } from '../verification-mail';
import {
  IDEMPOTENCY,
  IDENTIFIED,
  noBody,
  REFUSED,
  sessionCalls,
  sessionRoute,
  TAG,
  UNKNOWN_SESSION,
  viewOptions,
} from './session-calls';

/**
 * The kiosk's session calls (contract/portal.ts): state, event stream, identify, scan lookup,
 * register, verification, credit reception, complete, cancel. Actions are refused (1003) for an
 * unknown (404), expired (410) or ended (409) session and outside the session's type (403); reading
 * the state always works, as the counter may read it (docs/trust-model.md).
 */
export default async function portalSessionRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const { act, read } = sessionCalls(fastify);
  const options = (tx: Tx) => viewOptions(app, tx.now);

  const endWith = (status: 'completed' | 'cancelled') => async (tx: Tx, session: PortalSessionRow) =>
    stateOf(tx.db, await endSession(tx, session, status, 'screen'), options(tx));

  app.get(
    '/sessions/:uuid',
    sessionRoute({
      summary: 'The state the kiosk renders a session from (also of ended sessions)',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      errors: [UNKNOWN_SESSION],
      response: { 200: envelope(portalSessionState) },
    }),
    async (req) =>
      ok(await app.tx(async (tx) => stateOf(tx.db, await loadSession(tx, req.params.uuid), options(tx)))),
  );

  app.get(
    '/sessions/:uuid/stream',
    sessionRoute({
      summary: "The session's events as server-sent events (event: portal_event)",
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      produces: ['text/event-stream'],
      description: 'Ends once the session has ended and its last event is sent.',
      noContent: SESSION_STREAM_ENDED,
      errors: [UNKNOWN_SESSION, TOO_MANY_STREAMS],
    }),
    async (req, reply) => {
      const session = await app.tx((tx) => loadSession(tx, req.params.uuid));
      const ended = session.status !== 'open';
      await streamSessionEvents(app, req, reply, session, { view: (event) => counterEvent(event, ended) });
    },
  );

  app.post(
    '/sessions/:uuid/identify',
    sessionRoute({
      summary: 'Identify the customer by a scanned card or app token, or by e-mail',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      description:
        'A scan proves it is them; an e-mail alone does not (see `proof`, and verification/send). ' +
        `E-mail only where the session enables it. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        60004,
        { reason: 'contact_session_token_used' },
        { reason: 'customer_already_credited' },
        { reason: 'email_identification_disabled' },
        { reason: 'contact_set_by_pos' },
        { reason: 'payment_awaited' },
      ],
      body: identifyRequest.meta({ example: { value: DEMO.annaCard } }),
      response: { 200: envelope(identifyResult) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'identify', (tx, session) =>
        identifyInSession(tx, session, req.body, options(tx)),
      ),
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
      summary: 'Register a new contact (sessions with enable_registration; one per session)',
      exampleAfter: madeBy('createPortalSession', 'uuid'),
      description: `The terms acceptance is kept with its time and the account's terms address. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        60005,
        60014,
        60004,
        55030,
        { reason: 'registration_disabled' },
        { reason: 'customer_already_credited' },
        { reason: 'registration_done' },
        { reason: 'contact_set_by_pos' },
        { reason: 'payment_awaited' },
      ],
      body: registerRequest.meta({ example: { email: 'new.customer@example.com', accept_terms: true } }),
      response: { 200: envelope(z.object({ contact: portalContact })) },
    }),
    (req, reply) =>
      act(req, reply, req.params.uuid, 'register', (tx, session) => {
        // The kiosk's screen showed the terms and the subscription types; its request is the customer's acceptance.
        const { subscription_type_ids, accept_terms: _accepted, ...registration } = req.body;
        return registerInSession(
          tx,
          session,
          { ...registration, consent: { subscription_type_ids } },
          options(tx),
        );
      }),
  );

  app.post(
    '/sessions/:uuid/verification/send',
    sessionRoute({
      tags: [TAG, 'Extension'],
      summary: "Send a six-digit code to the address of the session's customer (valid 10 minutes)",
      exampleAfter: IDENTIFIED,
      description:
        'Extension (ours). A customer known by e-mail alone proves it is them with it (verification/verify). ' +
        'Three codes per session at most; nothing is sent to a customer who proved it themselves already ' +
        "(the POS's customer may get one: opening their account needs their own proof). None while the " +
        "contact's wrong codes of the hour are spent (429). Without a mail server the code goes to the " +
        `service's log. ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        { reason: 'customer_not_identified' },
        { reason: 'verification_locked' },
        { reason: 'too_many_wrong_codes' },
      ],
      body: noBody,
      response: { 200: envelope(contactProof) },
    }),
    async (req, reply) => {
      const sent: { delivery: CodeDelivery | null } = { delivery: null };
      const body = await act(req, reply, req.params.uuid, 'verify', async (tx, session) => {
        sent.delivery = await sendCodeInSession(tx, session);
        return (await sessionContactProof(tx.db, session, options(tx)))!;
      });
      if (sent.delivery) await deliverCode(app, req, sent.delivery);
      return body;
    },
  );

  app.post(
    '/sessions/:uuid/verification/verify',
    sessionRoute({
      tags: [TAG, 'Extension'],
      summary: 'Check the code the customer typed: once right, they are proven for the session',
      exampleAfter: IDENTIFIED,
      description:
        'Extension (ours). Five tries per session, right or wrong; then the session takes no more codes. ' +
        `Across sessions and codes, ${WRONG_CODES_PER_CONTACT} wrong codes an hour per contact and ` +
        `${WRONG_CODES_PER_ADDRESS} per client address (429 too_many_wrong_codes, Retry-After). ${IDEMPOTENCY}`,
      errors: [
        ...REFUSED,
        { reason: 'customer_not_identified' },
        { reason: 'verification_code_wrong' },
        { reason: 'verification_code_expired' },
        { reason: 'verification_locked' },
        { reason: 'too_many_wrong_codes' },
      ],
      body: verifyCodeRequest,
      response: { 200: envelope(contactProof) },
    }),
    async (req, reply) => {
      // The try is counted in a transaction of its own: a wrong code's refusal keeps it counted.
      const address = addressKey(req);
      await app.tx(async (tx) =>
        countCodeAttempt(tx, await sessionForAction(tx, req.params.uuid, 'verify'), address),
      );
      return act(
        req,
        reply,
        req.params.uuid,
        'verify',
        async (tx, session) =>
          (await sessionContactProof(
            tx.db,
            await verifyCodeInSession(tx, session, req.body.code, address),
            options(tx),
          ))!,
      );
    },
  );

  app.post(
    '/sessions/:uuid/terms/accept',
    sessionRoute({
      tags: [TAG, 'Extension'],
      summary: "The session's customer accepts the account's terms, which they have not accepted yet",
      exampleAfter: IDENTIFIED,
      description:
        "Extension (ours). For a customer whose `terms_pending` is true (registered where the account's terms " +
        'were not shown to them): the acceptance is kept with its time and the terms and privacy addresses. ' +
        `Only the customer, proven (an e-mail address alone is no proof). ${IDEMPOTENCY}`,
      errors: [...REFUSED, { reason: 'customer_not_identified' }, { reason: 'proof_required' }],
      body: noBody,
      response: { 200: envelope(z.object({ contact: portalContact })) },
    }),
    (req, reply) => act(req, reply, req.params.uuid, 'register', acceptTermsInSession),
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
