import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CreateLoyaltyTokenBody, LoyaltyTokenFields } from '../../../contract/public/loyalty-tokens';
import { loyaltyTokenFields } from '../../../contract/public/loyalty-tokens';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { getShop, resolveShop, type ShopRecord, shopById } from '../account/shops';
import { contactByUuid } from '../contacts/contacts';
import type { Actor } from '../shared/actor';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { newSecret } from '../shared/tokens';
import { isoTimestamp, toCenti } from '../shared/values';
import { type CreditReceptionView, createCreditReception } from './credit-receptions';
import { receptionUnit } from './units';

/*
 * Receipt tokens, the real platform's loyalty tokens (docs/receipt-tokens.md): a signed URL a POS
 * prints as a QR code on a receipt, worth credits (v1) or a purchase amount (v2) at its shop, which
 * one contact claims once within LOYALTY_TOKEN_DAYS. The token itself is not stored: its fields are
 * signed with the service's key (HMAC-SHA256), and a claim is stored by the purchase it names.
 */

/** How long a token can be claimed, counted from when it was made. */
export const LOYALTY_TOKEN_DAYS = 30;
const KEY_NAME = 'loyalty_token_key';

// The key that signs tokens: made by the first process that needs it, then read by every process.
async function signingKey(tx: Tx): Promise<string> {
  await tx.db
    .insertInto('service_secrets')
    .values({ name: KEY_NAME, value: newSecret(), created_at: isoTimestamp(tx.now) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await tx.db
    .selectFrom('service_secrets')
    .select('value')
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** What a token is worth: credits (v1) or a unit's value (v2). */
type TokenValue = { credits: number } | { unitName: string | null; unitValue: number };

// What the hash signs, in one unambiguous text.
function signedText(version: string, shopId: number, uniqueId: string, timestamp: number, value: TokenValue) {
  return JSON.stringify([
    version,
    shopId,
    uniqueId,
    timestamp,
    'credits' in value ? value.credits : null,
    'credits' in value ? null : value.unitName,
    'credits' in value ? null : value.unitValue,
  ]);
}

function sign(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

// What a token of its version gives.
function tokenValue(fields: CreateLoyaltyTokenBody | LoyaltyTokenFields): TokenValue {
  if (fields.version === 'v1') {
    toCenti(fields.credits);
    return { credits: fields.credits };
  }
  return { unitName: fields.unit_name ?? null, unitValue: fields.unit_value };
}

// The shop a token names, by its numeric id or its uuid (both: they must agree).
async function tokenShop(
  db: Db,
  fields: { shop_id?: number | undefined; shop_uuid?: string | undefined },
): Promise<ShopRecord> {
  if (fields.shop_id === undefined && fields.shop_uuid === undefined) {
    invalidField('shop_id', 'The shop id field is required when shop uuid is not present.');
  }
  const byId = fields.shop_id === undefined ? undefined : await shopById(db, fields.shop_id);
  if (fields.shop_uuid === undefined) return byId!;
  const byUuid = await getShop(db, fields.shop_uuid);
  if (byId && byId.uuid !== byUuid.uuid)
    invalidField('shop_uuid', 'The shop uuid is not the shop of shop_id.');
  return byId ?? shopById(db, byUuid.id);
}

/**
 * Makes a receipt token for one purchase (extension POST /api/v3/oauth/clients/loyalty-tokens, the
 * PHP SDK's OAuth `loyaltyToken->create()`): the URL to print as a QR code,
 * `{baseUrl}/l?version=…&shop_id=…&credits=…&unique_id=…&timestamp=…&hash=…` (v2: `unit_name` and
 * `unit_value` instead of `credits`), `hash` the hex HMAC-SHA256 of its fields with the service's
 * key. A key bound to a shop makes tokens of its shop only.
 * @throws ServiceError 1003 naming shop_id when no shop is named; 1008 unknown shop,
 * or another shop than a bound key's; 60007 unknown unit, 55046 no default unit; 1015 credits above
 * the account's maximum; 1003 (reason loyalty_token_claimed) when the purchase was claimed already.
 */
export async function createLoyaltyToken(
  tx: Tx,
  actor: Actor,
  input: CreateLoyaltyTokenBody,
  baseUrl: string,
): Promise<string> {
  const asked = tokenValue(input);
  const shop = await resolveShop(tx.db, actor, (await tokenShop(tx.db, input)).uuid);
  const { unit, maxCreditsCenti } = await receptionUnit(
    tx.db,
    'credits' in asked ? undefined : (asked.unitName ?? undefined),
  );
  if ('credits' in asked && maxCreditsCenti !== null && toCenti(asked.credits) > maxCreditsCenti) {
    throw new ServiceError(1015);
  }
  // A v2 token names its unit, the default one when none was asked for.
  const value: TokenValue = 'credits' in asked ? asked : { unitName: unit.name, unitValue: asked.unitValue };
  await assertUnclaimed(tx.db, shop.id, input.unique_id);
  const timestamp = Math.floor(tx.now.getTime() / 1000);
  const key = await signingKey(tx);
  const hash = sign(key, signedText(input.version, shop.id, input.unique_id, timestamp, value));
  const query = new URLSearchParams({ version: input.version, shop_id: String(shop.id) });
  if ('credits' in value) query.set('credits', String(value.credits));
  query.set('unique_id', input.unique_id);
  query.set('timestamp', String(timestamp));
  if (!('credits' in value)) {
    query.set('unit_name', value.unitName!);
    query.set('unit_value', String(value.unitValue));
  }
  query.set('hash', hash);
  return `${baseUrl}/l?${query.toString()}`;
}

async function assertUnclaimed(db: Db, shopId: number, uniqueId: string): Promise<void> {
  const claimed = await db
    .selectFrom('loyalty_token_claims')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('unique_id', '=', uniqueId)
    .executeTakeFirst();
  if (claimed) throw refusal('loyalty_token_claimed', 'This receipt has been claimed already');
}

/**
 * The fields of a receipt token from what a scanner read: its URL (any host and path), or just its
 * query string. Undefined when the text is no token (a fake one is refused by the claim).
 */
export function parseLoyaltyTokenUrl(text: string): LoyaltyTokenFields | undefined {
  const query = text.trim().replace(/^[^?]*\?/, '');
  const parsed = loyaltyTokenFields.safeParse(Object.fromEntries(new URLSearchParams(query)));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Claims a receipt token for a contact (extensions POST /api/v3/register/loyalty-tokens and
 * /api/v3/oauth/clients/loyalty-tokens/claim, the PHP SDK's `loyaltyToken->claim()`; the kiosk's
 * scan of a receipt code): its credits, or its unit value converted by the loyalty rules, become a
 * credit reception at the token's shop (credit_reception_created). Each purchase is claimed once:
 * of concurrent claims of one token, one succeeds. The rule of every caller: checked in this order.
 * @throws ServiceError 1003 (reason loyalty_token_invalid, naming hash) for a token the service did
 * not make or one changed since; 1003 (loyalty_token_expired) past LOYALTY_TOKEN_DAYS; 55031 unknown
 * contact; 1003 (loyalty_token_claimed) claimed already; what creating the reception throws (1015…).
 */
export async function claimLoyaltyToken(
  tx: Tx,
  token: LoyaltyTokenFields,
  contactUuid: string,
): Promise<CreditReceptionView> {
  const shop = await tokenShop(tx.db, token);
  const value = tokenValue(token);
  const expected = Buffer.from(
    sign(await signingKey(tx), signedText(token.version, shop.id, token.unique_id, token.timestamp, value)),
  );
  const given = Buffer.from(token.hash.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    invalidField('hash', 'This is not a receipt token of this service, or it was changed.', {
      reason: 'loyalty_token_invalid',
    });
  }
  if (tx.now.getTime() / 1000 - token.timestamp > LOYALTY_TOKEN_DAYS * 86_400) {
    invalidField('timestamp', `The receipt token is older than ${LOYALTY_TOKEN_DAYS} days.`, {
      reason: 'loyalty_token_expired',
    });
  }
  const contact = await contactByUuid(tx.db, contactUuid);
  // The UNIQUE purchase: a concurrent claim waits for this one, then finds it claimed.
  const claim = await tx.db
    .insertInto('loyalty_token_claims')
    .values({
      shop_id: shop.id,
      unique_id: token.unique_id,
      contact_id: contact.id,
      credit_reception_uuid: null,
      claimed_at: isoTimestamp(tx.now),
    })
    .onConflict((oc) => oc.columns(['shop_id', 'unique_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claim) throw refusal('loyalty_token_claimed', 'This receipt has been claimed already');
  const reception = await createCreditReception(
    tx,
    { kind: 'api_key', shopId: shop.id },
    {
      contact_uuid: contact.uuid,
      ...('credits' in value
        ? { credits: value.credits }
        : { unit_value: value.unitValue, unit_name: value.unitName ?? undefined }),
    },
  );
  await tx.db
    .updateTable('loyalty_token_claims')
    .set({ credit_reception_uuid: reception.uuid })
    .where('id', '=', claim.id)
    .execute();
  return reception;
}
