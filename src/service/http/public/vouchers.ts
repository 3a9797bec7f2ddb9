import type { FastifyInstance } from 'fastify';
import { envelope, pagedEnvelope } from '../../../contract/envelope';
import { VOUCHER_REDEEM_REFUSALS } from '../../../contract/errors';
import {
  createVoucherBody,
  findVoucherQuery,
  listVouchersQuery,
  redeemVoucherBody,
  releasedVoucher,
  releaseVoucherBody,
  voucher,
  voucherListPageMeta,
  voucherLock,
  voucherUuidParams,
} from '../../../contract/public/vouchers';
import {
  createVoucher,
  listVouchers,
  lockVoucher,
  recordingVoucherExpiry,
  redeemVoucher,
  releaseVoucher,
  reverseVoucherRedemption,
  voucherByCode,
  voucherView,
} from '../../domain/vouchers/vouchers';
import { madeBy } from '../openapi/document';
import { paginatorLinks } from '../paginator-links';
import { EXTENSION_TAG, ok, zodRoutes } from '../route';

const TAGS = ['Promotions and vouchers'];
const EXTENSION_TAGS = [...TAGS, EXTENSION_TAG];

/** Spec "Promotions and vouchers (K)": the vouchers list, plus the voucher extensions of extensions.md. */
export default async function voucherRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);

  app.get(
    '/vouchers',
    {
      config: { auth: 'K' },
      schema: {
        tags: TAGS,
        summary: 'List vouchers',
        description:
          'Oldest first, filtered by promotion, contact and status (the status as of now: an active ' +
          'voucher past its expiration date is EXPIRED); an unknown promotion or contact matches ' +
          'nothing. Paginated with meta {page, limit, viewing_from, viewing_to, last_page, total} and ' +
          "the real platform's {current_page, per_page, from, to} (from/to null on an empty page) " +
          'and its {path, links} (extension); ' +
          'limit 0 gives an empty page with the total.',
        querystring: listVouchersQuery,
        response: { 200: pagedEnvelope(voucher, voucherListPageMeta) },
      },
    },
    async (req) => {
      const { items, meta } = await listVouchers(app.db, req.query, app.clock());
      return { data: items, meta: { ...meta, ...paginatorLinks(req, meta) } };
    },
  );

  app.post(
    '/vouchers',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: create a voucher',
        description:
          'One ACTIVE voucher of a promotion (the PHP SDK’s `voucher->create()`), with `code` or a new ' +
          'one, linked to `contact_uuid` or to nobody. Refused when the promotion has its ' +
          '`voucher_limit` vouchers (1003 naming promotion_uuid) or the contact its `limit_per_contact`.',
        errors: [
          80002,
          55031,
          { code: 1003, status: 409, when: 'the code is taken' },
          { reason: 'voucher_limit_reached' },
        ],
        body: createVoucherBody,
        response: { 201: envelope(voucher) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await req.tx((tx) => createVoucher(tx, req.body)));
    },
  );

  app.get(
    '/vouchers/find',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: find a voucher by code',
        errors: [80004],
        querystring: findVoucherQuery,
        response: { 200: envelope(voucher) },
      },
    },
    async (req) => ok(await voucherView(app.db, await voucherByCode(app.db, req.query.code), app.clock())),
  );

  app.post(
    '/vouchers/:voucher_uuid/lock',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: lock a voucher',
        description:
          'Status LOCKED for one hour (then it counts as released): it can be redeemed or released ' +
          'only with the returned release key. Also answers, as the real platform does, the locked ' +
          '`voucher` and its `lock` {release_key, locked_at, unlocked_at, system_release_at}.',
        errors: [80004, 80017, 80005, 80006, 80012, 80014],
        params: voucherUuidParams,
        response: { 200: envelope(voucherLock) },
      },
    },
    async (req) =>
      ok(await recordingVoucherExpiry(req.tx, (tx) => lockVoucher(tx, req.params.voucher_uuid), app.tx)),
  );

  app.post(
    '/vouchers/:voucher_uuid/release',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: release a locked voucher',
        exampleAfter: { operationId: 'lockVoucher', parameters: {}, requestBody: '$response.body#/data' },
        description:
          'Back to ACTIVE: the voucher, and, as the real platform answers, `voucher` and its ended ' +
          '`lock`.',
        errors: [80004, { reason: 'voucher_not_locked' }, { reason: 'voucher_release_key_wrong' }],
        params: voucherUuidParams,
        body: releaseVoucherBody,
        response: { 200: envelope(releasedVoucher) },
      },
    },
    async (req) =>
      ok(await req.tx((tx) => releaseVoucher(tx, req.params.voucher_uuid, req.body.release_key))),
  );

  app.post(
    '/vouchers/redeem',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: redeem a voucher',
        description:
          'Status REDEEMED with redeemed_at. The shop is `shop_uuid` or the key’s bound shop. A voucher ' +
          'linked to nobody needs `contact_uuid` and is linked to that contact, unless the contact ' +
          "already holds the promotion's limit_per_contact vouchers (1003). A locked voucher needs its " +
          '`release_key` (none: 80017; a wrong one: 1003). Of concurrent redemptions of one voucher ' +
          'exactly one succeeds. On /api/v3/oauth/clients a credential bound to no shop may leave ' +
          '`shop_uuid` out (the PHP SDK’s OAuth redeem sends none): no shop is recorded.',
        errors: [
          1008,
          55031,
          ...VOUCHER_REDEEM_REFUSALS,
          { reason: 'voucher_limit_reached' },
          { reason: 'voucher_someone_else' },
          { reason: 'voucher_release_key_wrong' },
        ],
        body: redeemVoucherBody,
        response: { 200: envelope(voucher) },
      },
    },
    async (req) =>
      ok(
        await recordingVoucherExpiry(
          req.tx,
          (tx) =>
            redeemVoucher(tx, req.actor, req.body, {
              shopOptional: req.routeOptions.config.surface === 'oauth',
            }),
          app.tx,
        ),
      ),
  );

  app.post(
    '/vouchers/:voucher_uuid/reverse',
    {
      config: { auth: 'K' },
      schema: {
        tags: EXTENSION_TAGS,
        summary: 'Extension: reverse a voucher redemption',
        exampleAfter: madeBy('redeemVoucher'),
        description:
          'REDEEMED → ACTIVE (redeemed_at cleared; it stays linked to its contact). A register key ' +
          "reverses redemptions at its own shop only: another shop's (or one that recorded no shop) " +
          'answers 80004, as an unknown voucher.',
        errors: [
          { code: 80004, when: 'unknown, or redeemed at another shop' },
          { reason: 'voucher_not_redeemed' },
        ],
        params: voucherUuidParams,
        response: { 200: envelope(voucher) },
      },
    },
    async (req) => ok(await req.tx((tx) => reverseVoucherRedemption(tx, req.actor, req.params.voucher_uuid))),
  );
}
