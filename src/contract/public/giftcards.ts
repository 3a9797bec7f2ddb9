import { z } from 'zod';
import { giftcardPageMeta } from '../envelope';
import { DEMO } from '../examples';
import { idField, integerField } from '../fields';
import { contactRef } from './common';
import { limitField, pageField } from './pagination';

const giftcardType = z.enum(['DIGITAL', 'PHYSICAL']);

/** The giftcard program as embedded in a Giftcard (spec "Giftcard"). */
export const giftcardProgram = z.object({
  id: z.number().int(),
  name: z.string(),
  uuid: z.string(),
  max_amount_in_cents: z.number().int().nullable(),
  calculator_flow: z.string().nullable(),
  expiration_days: z.number().int().nullable(),
});

/**
 * Extension GET /giftcard-programs (the PHP SDK's `giftcardProgram->list()`): a program with
 * `active` (always true: the account's programs are all in use).
 */
export const giftcardProgramListItem = giftcardProgram.extend({ active: z.boolean() });
export type GiftcardProgramListItem = z.infer<typeof giftcardProgramListItem>;

/**
 * Spec "Giftcard" (create response). `amount` is the balance in euros, `display_amount` the same
 * formatted ("€ 25,00"), `formatted_expiration_date` dd-mm-yyyy. `upgradeable`: whether an
 * increment is still allowed (physical cards always; digital cards until their first increment).
 */
export const giftcard = z.object({
  id: z.number().int(),
  uuid: z.string(),
  type: giftcardType,
  hash: z.string(),
  amount_in_cents: z.number().int(),
  upgradeable: z.boolean(),
  active: z.boolean(),
  expiration_date: z.string().nullable(),
  amount: z.number(),
  url: z.string().nullable(),
  display_amount: z.string(),
  formatted_expiration_date: z.string().nullable(),
  giftcard_program: giftcardProgram,
  giftcard_recipients: z.array(z.unknown()),
});
export type Giftcard = z.infer<typeof giftcard>;

/** Spec "Giftcard" list item (GET /giftcards). */
export const giftcardListItem = giftcard
  .pick({
    uuid: true,
    type: true,
    hash: true,
    expiration_date: true,
    active: true,
    upgradeable: true,
    amount_in_cents: true,
  })
  .extend({ giftcard_program: giftcardProgram.pick({ uuid: true, name: true }) });
export type GiftcardListItem = z.infer<typeof giftcardListItem>;

/**
 * Spec "Giftcard" find response (GET /giftcards/find-one-by); `giftcard_program.uuid` is an addition
 * (the real platform's, which its PHP SDK maps).
 */
export const foundGiftcard = giftcardListItem.extend({
  display_amount: z.string(),
  giftcard_program: giftcardProgram.pick({ name: true, uuid: true }),
});
export type FoundGiftcard = z.infer<typeof foundGiftcard>;

/** GET /giftcards meta: `{page, per_page, last_page, total}` (spec "Conventions"). */
export const giftcardListMeta = giftcardPageMeta;

export const createGiftcardBody = z
  .object({
    type: integerField(z.literal([0, 1])).describe(
      '0 physical, 1 digital; only 1 is accepted (0 answers 55021).',
    ),
    giftcard_program_uuid: idField(),
  })
  .meta({ example: { type: 1, giftcard_program_uuid: DEMO.giftcardProgram } });

export const listGiftcardsQuery = z.object({
  giftcard_program_uuid: idField().optional().describe('Only the cards of this program (1100 when unknown).'),
  page: pageField(),
  limit: limitField(1, 100, 30),
});

export const findGiftcardQuery = z.object({
  hash: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .describe(
      'The card hash, or the content of its QR code: a URL or text ending in the hash as its last ' +
        'path segment, or carrying it as a `hash=` query parameter.',
    )
    .meta({ example: DEMO.giftcardHash }),
});

export const giftcardUuidParams = z.object({ giftcard_uuid: idField().meta({ example: DEMO.giftcard }) });

const mergeTagValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const sendGiftcardBody = z
  .object({
    contact_uuid: idField(),
    email_uuid: idField()
      .meta({ example: DEMO.giftcardEmail })
      .optional()
      .describe('An automated e-mail of category giftcard_recipient; default: the first that matches.'),
    merge_tags: z
      .record(z.string(), mergeTagValue)
      .refine((tags) => Object.keys(tags).every((key) => /^custom\.[\w.-]+$/.test(key)), {
        message: 'must only have keys that start with "custom."',
      })
      .optional()
      .describe('Values for `{{ custom.<name> }}` tokens of the e-mail; every key starts with `custom.`.'),
  })
  .meta({ example: { contact_uuid: DEMO.anna } });

/** The response of send-by-email: `{message, data}` (spec "Giftcards"). */
export const sentGiftcard = z.object({
  message: z.string(),
  data: z.object({
    giftcard: z.object({ uuid: z.string(), hash: z.string() }),
    contact: contactRef,
    email: z.object({ uuid: z.string(), name: z.string(), subject: z.string() }),
  }),
});
export type SentGiftcard = z.infer<typeof sentGiftcard>;
