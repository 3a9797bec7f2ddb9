import { z } from 'zod';
import { pageMeta, paginatorLink, paginatorMeta } from '../envelope';
import { DEMO } from '../examples';
import { idField } from '../fields';
import { contactRef } from './common';
import { limitField, pageField } from './pagination';
import { promotion } from './promotions';

/** Spec "States and transitions": the voucher statuses. */
export const voucherStatus = z.enum(['ACTIVE', 'REDEEMED', 'EXPIRED', 'DEACTIVATED', 'INACTIVE', 'LOCKED']);
export type VoucherStatus = z.infer<typeof voucherStatus>;

/**
 * Spec "Voucher". `name` and `description` are the promotion's; `status` is as of now (an active
 * voucher past its expiration_date shows EXPIRED, a lock older than an hour shows ACTIVE).
 * `promotion` carries the Promotion fields, `shipping`, `shipping_region` and the promotion's
 * custom attributes as further keys.
 */
export const voucher = z.object({
  uuid: z.string(),
  code: z.string(),
  status: voucherStatus,
  name: z.string(),
  description: z.string().nullable(),
  expiration_date: z.string().nullable(),
  activation_date: z.string().nullable(),
  redeemed_at: z.string().nullable(),
  is_redeemed: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  contact: contactRef.nullable(),
  promotion: promotion.extend({ shipping: z.null(), shipping_region: z.null() }).loose(),
});
export type Voucher = z.infer<typeof voucher>;

/**
 * GET /vouchers meta: the spec's paginated-list meta (as products and categories), and the real
 * platform's paginator fields (current_page, per_page, from, to), which its PHP SDK reads.
 */
export const voucherListMeta = pageMeta.extend(paginatorMeta.shape);
export type VoucherListMeta = z.infer<typeof voucherListMeta>;

/**
 * GET /vouchers meta as answered: with the paginator's `path` and `links`, which the PHP SDK's
 * vouchers->paginatedList() reads too.
 */
export const voucherListPageMeta = voucherListMeta.extend({
  path: z.string(),
  links: z.array(paginatorLink),
});

export const listVouchersQuery = z.object({
  promotion_uuid: idField().optional(),
  contact_uuid: idField().optional(),
  status: voucherStatus.optional().describe('The status as of now (see Voucher).'),
  limit: limitField(0, 500, 30),
  page: pageField(),
});
export type ListVouchersQuery = z.infer<typeof listVouchersQuery>;

export const findVoucherQuery = z.object({ code: idField().meta({ example: DEMO.voucherCode }) });

export const voucherUuidParams = z.object({ voucher_uuid: idField().meta({ example: DEMO.voucher }) });

/**
 * The real platform's lock of a voucher (its PHP SDK maps it): when it was locked, released by hand
 * (`unlocked_at`) or is released by the system (`system_release_at`, one hour after the lock).
 */
export const lockDetails = z.object({
  release_key: z.string(),
  locked_at: z.string(),
  unlocked_at: z.string().nullable(),
  system_release_at: z.string().nullable(),
});

/**
 * POST /vouchers/{uuid}/lock: the key that redeems or releases the locked voucher, and (as on the
 * real platform) the locked voucher and its lock.
 */
export const voucherLock = z.object({
  release_key: z.string(),
  locked_until: z.string().describe('The lock ends by itself at this time (one hour).'),
  voucher,
  lock: lockDetails,
});
export type VoucherLock = z.infer<typeof voucherLock>;

/** POST /vouchers/{uuid}/release: the voucher, and (as on the real platform) `voucher` and its ended `lock`. */
export const releasedVoucher = voucher.extend({ voucher, lock: lockDetails });
export type ReleasedVoucher = z.infer<typeof releasedVoucher>;

export const releaseVoucherBody = z.object({ release_key: idField() });

export const redeemVoucherBody = z
  .object({
    code: idField(),
    shop_uuid: idField().optional().describe('Required unless the API key is bound to a shop (else 1008).'),
    contact_uuid: idField()
      .optional()
      .describe('Required when the voucher is not linked to a contact; the voucher is then linked to it.'),
    release_key: idField().optional().describe('Required when the voucher is locked.'),
  })
  .meta({ example: { code: DEMO.voucherCode, shop_uuid: DEMO.shop } });
export type RedeemVoucherBody = z.infer<typeof redeemVoucherBody>;

/**
 * Extension POST /vouchers (the PHP SDK's `voucher->create()`): one voucher of a promotion, with the
 * given code or a new one, linked to a contact or to nobody.
 */
export const createVoucherBody = z
  .object({
    promotion_uuid: idField(),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/, { message: 'letters, digits, - and _ (3 to 64)' })
      .optional()
      .describe('Unique: 3 to 64 letters, digits, - and _; a new code when absent.'),
    contact_uuid: idField().optional(),
    activation_date: z.iso.datetime({ offset: true }).nullable().optional(),
    expiration_date: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe("Default: the promotion's expiration_duration days from now (none: it does not expire)."),
  })
  .meta({ example: { promotion_uuid: DEMO.promotionMuffin } });
export type CreateVoucherBody = z.infer<typeof createVoucherBody>;
