import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';

import type { RouteError } from '../../../contract/errors';
import {
  ACTIVITY_PAGE_SIZE,
  meActivity,
  meActivityQuery,
  meAppCode,
  meCard,
  meCardParams,
  meCardRequest,
  meCards,
  meDeletionConfirm,
  meDeletionRequested,
  meExport as meExportSchema,
  meOverview,
  meProfile,
  meProfileRequest,
  meRewards,
  meSubscriptionParams,
  meSubscriptionRequest,
  meSubscriptions,
  meVouchers,
  signInLinkRequest,
  signInRequest,
  signInResult,
} from '../../../contract/me';

import { portalSubscription } from '../../../contract/portal';
import { removeContactCard } from '../../domain/contacts/cards';
import {
  WRONG_CARDS_PER_ADDRESS,
  WRONG_CARDS_PER_CONTACT,
  WRONG_CODES_PER_CONTACT,
} from '../../domain/contacts/guess-budgets';
import { eraseContact, meExport as exportOf } from '../../domain/contacts/privacy';
import { changeContactSubscription } from '../../domain/contacts/subscriptions';
import { acceptMeTerms } from '../../domain/contacts/terms';
import {
  CODE_TTL_MS,
  countDeletionCodeAttempt,
  sendDeletionCode,
  verifyDeletionCode,
} from '../../domain/contacts/verification';
import {
  meActivity as activityOf,
  addMeCard,
  meCards as cardsOf,
  countMeCardAttempt,
  meAppCode as makeAppCode,
  meOverview as overviewOf,
  meProfile as profileOf,
  meRewards as rewardsOf,
  meSubscriptions as subscriptionsOf,
  updateMeProfile,
  meVouchers as vouchersOf,
} from '../../domain/phone/account';
import {
  meLinkByEmail,
  revokeContactMeSessions,
  revokeMeSession,
  signInWithLink,
} from '../../domain/phone/sign-in';
import { hashToken } from '../../domain/shared/tokens';
import { apiTimestamp, isoTimestamp } from '../../domain/shared/values';
import { addressKey } from '../plugins/rate-limit';
import { zodRoutes } from '../route';
import { deliverCode } from '../verification-mail';
import { clearMeCookie, registerMeAuth, setMeCookie } from './auth';

const TAG = 'Me';
const AUTH =
  "The customer's own page: authorised by the /me/ session cookie (httpOnly, SameSite=Strict, Path=/me), " +
  'scoped to its contact; 401 signed_out without a valid one. Answers are `Cache-Control: no-store`.';
const SIGNED_IN: readonly RouteError[] = [{ reason: 'signed_out' }];
const noBody = z.preprocess((v) => v ?? {}, z.object({}));
/** Sign-in links a minute… an hour, per e-mail address and per client address. */
export const SIGN_IN_LINKS_PER_ADDRESS = 3;
export const SIGN_IN_LINKS_PER_CLIENT = 10;
const HOUR_MS = 60 * 60_000;

/**
 * The /me/ API under /me/api (contract/me.ts; docs/me.md "The /me/ API"): signing in by a link,
 * e-mailing a link, signing out, and the signed-in customer's own data.
 */
