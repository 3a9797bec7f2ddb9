import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  OFFICE_SESSION_HOURS,
  officeMe,
  officeSignInRequest,
  PASSWORD_RESET_MINUTES,
  passwordResetLinkRequest,
  passwordResetRequest,
} from '../../../contract/office';
import { officeActorBySecret, officeSignedOut } from '../../domain/office/sessions';
import {
  endOfficeSession,
  endStaffSessions,
  officeMe as officeMeOf,
  passwordResetMailByEmail,
  resetPassword,
  SIGN_IN_LOCK_MINUTES,
  SIGN_IN_TRIES,
  signIn,
} from '../../domain/office/sign-in';
import { hashToken } from '../../domain/shared/tokens';
import { addressKey, tooManyFailedAttempts } from '../plugins/rate-limit';
import { zodRoutes } from '../route';
import { clearOfficeCookie, officeRoute, setOfficeCookie } from './auth';

/** What a public call's same-site check refuses (auth.ts). */
const SAME_SITE = [{ reason: 'cross_site_call' }, { reason: 'not_json' }] as const;
const noBody = z.preprocess((v) => v ?? {}, z.object({}));
const HOUR_MS = 60 * 60_000;
/** Wrong passwords (and reset tokens) one client address may send in 15 minutes, whatever the address. */
export const SIGN_IN_FAILURES_PER_CLIENT = 20;
/** Reset links an hour, per e-mail address and per client address. */
export const RESET_LINKS_PER_ADDRESS = 3;
export const RESET_LINKS_PER_CLIENT = 10;

/**
 * Signing in to the office (docs/office.md "Signing in"): by e-mail and password, out (this browser
 * or everywhere), and setting a password by an e-mailed one-time link; who is signed in.
 */
