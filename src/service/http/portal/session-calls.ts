import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { RouteError } from '../../../contract/errors';
import { idField } from '../../../contract/fields';
import { optionalBody } from '../../../contract/public/portal-sessions';
import { typesAllowing } from '../../../contract/session-types';
import type { Tx } from '../../db/transaction';
import {
  type PortalAction,
  type PortalSessionRow,
  sessionForAction,
} from '../../domain/portal-sessions/guards';
import { loadSession } from '../../domain/portal-sessions/sessions';
import type { PortalViewOptions } from '../../domain/portal-sessions/views';
import { withIdempotency } from '../idempotency';
import { ok } from '../route';

/** The OpenAPI tag of the kiosk's calls. */
export const TAG = 'Portal API';
/** Path parameters of a session call. */
export const params = z.object({ uuid: idField() });
/** The body of calls that take none (absent reads as `{}`). */
export const noBody = optionalBody(z.object({}));
/**
 * The options of a kiosk session call: the kiosk's auth, the Portal API tag and the session `uuid`
 * path parameter, with the call's own `schema` (summary, errors, body, response; its `tags`
 * replace the tag).
 */
export function sessionRoute<S extends FastifySchema>(schema: S) {
  return { config: { auth: 'portal' as const }, schema: { tags: [TAG], params, ...schema } };
}
/** The session types that allow `action` (contract/session-types.ts), as a call's summary names them. */
export function allowedIn(action: PortalAction): string {
  return typesAllowing(action).join(', ');
}
/** How a POST's description ends. */
export const IDEMPOTENCY =
  'Send an `Idempotency-Key` header per action: a retry with the same key and body answers the first ' +
  'response without acting again.';
/** An unknown session uuid (or a session of another kiosk origin). */
export const UNKNOWN_SESSION: RouteError = { reason: 'portal_session_not_found' };
/** What every session call may answer besides its own errors (sessionForAction). */
export const REFUSED: readonly RouteError[] = [
  UNKNOWN_SESSION,
  { reason: 'portal_session_expired' },
  { reason: 'portal_session_ended' },
  { reason: 'not_allowed_in_session' },
];

/** "Try it out": a session at the demo shop in which Anna identified with her card (identify's example). */
export const IDENTIFIED = {
  operationId: 'identifyPortalApiSession',
  parameters: { uuid: '$request.path.uuid' },
};

/** What a customer's call refuses once a session is open: no customer yet, or one not proven (docs/trust-model.md). */
export const PROOF_REFUSALS: readonly RouteError[] = [
  { reason: 'customer_not_identified' },
  { reason: 'proof_required' },
];

/** What the kiosk's views need of the app at `now`: embedding origins, whether mail goes out. */
export function viewOptions(app: FastifyInstance, now: Date): PortalViewOptions {
  return { allowedOrigins: app.config.allowedOrigins, mailConfigured: Boolean(app.config.smtpUrl), now };
}

/**
 * The two ways a kiosk call runs against its session. Both first mark an overdue session expired
 * (committed even if the call is then refused), then check the session for the action
 * (sessionForAction: 404, 410, 409, 403) under its row lock.
 */
export function sessionCalls(app: FastifyInstance) {
  return {
    /** A write: runs `work` once per Idempotency-Key, in one transaction. */
    async act<T>(
      req: FastifyRequest,
      reply: FastifyReply,
      uuid: string,
      action: PortalAction,
      work: (tx: Tx, session: PortalSessionRow) => Promise<T>,
    ) {
      await app.tx((tx) => loadSession(tx, uuid));
      return withIdempotency(app, req, reply, `portal:${uuid}`, async (tx) =>
        ok(await work(tx, await sessionForAction(tx, uuid, action))),
      );
    },

    /** A read of the session's customer data, allowed in the session's state and type only. */
    async read<T>(
      uuid: string,
      action: PortalAction,
      work: (tx: Tx, session: PortalSessionRow) => Promise<T>,
    ) {
      await app.tx((tx) => loadSession(tx, uuid));
      return ok(await app.tx(async (tx) => work(tx, await sessionForAction(tx, uuid, action))));
    },
  };
}