export default async function meRoutes(fastify: FastifyInstance) {
  await registerMeAuth(fastify);
  const app = zodRoutes(fastify);
  const describe = (text: string) => (text ? `${text}\n\n${AUTH}` : AUTH);
  /**
   * The options of a signed-in call: no token (the cookie, checked by registerMeAuth), the Me tag,
   * the cookie's refusal besides the call's own `errors`, the cookie's words after its description.
   */
  const signedIn = <S extends FastifySchema>(schema: S) => ({
    config: { auth: 'none' as const },
    schema: {
      ...schema,
      tags: [TAG],
      description: describe(schema.description ?? ''),
      errors: [...SIGNED_IN, ...(schema.errors ?? [])],
    },
  });
  const contactId = (req: FastifyRequest) => req.meSession.contactId;

  // Per e-mail address (hashed: the counter's key holds no address) and per client address.
  const limiters =
    fastify.config.rateLimit === 0
      ? []
      : [
          fastify.createRateLimit({
            max: SIGN_IN_LINKS_PER_CLIENT,
            timeWindow: HOUR_MS,
            keyGenerator: (req) => `me-sign-in-link:${addressKey(req)}`,
          }),
          fastify.createRateLimit({
            max: SIGN_IN_LINKS_PER_ADDRESS,
            timeWindow: HOUR_MS,
            keyGenerator: (req) =>
              `me-sign-in-link:email:${hashToken((req.body as { email: string }).email)}`,
          }),
        ];
  const limitSignInLinks = async (req: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const state = await limiter(req);
      if (state.isAllowed || !state.isExceeded) continue;
      reply.header('retry-after', state.ttlInSeconds);
      // The limit's usual answer (1003, HTTP 429), as every rate limit's.
      throw Object.assign(new Error('Too many sign-in links were asked for; try again later'), {
        statusCode: 429,
      });
    }
  };

  app.post(
    '/sign-in',
    {
      config: { auth: 'none', me: 'public' },
      schema: {
        tags: [TAG],
        summary: 'Sign in with the token of a sign-in link (once); sets the /me/ session cookie',
        description:
          'The token of `?token=` in a sign-in link (contacts-portal auth-url, the counter’s me-link, the ' +
          'e-mailed link) opens a cookie session of 30 days: `Set-Cookie: portal_me=…; HttpOnly; ' +
          'SameSite=Strict; Path=/me` (Secure under TLS). A token works once, for 5 minutes.\n\n' +
          '**Try it out**: no example; run `getContactsPortalAuthUrl` and send the `token` of its url.',
        errors: [{ reason: 'link_invalid' }],
        body: signInRequest,
        response: { 200: signInResult },
      },
    },
    async (req, reply) => {
      const { secret, contact } = await app.tx((tx) => signInWithLink(tx, req.body.token));
      setMeCookie(req, reply, secret);
      return { firstname: contact.firstname };
    },
  );

  // The sign-in links being looked up and stored after their answers; a closing app waits for
  // them (not for their mail, which a mail server may hold up).
  const linksUnderWay = new Set<Promise<void>>();
  fastify.addHook('onClose', async () => {
    await Promise.allSettled([...linksUnderWay]);
  });
  /** Looks the address up and, for a known one, stores a link and mails it: after the answer. */
  const mailSignInLink = (req: FastifyRequest, email: string) => {
    const work = app
      .tx((tx) => meLinkByEmail(tx, email, app.config.portalUrl))
      .then((mail) => {
        if (mail)
          app.mailer.send(mail).catch((err: unknown) => req.log.error({ err }, 'sign-in link not sent'));
      })
      .catch((err: unknown) => req.log.error({ err }, 'sign-in link not made'));
    linksUnderWay.add(work);
    void work.finally(() => linksUnderWay.delete(work));
  };

  app.post(
    '/sign-in-link',
    {
      config: { auth: 'none', me: 'public' },
      // Every address's work starts once its answer is sent, so that a known address answers as
      // fast as an unknown one: the answer tells nothing, nor does its time (docs/me.md).
      onResponse: async (req, reply) => {
        if (reply.statusCode !== 202) return;
        const { email } = req.body as { email: string };
        setImmediate(() => mailSignInLink(req, email));
      },
      schema: {
        tags: [TAG],
        summary: 'E-mail a sign-in link to an address (the same answer whether or not it is known)',
        description:
          'Answers 202 `{}` for any address, in the same time: the address is looked up after the answer, and ' +
          'a known one then gets an e-mail with a sign-in link (once, 5 minutes). ' +
          `At most ${SIGN_IN_LINKS_PER_ADDRESS} an hour per e-mail address and ${SIGN_IN_LINKS_PER_CLIENT} an hour ` +
          'per client address (429, Retry-After).',
        body: signInLinkRequest,
        response: { 202: z.object({}) },
      },
    },
    async (req, reply) => {
      await limitSignInLinks(req, reply);
      // Nothing of the address is looked at before the answer (onResponse does the work).
      return reply.code(202).send({});
    },
  );

  app.post(
    '/sign-out',
    signedIn({
      summary: 'Sign out this browser (its cookie session stops working)',
      description: 'The cookie is cleared.',
      body: noBody,
      noContent: 'Signed out.',
    }),
    async (req, reply) => {
      await app.tx((tx) => revokeMeSession(tx, req.meSession.id));
      clearMeCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/sign-out-everywhere',
    signedIn({
      summary: "Sign out every browser of the customer's (and void their unused sign-in links)",
      description: 'The cookie is cleared.',
      body: noBody,
      noContent: 'Signed out everywhere.',
    }),
    async (req, reply) => {
      await app.tx((tx) => revokeContactMeSessions(tx, contactId(req)));
      clearMeCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/overview',
    signedIn({
      summary: 'The customer at a glance: names, e-mail, member since, balances, tier, next reward',
      response: { 200: meOverview },
    }),
    async (req) => overviewOf(app.db, contactId(req)),
  );

  app.post(
    '/terms/accept',
    signedIn({
      summary: "Accept the account's terms, which the customer has not accepted yet",
      description:
        "For a customer whose overview has `terms_to_accept` (registered where the account's terms were not " +
        'shown to them): the acceptance is kept with its time and the terms and privacy addresses. Answers the ' +
        'overview; with no terms to accept, nothing is kept.',
      body: noBody,
      response: { 200: meOverview },
    }),
    async (req) =>
      app.tx(async (tx) => {
        await acceptMeTerms(tx, contactId(req));
        return overviewOf(tx.db, contactId(req));
      }),
  );

  app.get(
    '/app-code',
    signedIn({
      summary: 'A new app code to show at the counter (a contact session token, once, 5 minutes)',
      description:
        'The kiosk takes it scanned (a QR code of `token`) or typed, once, until `expires_at`; fetch a new ' +
        'one before then.',
      response: { 200: meAppCode },
    }),
    async (req) => app.tx((tx) => makeAppCode(tx, contactId(req))),
  );

  app.get(
    '/profile',
    signedIn({
      summary: "The profile's fields (contact fields, custom attributes) with their values; member since",
      response: { 200: meProfile },
    }),
    async (req) => profileOf(app.db, contactId(req)),
  );

  app.put(
    '/profile',
    signedIn({
      summary: 'Change profile fields (all or nothing); answers the profile',
      description:
        'Each value is checked by its field (custom attributes by their definition: select options, dates, ' +
        'numbers, yes/no); one refused value refuses all (422 invalid_attribute naming each) and nothing ' +
        'changes. Null or "" clears a value. Webhooks hear contact_updated.',
      errors: [{ reason: 'invalid_attribute' }],
      body: meProfileRequest,
      response: { 200: meProfile },
    }),
    async (req) => app.tx((tx) => updateMeProfile(tx, contactId(req), req.body)),
  );

  app.get(
    '/rewards',
    signedIn({
      summary: 'The active rewards, claimable ones first, with the credits still needed',
      response: { 200: meRewards },
    }),
    async (req) => rewardsOf(app.db, contactId(req), app.clock()),
  );

  app.get(
    '/vouchers',
    signedIn({
      summary: "The customer's vouchers, any status, each with why it cannot be used now",
      response: { 200: meVouchers },
    }),
    async (req) => vouchersOf(app.db, contactId(req), app.clock()),
  );

  app.get(
    '/activity',
    signedIn({
      summary: `The customer's activity, newest first, ${ACTIVITY_PAGE_SIZE} lines a page`,
      querystring: meActivityQuery,
      response: { 200: meActivity },
    }),
    async (req) => activityOf(app.db, contactId(req), req.query.page),
  );

  app.get(
    '/cards',
    signedIn({
      summary: "The customer's cards (each by its last 4 characters)",
      response: { 200: meCards },
    }),
    async (req) => cardsOf(app.db, contactId(req)),
  );

  app.post(
    '/cards',
    signedIn({
      summary: 'Add a card by its typed number: a loyalty card of the shop, not linked yet',
      description:
        'The counter then identifies the customer by it; their own card is answered as it is. Any other ' +
        "number — unknown (never kept), someone else's card, an inactive one, a gift card's, a voucher's — " +
        `gets one answer (422 card_not_addable naming code). ${WRONG_CARDS_PER_CONTACT} refused numbers an ` +
        `hour per contact and ${WRONG_CARDS_PER_ADDRESS} per client address (429 too_many_wrong_codes, ` +
        'Retry-After).',
      errors: [{ reason: 'card_not_addable' }, { reason: 'too_many_wrong_codes' }],
      body: meCardRequest,
      response: { 201: meCard },
    }),
    async (req, reply) => {
      const id = contactId(req);
      const address = addressKey(req);
      // The try is counted in a transaction of its own: a refused number keeps it counted.
      await app.tx((tx) => countMeCardAttempt(tx, id, address));
      const card = await app.tx((tx) => addMeCard(tx, id, req.body.code, address));
      return reply.code(201).send(card);
    },
  );

  app.delete(
    '/cards/:id',
    signedIn({
      summary: 'Remove one of the customer’s cards (unlinked: its history stays)',
      errors: [{ code: 1003, status: 404, when: 'naming id: not one of the customer’s cards' }],
      params: meCardParams,
      noContent: 'Removed.',
    }),
    async (req, reply) => {
      await app.tx((tx) => removeContactCard(tx, contactId(req), req.params.id, 'id'));
      return reply.code(204).send();
    },
  );

  app.get(
    '/subscriptions',
    signedIn({
      summary: "The customer's e-mail subscriptions",
      response: { 200: meSubscriptions },
    }),
    async (req) => subscriptionsOf(app.db, contactId(req)),
  );

  app.put(
    '/subscriptions/:id',
    signedIn({
      summary: 'Subscribe or unsubscribe (double opt-in: PENDING_CONFIRMATION, as at the counter)',
      errors: [55030],
      params: meSubscriptionParams,
      body: meSubscriptionRequest,
      response: { 200: portalSubscription },
    }),
    async (req) =>
      app.tx((tx) =>
        changeContactSubscription(tx, contactId(req), {
          subscription_type_id: req.params.id,
          subscribed: req.body.subscribed,
        }),
      ),
  );

  app.get(
    '/export',
    signedIn({
      summary: 'Download my data: everything stored about the customer, as a JSON file',
      description:
        'An attachment (`my-data.json`): the contact row (profile, custom attribute values) and every ' +
        "table's rows about the customer — cards, ledgers, vouchers, subscriptions, portal sessions and " +
        'their events, /me/ sessions — without secrets (hashes, tokens).',
      response: { 200: meExportSchema },
    }),
    async (req, reply) => {
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return exportOf(app.db, contactId(req), app.clock());
    },
  );

  app.post(
    '/deletion',
    signedIn({
      summary: 'Ask to delete the account: e-mails a six-digit code (10 minutes)',
      description:
        'Confirm with POST /me/api/deletion/confirm. A new code replaces the last. None while the ' +
        "contact's wrong codes of the hour are spent (429 too_many_wrong_codes, Retry-After).",
      errors: [{ reason: 'email_not_sent' }, { reason: 'too_many_wrong_codes' }],
      body: noBody,
      response: { 202: meDeletionRequested },
    }),
    async (req, reply) => {
      const { delivery, expiresAt } = await app.tx(async (tx) => ({
        delivery: await sendDeletionCode(tx, contactId(req)),
        expiresAt: apiTimestamp(isoTimestamp(new Date(tx.now.getTime() + CODE_TTL_MS)))!,
      }));
      await deliverCode(app, req, delivery);
      return reply.code(202).send({ sent_to: delivery.sentTo, expires_at: expiresAt });
    },
  );

  app.post(
    '/deletion/confirm',
    signedIn({
      summary: 'Delete the account with the e-mailed code: personal data erased, ledgers kept anonymised',
      description:
        'Erases the profile, attribute values, cards, app codes, subscriptions and sessions; keeps the ledger ' +
        'rows (credits, prepaid, rewards, vouchers) without anything personal, so shop totals stay exact ' +
        '(docs/me.md). Every /me/ session ends; the cookie is cleared. Five tries per code, and ' +
        `${WRONG_CODES_PER_CONTACT} wrong codes an hour per contact across codes (429 too_many_wrong_codes, ` +
        'Retry-After).\n\n' +
        '**Try it out**: no example, as the code comes by e-mail.',
      errors: [
        { reason: 'verification_code_wrong' },
        { reason: 'verification_code_expired' },
        { reason: 'verification_locked' },
        { reason: 'too_many_wrong_codes' },
      ],
      body: meDeletionConfirm,
      noContent: 'The account is deleted.',
    }),
    async (req, reply) => {
      const id = contactId(req);
      // The try is counted in a transaction of its own: a wrong code's refusal keeps it counted.
      const address = addressKey(req);
      await app.tx((tx) => countDeletionCodeAttempt(tx, id, address));
      await app.tx(async (tx) => {
        await verifyDeletionCode(tx, id, req.body.code, address);
        await eraseContact(tx, id);
      });
      clearMeCookie(req, reply);
      return reply.code(204).send();
    },
  );
}
