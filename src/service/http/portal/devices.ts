import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../../contract/envelope';
import { DEMO } from '../../../contract/examples';
import { idField } from '../../../contract/fields';
import { PAIRING_CODE_MINUTES, tabletPairing, tabletPairRequest } from '../../../contract/office';
import { deviceState } from '../../../contract/portal';
import { deviceHolder } from '../../domain/account/credentials';
import { WRONG_PAIRING_CODES_PER_ADDRESS } from '../../domain/contacts/guess-budgets';
import { pairTablet } from '../../domain/devices/office-devices';
import { countPairingAttempt } from '../../domain/devices/pairing';
import { deviceShopId, deviceShopIdOf, deviceState as stateOf } from '../../domain/devices/standby';
import { shopTopic } from '../../domain/portal-sessions/sessions';
import { hashToken } from '../../domain/shared/tokens';
import { addressKey } from '../plugins/rate-limit';
import { ok, zodRoutes } from '../route';
import { TOO_MANY_STREAMS } from '../sse';

const TAG = 'Portal API';
const params = z.object({ token: idField().meta({ example: DEMO.device }) });

/**
 * Standby screens (docs/design.md "Portal sessions"): a tablet pairs with the code the office shows
 * and gets its device token; by that token it reads which session to show, once or as a stream that
 * follows the shop's sessions.
 */
const UNKNOWN_DEVICE = { reason: 'device_not_found' } as const;

/** Tablet pairing attempts a minute per client address (besides the budget of wrong codes). */
export const TABLET_PAIRING_RATE_LIMIT = 10;

export default async function deviceRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.post(
    '/devices/pair',
    {
      config: {
        auth: 'portal',
        rateLimit: {
          max: Math.min(fastify.config.rateLimit, TABLET_PAIRING_RATE_LIMIT),
          timeWindow: 60_000,
          keyGenerator: (req) => `tablet-pairing:${addressKey(req)}`,
        },
      },
      schema: {
        tags: [TAG],
        summary: "Pair a standby screen: the pairing code the office shows, for the screen's device token",
        description:
          'The tablet keeps the token and opens its standby screen with it (`?device=`, GET /devices/{token}); ' +
          `a token it had before stops working. A code works once, for ${PAIRING_CODE_MINUTES} minutes; an ` +
          'unknown, used or expired one (or a console’s) gets one answer (401 pairing_code_invalid). ' +
          `${TABLET_PAIRING_RATE_LIMIT} attempts a minute per address, and ${WRONG_PAIRING_CODES_PER_ADDRESS} ` +
          'wrong codes an hour (429 too_many_wrong_codes, Retry-After).',
        errors: [{ reason: 'pairing_code_invalid' }, { reason: 'too_many_wrong_codes' }],
        body: tabletPairRequest,
        response: { 200: envelope(tabletPairing) },
      },
    },
    async (req) => {
      const address = normalizeIP(req.ip);
      // The try is counted in a transaction of its own: a wrong code keeps it counted.
      await app.tx((tx) => countPairingAttempt(tx, address));
      return ok({ token: await app.tx((tx) => pairTablet(tx, req.body.code, address)) });
    },
  );

  app.get(
    '/devices/:token',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: "A standby screen's shop and the session it shows",
        errors: [UNKNOWN_DEVICE],
        params,
        response: { 200: envelope(deviceState) },
      },
    },
    async (req) => {
      const shopId = await deviceShopId(app.db, req.params.token);
      return ok((await stateOf(app.db, shopId, app.clock())).state);
    },
  );

  app.get(
    '/devices/:token/stream',
    {
      config: { auth: 'portal' },
      schema: {
        tags: [TAG],
        summary: "A standby screen's state as server-sent events (event: device_state)",
        produces: ['text/event-stream'],
        description:
          'Sends the state at once, and again whenever a session of the shop is created or ends ' +
          '(or the one shown expires). Ends when the device is revoked or re-paired in the office, or the ' +
          'fixture no longer lists it.',
        errors: [UNKNOWN_DEVICE, TOO_MANY_STREAMS],
        params,
      },
    },
    async (req, reply) => {
      const shopId = await deviceShopId(app.db, req.params.token);
      const holder = deviceHolder(hashToken(req.params.token));
      const stream = app.eventStreams.start(req, reply, {
        subject: holder,
        holder,
        stillAllowed: async () => (await deviceShopIdOf(app.db, req.params.token)) === shopId,
      });
      let last = '';
      let expiry: NodeJS.Timeout | undefined;
      let closed = false;
      let queue = Promise.resolve();
      const send = async () => {
        const { state, expiresAt } = await stateOf(app.db, shopId, app.clock());
        if (closed) return;
        clearTimeout(expiry);
        if (expiresAt) {
          // Look again when the shown session runs out, so the screen returns to standby by itself.
          expiry = setTimeout(refresh, Math.max(0, Date.parse(expiresAt) - app.clock().getTime()) + 1000);
          expiry.unref();
        }
        const text = JSON.stringify(state);
        if (text === last) return;
        last = text;
        stream.send('device_state', state);
      };
      // One refresh at a time, in order, so the screen never sees an older state after a newer one.
      function refresh() {
        queue = queue.then(send).catch((err: unknown) => req.log.warn({ err }, 'device state failed'));
      }
      stream.onClose(() => {
        closed = true;
        clearTimeout(expiry);
      });
      stream.onClose(app.bus.subscribe(shopTopic(shopId), refresh));
      refresh();
      await queue;
    },
  );
}
