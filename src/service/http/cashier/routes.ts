import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cashierContact,
  cashierDevice,
  cashierSession,
  cashierSessionSummary,
  findContactRequest,
  pairRequest,
  purchaseRequest,
  sessionsQuery,
  staffSignInRequest,
  startSessionRequest,
  tillStaffMember,
} from '../../../contract/cashier';
import { envelope } from '../../../contract/envelope';
import { HELD_TOP_UP_REFUSALS } from '../../../contract/errors';
import { idField } from '../../../contract/fields';
import { PAIRING_CODE_MINUTES } from '../../../contract/office';
import type { Tx } from '../../db/transaction';
import { cashierSessionHolder } from '../../domain/account/credentials';
import {
  cancelCashierSession,
  cashierSessionSummaries,
  cashierSessionView,
  findContactForCashier,
  receivePayment,
  sendPurchase,
  shopSession,
  shopSessionsSince,
  startCashierSession,
} from '../../domain/console/sessions';
import {
  PASSCODE_LOCK_MINUTES,
  PASSCODE_RATE_LIMIT,
  PASSCODE_TRIES,
  signInAtTill,
  signOutAtTill,
  tillStaffOfShop,
} from '../../domain/console/till-staff';
import { WRONG_PAIRING_CODES_PER_ADDRESS } from '../../domain/contacts/guess-budgets';
import {
  type ConsoleActor,
  cashierDeviceView,
  cashierActor as deviceActor,
  pairCashierDevice,
  pairCashierDeviceByCode,
  pairedDeviceBySecret,
  renewCashierSession,
  unpairCashierDevice,
} from '../../domain/devices/consoles';
import { countPairingAttempt } from '../../domain/devices/pairing';
import type { PortalSessionRow } from '../../domain/portal-sessions/guards';
import { shopTopic } from '../../domain/portal-sessions/sessions';
import { withIdempotency } from '../idempotency';
import { madeBy } from '../openapi/document';
import { ok, zodRoutes } from '../route';
import { SESSION_STREAM_ENDED, streamSessionEvents, TOO_MANY_STREAMS } from '../sse';
import {
  CASHIER_COOKIE,
  CASHIER_RATE_LIMIT,
  cashierRateKey,
  clearDeviceCookie,
  PAIRING_RATE_LIMIT,
  pairingRateKey,
  registerDeviceAuth,
  setDeviceCookie,
} from './device-auth';

const TAG = 'Cashier console';
const AUTH =
  "Cashier console: authorised by the device's httpOnly session cookie (from pair), scoped to its shop; " +
  '401 when not paired, or the device was revoked (in the office, or removed from the fixture).';
const IDEMPOTENCY = 'Takes an `Idempotency-Key` header: a retry with the same key and body acts once.';
const params = z.object({ uuid: idField() });
// Another shop's session answers as an unknown one.
const UNKNOWN_SESSION = { reason: 'portal_session_not_found' } as const;
const EXPIRED = { reason: 'portal_session_expired' } as const;
const noBody = z.preprocess((v) => v ?? {}, z.object({}));
// Starting, cancelling and confirming need a person at the till when the shop has till staff.
const SIGN_IN_REQUIRED = { reason: 'staff_sign_in_required' } as const;
/** The actor of a console call: the device, the person at its till, the client's address. */
const cashierActor = (req: FastifyRequest): ConsoleActor =>
  deviceActor(req.cashierDevice, normalizeIP(req.ip));

/**
 * The cashier console's API under /cashier/api (contract/cashier.ts): pairing, the device, finding a
 * customer, starting, following, cancelling and completing the purchase of the shop's sessions, and
 * today's sessions. Rate-limited per console session (pairing per address).
 */