export default async function signInRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const address = (req: FastifyRequest) => normalizeIP(req.ip);

  const limited = fastify.config.rateLimit !== 0;
  const failuresOfClient = limited
    ? fastify.createRateLimit({
        max: SIGN_IN_FAILURES_PER_CLIENT,
        timeWindow: SIGN_IN_LOCK_MINUTES * 60_000,
        keyGenerator: (req) => `office-sign-in:${addressKey(req)}`,
      })
    : undefined;
  /** Refuses a client address that failed too often (429, Retry-After), before any work. */
  const checkClient = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!failuresOfClient) return;
    const state = await failuresOfClient(req, { increment: false });
    if (state.isAllowed || state.remaining > 0) return;
    reply.header('retry-after', state.ttlInSeconds);
    throw tooManyFailedAttempts();
  };
  /** Counts a failure of the client address while `work` is refused. */
  const countingFailures = async <T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      const reason = (err as { reason?: string }).reason;
      if (failuresOfClient && (reason === 'sign_in_failed' || reason === 'reset_link_invalid')) {
        await failuresOfClient(req);
      }
      throw err;
    }
  };
  const linkLimiters = limited
    ? [
        fastify.createRateLimit({
          max: RESET_LINKS_PER_CLIENT,
          timeWindow: HOUR_MS,
          keyGenerator: (req) => `office-reset-link:${addressKey(req)}`,
        }),
        fastify.createRateLimit({
          max: RESET_LINKS_PER_ADDRESS,
          timeWindow: HOUR_MS,
          keyGenerator: (req) =>
            `office-reset-link:email:${hashToken((req.body as { email: string }).email)}`,
        }),
      ]
    : [];

  /** Answers who is signed in with `secret`, and sets its cookie. */
  const signedIn = async (req: FastifyRequest, reply: FastifyReply, secret: string) => {
    const actor = await officeActorBySecret(fastify.db, secret, fastify.clock(), address(req));
    if (!actor) throw officeSignedOut();
    setOfficeCookie(req, reply, secret);
    return officeMeOf(fastify.db, actor);
  };

  app.post(
    '/sign-in',
    officeRoute(
      {
        summary: 'Sign in with e-mail and password; sets the office session cookie',
        description:
          `Opens an office session of ${OFFICE_SESSION_HOURS} hours: \`Set-Cookie: portal_office=…; HttpOnly; ` +
          'SameSite=Strict; Path=/office` (Secure under TLS), and answers who is signed in. An unknown address ' +
          `and a wrong password answer alike, in the same time. ${SIGN_IN_TRIES} wrong passwords in a row lock the ` +
          `address for ${SIGN_IN_LOCK_MINUTES} minutes (429 sign_in_locked); ${SIGN_IN_FAILURES_PER_CLIENT} wrong ` +
          `tries from one client address in ${SIGN_IN_LOCK_MINUTES} minutes stop it (429 too_many_failed_attempts).`,
        errors: [
          { reason: 'sign_in_failed' },
          { reason: 'sign_in_locked' },
          { reason: 'too_many_failed_attempts' },
          ...SAME_SITE,
        ],
        body: officeSignInRequest,
        response: { 200: officeMe },
      },
      'public',
    ),
    async (req, reply) => {
      await checkClient(req, reply);
      const { secret } = await countingFailures(req, () =>
        signIn(fastify.tx, fastify.db, req.body.email, req.body.password),
      );
      return signedIn(req, reply, secret);
    },
  );

  app.post(
    '/sign-out',
    officeRoute(
      {
        summary: 'Sign out this browser (its office session ends)',
        description: 'The cookie is cleared.',
        body: noBody,
        noContent: 'Signed out.',
      },
      'anyRole',
    ),
    async (req, reply) => {
      await fastify.tx((tx) => endOfficeSession(tx, req.officeActor.sessionId));
      clearOfficeCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/sign-out-everywhere',
    officeRoute(
      {
        summary: "Sign out every browser of the signed-in staff member's (and void their unused reset links)",
        description: 'The cookie is cleared.',
        body: noBody,
        noContent: 'Signed out everywhere.',
      },
      'anyRole',
    ),
    async (req, reply) => {
      await fastify.tx((tx) => endStaffSessions(tx, req.officeActor.staffId));
      clearOfficeCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/me',
    officeRoute(
      {
        summary: 'Who is signed in: name, e-mail, role, the shops they run, the account’s name and look',
        response: { 200: officeMe },
      },
      'anyRole',
    ),
    async (req) => officeMeOf(fastify.db, req.officeActor),
  );

  // The reset links being looked up and stored after their answers; a closing app waits for them.
  const linksUnderWay = new Set<Promise<void>>();
  fastify.addHook('onClose', async () => {
    await Promise.allSettled([...linksUnderWay]);
  });
  const mailResetLink = (req: FastifyRequest, email: string) => {
    const work = fastify
      .tx((tx) => passwordResetMailByEmail(tx, email, fastify.config.portalUrl))
      .then((mail) => {
        if (!mail) return;
        fastify.mailer
          .send(mail)
          .catch((err: unknown) => req.log.error({ err }, 'password reset link not sent'));
      })
      .catch((err: unknown) => req.log.error({ err }, 'password reset link not made'));
    linksUnderWay.add(work);
    void work.finally(() => linksUnderWay.delete(work));
  };

  app.post(
    '/password-reset-link',
    {
      ...officeRoute(
        {
          summary:
            'E-mail a link that sets a new password (the same answer whether or not the address is known)',
          description:
            'Answers 202 `{}` for any address, in the same time: the address is looked up after the answer, and ' +
            "a staff member's then gets an e-mail with a link to `/office/?reset=<token>` (once, " +
            `${PASSWORD_RESET_MINUTES} minutes). At most ${RESET_LINKS_PER_ADDRESS} an hour per e-mail address and ` +
            `${RESET_LINKS_PER_CLIENT} an hour per client address (429, Retry-After).`,
          errors: [...SAME_SITE],
          body: passwordResetLinkRequest,
          response: { 202: z.object({}) },
        },
        'public',
      ),
      // The work starts once the answer is sent: neither the answer nor its time tells who is staff.
      onResponse: async (req: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode !== 202) return;
        const { email } = req.body as { email: string };
        setImmediate(() => mailResetLink(req, email));
      },
    },
    async (req, reply) => {
      for (const limiter of linkLimiters) {
        const state = await limiter(req);
        if (state.isAllowed || !state.isExceeded) continue;
        reply.header('retry-after', state.ttlInSeconds);
        throw Object.assign(new Error('Too many reset links were asked for; try again later'), {
          statusCode: 429,
        });
      }
      return reply.code(202).send({});
    },
  );

  app.post(
    '/password-reset',
    officeRoute(
      {
        summary: 'Set a new password with the token of a reset or invitation link (once); signs in',
        description:
          'The `reset` of the link `/office/?reset=<token>`. Sets the password, ends every other session of the ' +
          'staff member, voids their other links, and opens a session (`Set-Cookie: portal_office=…`) as ' +
          '`POST /sign-in` does.',
        errors: [{ reason: 'reset_link_invalid' }, { reason: 'too_many_failed_attempts' }, ...SAME_SITE],
        body: passwordResetRequest,
        response: { 200: officeMe },
      },
      'public',
    ),
    async (req, reply) => {
      await checkClient(req, reply);
      const { secret } = await countingFailures(req, () =>
        resetPassword(fastify.tx, fastify.db, req.body.token, req.body.password, address(req)),
      );
      return signedIn(req, reply, secret);
    },
  );
}
