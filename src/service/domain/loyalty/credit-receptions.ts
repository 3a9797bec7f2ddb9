import Decimal from 'decimal.js';
import type { Selectable } from 'kysely';
import type { ContactIdentifier } from '../../../contract/public/contact-identifiers';
import type { CreateCreditReceptionBody, CreditReception } from '../../../contract/public/credit-receptions';
import { precompile } from '../../db/precompiled';
import type { CreditReceptionTable, Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { resolveShop, type ShopRecord, shopById, shopWithAddress } from '../account/shops';
import { contactById, contactByUuid } from '../contacts/contacts';
import {
  identifierByValue,
  identifierView,
  identifierViewById,
  inactiveCardError,
} from '../contacts/identifiers';
import { posTransactionByUuid } from '../pos/pos-transactions';
import { type Actor, actsForShop } from '../shared/actor';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { apiTimestamp, fromCenti, isoTimestamp, jsonObject, newUuid, toCenti } from '../shared/values';
import { recordWebhookEvent } from '../webhooks/events';
import { type ContactAfterEntry, postCreditEntry } from './credit-ledger';
import { calculateCredits } from './rules';
import { receptionUnit, type UnitRow, unitById, unitByNameOrDefault, unitRefView } from './units';

/** Spec "Credit Reception" as the API shows it (credits as numbers, custom attributes as further keys). */
export type CreditReceptionView = CreditReception;

/**
 * The `channel` of credit and reward receptions (the real platform names where a loyalty
 * transaction came from): every reception here is made through an API, the public one or the kiosk's.
 */
export const RECEPTION_CHANNEL = 'API';

/** A credit reception row as stored (`credits_centi` in hundredths of a credit). */
export type CreditReceptionRow = Selectable<CreditReceptionTable>;

/** A credit reception by uuid. @throws ServiceError 1028 when there is none. */
export async function creditReceptionByUuid(db: Db, uuid: string): Promise<CreditReceptionRow> {
  const row = await db
    .selectFrom('credit_receptions')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw new ServiceError(1028);
  return row;
}

/** Spec "Credit Reception" for the reception with this id; the contact's balance as it is now. */
export async function creditReceptionView(db: Db, id: number): Promise<CreditReceptionView> {
  const row = await db
    .selectFrom('credit_receptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return renderReception(db, row, await contactById(db, row.contact_id));
}

/**
 * Spec "Credit Reception" of `row`, with `contact` as it is after the reception; its shop, unit and
 * identifier view as `known` (a creation has read them before writing), else read.
 */
async function renderReception(
  db: Db,
  row: CreditReceptionRow,
  contact: ContactAfterEntry,
  known?: { shop: ShopRecord; unit: UnitRow; identifier: ContactIdentifier | null },
): Promise<CreditReceptionView> {
  const shop = known?.shop ?? (await shopById(db, row.shop_id));
  const unit = known?.unit ?? (await unitById(db, row.unit_id));
  return {
    ...jsonObject(row.attributes),
    type: 'credit_reception',
    channel: RECEPTION_CHANNEL,
    contact_identifier: known ? known.identifier : await identifierViewById(db, row.contact_identifier_id),
    contact: {
      uuid: contact.uuid,
      email: contact.email,
      credit_balance: { id: contact.id, balance: fromCenti(Number(contact.credit_balance_centi)) },
    },
    shop: shopWithAddress(shop),
    credits: fromCenti(Number(row.credits_centi)),
    created_at: apiTimestamp(row.created_at),
    uuid: row.uuid,
    unit: unitRefView(unit),
    unit_value: row.unit_value === null ? null : Number(row.unit_value),
  };
}

/** A credit reception as written by recordReception, and its contact after it. */
export interface RecordedReception {
  row: CreditReceptionRow;
  contact: ContactAfterEntry;
}

/**
 * Writes one reception and its ledger entry, and moves the contact's cached balance and totals by
 * the same credits (postCreditEntry), all in `tx`. The balance update is conditional in SQL, so
 * concurrent writes can neither lose credits nor take the balance below zero; on PostgreSQL that
 * UPDATE also locks the contact row until the transaction ends, so the caller needs no `tx.lock`.
 * @throws ServiceError 6001 when the POS transaction is already linked, 1003 when the reception is
 * already reversed or the balance would go below zero.
 */
export async function recordReception(
  tx: Tx,
  values: {
    contactId: number;
    shopId: number;
    unitId: number;
    unitValue: string | null;
    creditsCenti: number;
    identifierId: number | null;
    posTransactionId: number | null;
    reversesId: number | null;
  },
): Promise<RecordedReception> {
  const row = await insertReception.first(tx.db, {
    uuid: newUuid(),
    contact_id: values.contactId,
    shop_id: values.shopId,
    unit_id: values.unitId,
    unit_value: values.unitValue,
    credits_centi: values.creditsCenti,
    contact_identifier_id: values.identifierId,
    pos_transaction_id: values.posTransactionId,
    reverses_id: values.reversesId,
    attributes: '{}',
    created_at: isoTimestamp(tx.now),
  });
  if (!row) {
    if (values.reversesId !== null)
      throw refusal('credit_reception_already_reversed', 'Credit reception already reversed');
    throw new ServiceError(6001);
  }
  const contact = await postCreditEntry(tx, {
    contactId: values.contactId,
    creditsCenti: values.creditsCenti,
    source: 'credit_reception',
    sourceId: row.id,
    reception: { shopId: values.shopId },
  });
  // The error rolls the inserted reception back with its unit of work.
  if (!contact) {
    invalidField('credits', "The credits field would take the contact's credit balance below zero.", {
      reason: 'credit_balance_below_zero',
    });
  }
  return { row, contact };
}

type NewReception = Omit<CreditReceptionRow, 'id'>;

// pos_transaction_id and reverses_id are UNIQUE: a second link or reversal inserts nothing.
const insertReception = precompile((db, p: NewReception) =>
  db
    .insertInto('credit_receptions')
    .values({
      uuid: p.uuid,
      contact_id: p.contact_id,
      shop_id: p.shop_id,
      unit_id: p.unit_id,
      unit_value: p.unit_value,
      credits_centi: p.credits_centi,
      contact_identifier_id: p.contact_identifier_id,
      pos_transaction_id: p.pos_transaction_id,
      reverses_id: p.reverses_id,
      attributes: p.attributes,
      created_at: p.created_at,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll(),
);

/**
 * Creates a credit reception (spec "Credit receptions" POST, rules 1–5) for the actor's shop (or
 * `shop_uuid` with an unbound key): explicit `credits` (≤ 2 decimals, may be negative for a partial
 * refund) override the loyalty rules, else the rules turn `unit_value` of the unit into whole credits.
 * The ledger and balance move in `tx`; concurrent creations for one contact wait for each other.
 * @throws ServiceError 1003 (neither credits nor unit_value; balance below zero), 1008, 55031,
 * 60003 (identifier unknown or not this contact's), 60004 card_blocked, 60007, 55046, 1027 (unknown, or another
 * shop's POS transaction), 6001, 1015 (positive credits above the account's maximum).
 */
export async function createCreditReception(
  tx: Tx,
  actor: Actor,
  input: CreateCreditReceptionBody,
): Promise<CreditReceptionView> {
  if (input.credits === undefined && input.unit_value === undefined) {
    throw new ServiceError(1003, {
      fields: {
        credits: ['The credits field is required when unit value is not present.'],
        unit_value: ['The unit value field is required when credits is not present.'],
      },
    });
  }
  const explicitCenti = input.credits === undefined ? undefined : toCenti(input.credits);
  const shop = await resolveShop(tx.db, actor, input.shop_uuid);
  const contact = await contactByUuid(tx.db, input.contact_uuid);
  let identifierId: number | null = null;
  let identifierShown: ContactIdentifier | null = null;
  if (input.contact_identifier_value !== undefined) {
    const identifier = await identifierByValue(tx.db, input.contact_identifier_value);
    if (identifier?.contact_id !== contact.id) throw new ServiceError(60003);
    // A card the office blocked earns nothing (docs/office.md "Customer service").
    if (identifier.blocked_at !== null) throw inactiveCardError(identifier);
    identifierId = identifier.id;
    identifierShown = await identifierView(tx.db, identifier);
  }
  const { unit, maxCreditsCenti: max } = await receptionUnit(tx.db, input.unit_name);
  let posTransactionId: number | null = null;
  if (input.pos_transaction_uuid !== undefined) {
    const pos = await posTransactionByUuid(tx.db, input.pos_transaction_uuid);
    if (pos.shop_id !== shop.id) throw new ServiceError(1027);
    posTransactionId = pos.id;
  }
  const creditsCenti =
    explicitCenti ??
    toCenti(
      await calculateCredits(tx.db, {
        unitId: unit.id,
        unitValue: input.unit_value!,
        // A contact's tier comes from the fixture only: no lock needed to read it.
        tierId: contact.tier_id,
        at: tx.now,
      }),
      'unit_value',
    );
  if (max !== null && creditsCenti > max) {
    throw new ServiceError(1015, {
      detail: `The credits exceed the maximum of ${fromCenti(max)} per reception`,
    });
  }
  // The only rule on the contact's state is its balance, which recordReception's conditional
  // UPDATE checks and locks in one step: concurrent creations for one contact wait for each other.
  const { row, contact: after } = await recordReception(tx, {
    contactId: contact.id,
    shopId: shop.id,
    unitId: unit.id,
    unitValue: input.unit_value === undefined ? null : new Decimal(input.unit_value).toFixed(),
    creditsCenti,
    identifierId,
    posTransactionId,
    reversesId: null,
  });
  const view = await renderReception(tx.db, row, after, { shop, unit, identifier: identifierShown });
  await recordWebhookEvent(tx, 'credit_reception_created', view);
  return view;
}

/**
 * Reverses a credit reception (extensions.md "Credit receptions"): a new reception for the same
 * contact, shop, unit and identifier with the negated credits and unit value. A reception can be
 * reversed once; a reversal cannot be reversed.
 * @throws ServiceError 1028 unknown, 55024 a shop-bound key of another shop, 1003 already reversed,
 * a reversal, or the balance would go below zero.
 */
export async function reverseCreditReception(
  tx: Tx,
  actor: Actor,
  uuid: string,
): Promise<CreditReceptionView> {
  const original = await creditReceptionByUuid(tx.db, uuid);
  // The spec's own code for another shop's reception (spec "Credit receptions" 6), as push answers.
  if (!actsForShop(actor, original.shop_id)) throw new ServiceError(55024);
  if (original.reverses_id !== null) {
    throw refusal('reversal_not_reversible', 'A reversal cannot be reversed');
  }
  // reverses_id is UNIQUE and the balance update conditional: no lock needed (recordReception).
  const { row, contact } = await recordReception(tx, {
    contactId: original.contact_id,
    shopId: original.shop_id,
    unitId: original.unit_id,
    unitValue: original.unit_value === null ? null : new Decimal(original.unit_value).neg().toFixed(),
    // 0 - x rather than -x: a zero-credit reception reverses to 0, not -0.
    creditsCenti: 0 - Number(original.credits_centi),
    identifierId: original.contact_identifier_id,
    posTransactionId: null,
    reversesId: original.id,
  });
  const view = await renderReception(tx.db, row, contact);
  await recordWebhookEvent(tx, 'credit_reception_reversed', { ...view, reverses_uuid: original.uuid });
  return view;
}

/**
 * What the loyalty rules would give now (spec "Credit receptions" GET calculate, rule 7): whole
 * credits for `unit_value` of the unit, with the contact's tier when a contact is named. Acts for
 * the key's bound shop, or `shop_uuid` with an unbound key (account-fixture.md "Rules"); with neither: 1008.
 * @throws ServiceError 1008, 55031, 60007, 55046 (no unit named and no default unit).
 */
export async function calculateReceptionCredits(
  db: Db,
  actor: Actor,
  input: {
    contact_uuid?: string | undefined;
    unit_value: number;
    unit_name?: string | undefined;
    shop_uuid?: string | undefined;
  },
  at: Date,
): Promise<{ credits: number }> {
  await resolveShop(db, actor, input.shop_uuid);
  const contact = input.contact_uuid === undefined ? undefined : await contactByUuid(db, input.contact_uuid);
  const unit = await unitByNameOrDefault(db, input.unit_name);
  const credits = await calculateCredits(db, {
    unitId: unit.id,
    unitValue: input.unit_value,
    tierId: contact?.tier_id ?? null,
    at,
  });
  return { credits };
}