export default async function cashierRoutes(fastify: FastifyInstance) {
  await registerDeviceAuth(fastify);
  const app = zodRoutes(fastify);
  const limit = (max: number, keyGenerator: (req: FastifyRequest) => string) => ({
    rateLimit: { max: Math.min(fastify.config.rateLimit, max), timeWindow: 60_000, keyGenerator },
  });
  const config = { auth: 'none' as const, ...limit(CASHIER_RATE_LIMIT, cashierRateKey) };
  const sessionOptions = () => ({
    portalUrl: app.config.portalUrl,
    ttlMinutes: app.config.sessionTtlMinutes,
  });
  const describe = (text: string) => `${text}\n\n${AUTH}`;
  /** A console session's stream: it ends when the console is unpaired or its device revoked. */
  const consoleStream = (req: FastifyRequest) => {
    const holder = cashierSessionHolder(req.cashierDevice.sessionId);
    const secret = req.cookies[CASHIER_COOKIE] ?? '';
    return {
      subject: holder,
      holder,
      stillAllowed: async () => (await pairedDeviceBySecret(app.db, secret, app.clock())) !== undefined,
    };
  };
  /**
   * An action on one session of the device's shop: the session is marked expired first when overdue
   * (kept even if the action is then refused), then `work` runs once per Idempotency-Key.
   */
  const act = async (
    req: FastifyRequest,
    reply: FastifyReply,
    uuid: string,
    work: (tx: Tx, actor: ConsoleActor) => Promise<PortalSessionRow>,
  ) => {
    const actor = cashierActor(req);
    await app.tx((tx) => shopSession(tx, actor, uuid));
    return withIdempotency(app, req, reply, `cashier:${req.cashierDevice.id}`, async (tx) =>
      ok(await cashierSessionView(tx.db, await work(tx, actor), tx.now)),
    );
  };

  app.post(
    '/pair',
    {
      config: { auth: 'none', cashier: 'pair', ...limit(PAIRING_RATE_LIMIT, pairingRateKey) },
      schema: {
        tags: [TAG],
        summary: 'Pair this browser: the pairing code the office shows, or a fixture device token',
        description:
          'Answers the device and sets its session cookie (httpOnly, SameSite=Strict, Path=/cashier, ' +
          'Secure under TLS); neither code nor token is kept by the browser. A code works once, for ' +
          `${PAIRING_CODE_MINUTES} minutes; an unknown, used or expired one gets one answer (401 ` +
          `pairing_code_invalid). ${PAIRING_RATE_LIMIT} attempts a minute per address, and ` +
          `${WRONG_PAIRING_CODES_PER_ADDRESS} wrong codes an hour (429 too_many_wrong_codes, Retry-After).`,
        errors: [
          { reason: 'device_not_paired' },
          { reason: 'pairing_code_invalid' },
          { reason: 'too_many_wrong_codes' },
          { reason: 'cross_site_call' },
        ],
        body: pairRequest,
        response: { 200: envelope(cashierDevice) },
      },
    },
    async (req, reply) => {
      const address = normalizeIP(req.ip);
      const code = 'code' in req.body ? req.body.code : undefined;
      const token = 'token' in req.body ? req.body.token : '';
      if (code !== undefined) {
        // The try is counted in a transaction of its own: a wrong code keeps it counted.
        await app.tx((tx) => countPairingAttempt(tx, address));
      }
      const { device, secret } = await app.tx((tx) =>
        code !== undefined
          ? pairCashierDeviceByCode(tx, code, address)
          : pairCashierDevice(tx, token, address),
      );
      setDeviceCookie(req, reply, secret);
      return ok(await cashierDeviceView(app.db, device));
    },
  );

  app.post(
    '/unpair',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'End this browser’s console session',
        description: describe('The cookie is cleared and stops working.'),
        body: noBody,
        response: { 200: envelope(z.object({ paired: z.literal(false) })) },
      },
    },
    async (req, reply) => {
      await app.tx((tx) => unpairCashierDevice(tx, req.cashierDevice));
      clearDeviceCookie(req, reply);
      return ok({ paired: false as const });
    },
  );

  app.get(
    '/device',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'The paired device: its name, shop, the account’s look and the session defaults',
        description: describe('A console session in daily use is extended (a new cookie).'),
        response: { 200: envelope(cashierDevice) },
      },
    },
    async (req, reply) => {
      const renewed = await app.tx((tx) => renewCashierSession(tx, req.cashierDevice));
      if (renewed) setDeviceCookie(req, reply, req.cookies[CASHIER_COOKIE]!);
      return ok(await cashierDeviceView(app.db, req.cashierDevice));
    },
  );

  app.get(
    '/staff',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'Who may work this till: the shop’s cashiers and managers with a passcode, and owners',
        description: describe('Names and uuids only, by name; empty when the shop has no till staff.'),
        response: { 200: envelope(z.array(tillStaffMember)) },
      },
    },
    async (req) => ok(await tillStaffOfShop(app.db, req.cashierDevice.shopId)),
  );

  app.post(
    '/staff/sign-in',
    {
      config: {
        auth: 'none',
        ...limit(PASSCODE_RATE_LIMIT, (req) => `cashier-passcode:${req.cashierDevice.id}`),
      },
      schema: {
        tags: [TAG],
        summary: 'A person signs in at this till with their 4-digit passcode',
        description: describe(
          'Answers the device with `staff` set: the console session acts for them (starts, cancels, ' +
            'confirms) until they sign out or another person signs in. A wrong passcode and a person ' +
            'unknown, removed or of another shop get the same answer (403 passcode_wrong). ' +
            `${PASSCODE_TRIES} wrong passcodes in a row lock the person at every till for ` +
            `${PASSCODE_LOCK_MINUTES} minutes (429 passcode_locked, Retry-After); ` +
            `${PASSCODE_RATE_LIMIT} tries a minute per device.\n\n**Try it out**: no example, as the ` +
            'passcode is the person’s own.',
        ),
        errors: [{ reason: 'passcode_wrong' }, { reason: 'passcode_locked' }],
        body: staffSignInRequest,
        response: { 200: envelope(cashierDevice) },
      },
    },
    async (req) => {
      const person = await signInAtTill(
        (work) => app.tx(work),
        cashierActor(req),
        req.cashierDevice,
        req.body,
      );
      return ok(await cashierDeviceView(app.db, { ...req.cashierDevice, staff: person }));
    },
  );

  app.post(
    '/staff/sign-out',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'Hand the till over: nobody is signed in at this console any more',
        description: describe('Answers the device with `staff` null.'),
        body: noBody,
        response: { 200: envelope(cashierDevice) },
      },
    },
    async (req) => {
      await app.tx((tx) => signOutAtTill(tx, cashierActor(req), req.cashierDevice));
      return ok(await cashierDeviceView(app.db, { ...req.cashierDevice, staff: null }));
    },
  );

  app.get(
    '/stream',
    {
      config,
      schema: {
        tags: [TAG],
        summary: "The shop's session changes as server-sent events (event: shop_session)",
        produces: ['text/event-stream'],
        description: describe(
          '`data: {session, status}` whenever a session of the shop is created or ends. Ends when the console ' +
            'is unpaired or its device revoked.',
        ),
        errors: [TOO_MANY_STREAMS],
      },
    },
    async (req, reply) => {
      const stream = app.eventStreams.start(req, reply, consoleStream(req));
      stream.onClose(
        app.bus.subscribe(shopTopic(req.cashierDevice.shopId), (change) => {
          // Changes may have been missed (the PostgreSQL listener reconnected): end the stream; the
          // console reconnects and refetches on open.
          if (change === undefined) stream.end();
          else stream.send('shop_session', change);
        }),
      );
    },
  );

  app.post(
    '/contacts/find',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'Find a customer by e-mail address or loyalty card',
        description: describe('A query with `@` is an e-mail address, else a card value.'),
        errors: [{ code: 55031, when: 'no such customer, or the card is not linked' }, 60003, 60004],
        body: findContactRequest,
        response: { 200: envelope(cashierContact) },
      },
    },
    async (req) => ok(await app.tx((tx) => findContactForCashier(tx, cashierActor(req), req.body.query))),
  );

  app.get(
    '/sessions',
    {
      config,
      schema: {
        tags: [TAG],
        summary: "The shop's sessions since a moment (default: today), newest first, with their outcome",
        description: describe(
          '`since`: an ISO 8601 time with offset, e.g. the device’s local midnight. At most 200.',
        ),
        querystring: sessionsQuery,
        response: { 200: envelope(z.array(cashierSessionSummary)) },
      },
    },
    async (req) => {
      const now = app.clock();
      const since = req.query.since
        ? new Date(req.query.since)
        : new Date(new Date(now).setHours(0, 0, 0, 0));
      const rows = await shopSessionsSince(app.db, req.cashierDevice.shopId, since);
      return ok(await cashierSessionSummaries(app.db, rows, now));
    },
  );

  app.post(
    '/sessions',
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Start a portal session of any type at the shop; its standby screens switch to it',
        description: describe(
          'As the public API’s POST /portal-sessions[/<type>], the shop being the device’s and the switches ' +
            `left out taken from the account's session defaults. ${IDEMPOTENCY}`,
        ),
        errors: [SIGN_IN_REQUIRED, 55031],
        body: startSessionRequest,
        response: { 201: envelope(cashierSession) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      const actor = cashierActor(req);
      return withIdempotency(app, req, reply, `cashier:${req.cashierDevice.id}`, async (tx) =>
        ok(
          await cashierSessionView(
            tx.db,
            await startCashierSession(tx, actor, req.body, sessionOptions()),
            tx.now,
          ),
        ),
      );
    },
  );

  app.get(
    '/sessions/:uuid',
    {
      config,
      schema: {
        tags: [TAG],
        summary: 'One session of the shop as the console follows it',
        exampleAfter: madeBy('createCashierSession', 'uuid'),
        description: describe('Another shop’s session answers as an unknown one.'),
        errors: [UNKNOWN_SESSION],
        params,
        response: { 200: envelope(cashierSession) },
      },
    },
    async (req) =>
      ok(
        await app.tx(async (tx) =>
          cashierSessionView(tx.db, await shopSession(tx, cashierActor(req), req.params.uuid), tx.now),
        ),
      ),
  );

  app.get(
    '/sessions/:uuid/stream',
    {
      config,
      schema: {
        tags: [TAG],
        summary: "A session's events as server-sent events (event: portal_event), as the POS's stream",
        exampleAfter: madeBy('createCashierSession', 'uuid'),
        produces: ['text/event-stream'],
        description: describe(
          'The stored events first, then each new one live; `Last-Event-ID` resumes. Ends once the session has ' +
            'ended and its last event is sent, and when the console is unpaired or its device revoked.',
        ),
        noContent: SESSION_STREAM_ENDED,
        errors: [UNKNOWN_SESSION, TOO_MANY_STREAMS],
        params,
      },
    },
    async (req, reply) => {
      const session = await app.tx((tx) => shopSession(tx, cashierActor(req), req.params.uuid));
      const { holder, stillAllowed } = consoleStream(req);
      await streamSessionEvents(app, req, reply, session, { holder, stillAllowed });
    },
  );

  app.post(
    '/sessions/:uuid/cancel',
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Cancel an open session of the shop (the counter screen shows it is cancelled)',
        exampleAfter: madeBy('createCashierSession', 'uuid'),
        description: describe(IDEMPOTENCY),
        errors: [SIGN_IN_REQUIRED, UNKNOWN_SESSION, EXPIRED, { reason: 'portal_session_ended' }],
        params,
        body: noBody,
        response: { 200: envelope(cashierSession) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, (tx, actor) => cancelCashierSession(tx, actor, req.params.uuid)),
  );

  app.post(
    '/sessions/:uuid/purchase',
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Send the purchase amount to a credit-reception session that waits for it',
        exampleAfter: madeBy('createCashierSession', 'uuid'),
        description: describe(
          'As a POS does: a POS transaction of the shop, pushed to this session; the screen then credits ' +
            `the customer. ${IDEMPOTENCY}`,
        ),
        errors: [
          SIGN_IN_REQUIRED,
          UNKNOWN_SESSION,
          EXPIRED,
          { reason: 'portal_session_ended' },
          { reason: 'purchase_already_set' },
          { reason: 'not_allowed_in_session' },
        ],
        params,
        body: purchaseRequest,
        response: { 200: envelope(cashierSession) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, (tx, actor) => sendPurchase(tx, actor, req.params.uuid, req.body)),
  );

  app.post(
    '/sessions/:uuid/payment-received',
    {
      config: { ...config, idempotent: true },
      schema: {
        tags: [TAG],
        summary: "The cashier's Received: the till has the money of the top-up the screen waits for",
        exampleAfter: {
          operationId: 'topUpPortalApiSessionPrepaid',
          parameters: { uuid: '$request.path.uuid' },
        },
        description: describe(
          'The console’s top-ups wait for it (`payment_due.held`): the money moves now and the screen shows ' +
            `the new balance. ${IDEMPOTENCY}`,
        ),
        errors: [
          SIGN_IN_REQUIRED,
          UNKNOWN_SESSION,
          EXPIRED,
          { reason: 'portal_session_ended' },
          ...HELD_TOP_UP_REFUSALS,
        ],
        params,
        body: noBody,
        response: { 200: envelope(cashierSession) },
      },
    },
    (req, reply) =>
      act(req, reply, req.params.uuid, (tx, actor) => receivePayment(tx, actor, req.params.uuid)),
  );
}
