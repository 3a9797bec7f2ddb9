import Decimal from 'decimal.js';
import { type Selectable, sql } from 'kysely';
import type { ContactIdentifier } from '../../contract/public/contact-identifiers';
import type { CreateCreditReceptionBody, CreditReception } from '../../contract/public/credit-receptions';
import { precompile } from '../db/precompiled';
import type { CreditReceptionTable, Db, ShopTable } from '../db/schema';
import type { Tx } from '../db/transaction';
import type { Actor } from './actor';
import { identifierByValue, identifierView, identifierViewById } from './contact-identifiers';
import { type ContactRow, contactById, contactByUuid } from './contacts';
import {
  CONTACT_AFTER_ENTRY,
  type ContactAfterEntry,
  contactTotalsChange,
  creditBalanceStaysPositive,
  postCreditEntry,
  type TotalsChange,
  totalsChange,
} from './credit-ledger';
import { invalidField, refusal, ServiceError } from './errors';
import { calculateCredits } from './loyalty-rules';
import { posTransactionByUuid } from './pos-transactions';
import { actingShop, resolveShop, type ShopRecord, shopById, shopRecord, shopWithAddress } from './shops';
import {
  type ReceptionUnitRow,
  receptionUnit,
  receptionUnitFrom,
  type UnitRow,
  unitById,
  unitByNameOrDefault,
  unitRefView,
} from './units';
import { fromCenti, isoTimestamp, jsonObject, newUuid, toCenti } from './values';

/** Spec "Credit Reception" as the API shows it (credits as numbers, custom attributes as further keys). */
export type CreditReceptionView = CreditReception;

/**
 * The `channel` of credit and reward receptions (the real platform names where a loyalty
 * transaction came from): every reception here is made through an API, the public one or the kiosk's.
 */
export const RECEPTION_CHANNEL = 'API';

/** A credit reception row as stored (`credits_centi` in hundredths of a credit). */
export type CreditReceptionRow = Selectable<CreditReceptionTable>;

/** How long a creation waits for an earlier one of the same contact before answering 60001. */
export const CONTACT_GUARD_WAIT_MS = 5000;

const inFlight = new Map<number, Promise<void>>();

/**
 * Runs `work` once every earlier guarded work for the same contact (in this process) has finished,
 * so creations for one contact happen one after the other instead of being refused.
 * @throws ServiceError 60001 when the earlier work is still in flight after `waitMs`.
 */
export async function serializeForContact<T>(
  contactId: number,
  work: () => Promise<T>,
  waitMs = CONTACT_GUARD_WAIT_MS,
): Promise<T> {
  const previous = inFlight.get(contactId) ?? Promise.resolve();
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Later callers wait for this one and, through it, for every earlier one.
  const tail = previous.then(() => done);
  inFlight.set(contactId, tail);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      previous,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ServiceError(60001)), waitMs);
      }),
    ]);
    return await work();
  } finally {
    clearTimeout(timer);
    release();
    if (inFlight.get(contactId) === tail) inFlight.delete(contactId);
  }
}

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
    created_at: row.created_at,
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
  const reception: NewReception = {
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
  };
  const written =
    tx.dialect === 'postgres'
      ? await recordInOneStatement(tx, reception)
      : await recordStepByStep(tx, reception);
  if (written === 'already linked') {
    if (values.reversesId !== null)
      throw refusal('credit_reception_already_reversed', 'Credit reception already reversed');
    throw new ServiceError(6001);
  }
  if (written === 'balance below zero') {
    invalidField('credits', "The credits field would take the contact's credit balance below zero.", {
      reason: 'credit_balance_below_zero',
    });
  }
  return written;
}

type NewReception = Omit<CreditReceptionRow, 'id'>;

/**
 * What either form of recordReception wrote, or why it wrote nothing: the POS transaction or the
 * reversed reception (UNIQUE columns) already has its reception, or the balance would go below zero.
 */
type Written = RecordedReception | 'already linked' | 'balance below zero';

// SQLite (in-process, no round trips): the reception, then postCreditEntry.
async function recordStepByStep(tx: Tx, reception: NewReception): Promise<Written> {
  const row = await insertReception.first(tx.db, reception);
  if (!row) return 'already linked';
  const contact = await postCreditEntry(tx, {
    contactId: reception.contact_id,
    creditsCenti: reception.credits_centi,
    source: 'credit_reception',
    sourceId: row.id,
    reception: { shopId: reception.shop_id },
  });
  // The caller's error rolls the inserted reception back with its unit of work.
  return contact ? { row, contact } : 'balance below zero';
}

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
 * PostgreSQL: what recordStepByStep does, in one statement (one round trip instead of four, and
 * atomic alone, so a unit of work run `oneWrite` needs no BEGIN and COMMIT): the conditional UPDATE
 * of the contact first, then the reception, its ledger entry and the shop only from the row it
 * moved. A refused balance writes nothing. A second link of a POS transaction or a second reversal
 * (UNIQUE columns) fails the statement, so that nothing of it is written either.
 */
async function recordInOneStatement(tx: Tx, reception: NewReception): Promise<Written> {
  let found: Awaited<ReturnType<typeof receiveInOneStatement.first>>;
  try {
    found = await receiveInOneStatement.first(tx.db, {
      ...reception,
      ...totalsChange(reception.credits_centi, reception.created_at),
    });
  } catch (err) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    if (code === '23505' && /^credit_receptions_(pos_transaction|reverses)_id/.test(constraint ?? ''))
      return 'already linked';
    throw err;
  }
  if (!found) return 'balance below zero';
  const { contact_row_id, contact_uuid, contact_email, contact_balance_centi, ...row } = found;
  return {
    row,
    contact: {
      id: contact_row_id,
      uuid: contact_uuid,
      email: contact_email,
      credit_balance_centi: contact_balance_centi,
    },
  };
}

// Built once (precompiled.ts): every credit reception on PostgreSQL runs it. The reception's
// values go through a SELECT (to take the contact from the UPDATE), where parameters need casts.
const receiveInOneStatement = precompile((db, p: NewReception & TotalsChange) =>
  db
    .with('c', (db) =>
      db
        .updateTable('contacts')
        .set(contactTotalsChange(p, true))
        .where('id', '=', p.contact_id)
        .where(creditBalanceStaysPositive(p.creditsCenti))
        .returning(CONTACT_AFTER_ENTRY),
    )
    .with('r', (db) =>
      db
        .insertInto('credit_receptions')
        .columns([
          'uuid',
          'contact_id',
          'shop_id',
          'unit_id',
          'unit_value',
          'credits_centi',
          'contact_identifier_id',
          'pos_transaction_id',
          'reverses_id',
          'attributes',
          'created_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('c')
            .select([
              eb.cast<string>(eb.val(p.uuid), 'text').as('uuid'),
              'c.id',
              eb.cast<number>(eb.val(p.shop_id), 'integer').as('shop_id'),
              eb.cast<number>(eb.val(p.unit_id), 'integer').as('unit_id'),
              eb.cast<string | null>(eb.val(p.unit_value), 'text').as('unit_value'),
              eb.cast<number>(eb.val(p.credits_centi), 'bigint').as('credits_centi'),
              eb.cast<number | null>(eb.val(p.contact_identifier_id), 'integer').as('contact_identifier_id'),
              eb.cast<number | null>(eb.val(p.pos_transaction_id), 'integer').as('pos_transaction_id'),
              eb.cast<number | null>(eb.val(p.reverses_id), 'integer').as('reverses_id'),
              eb.cast<string>(eb.val(p.attributes), 'text').as('attributes'),
              eb.cast<string>(eb.val(p.created_at), 'text').as('created_at'),
            ]),
        )
        .returningAll(),
    )
    .with('e', (db) =>
      db
        .insertInto('credit_entries')
        .columns(['contact_id', 'credits_centi', 'source', 'source_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('r')
            .select([
              'r.contact_id',
              'r.credits_centi',
              sql.lit('credit_reception').as('source'),
              'r.id as source_id',
              'r.created_at',
            ]),
        )
        .returning('credit_entries.id'),
    )
    .with('s', (db) =>
      db
        .insertInto('contact_shops')
        .columns(['contact_id', 'shop_id'])
        .expression((eb) => eb.selectFrom('r').select(['r.contact_id', 'r.shop_id']))
        .onConflict((oc) => oc.columns(['contact_id', 'shop_id']).doNothing())
        .returning('contact_shops.contact_id'),
    )
    .selectFrom('r')
    .innerJoin('c', (join) => join.onTrue())
    .selectAll('r')
    .select([
      'c.id as contact_row_id',
      'c.uuid as contact_uuid',
      'c.email as contact_email',
      'c.credit_balance_centi as contact_balance_centi',
    ]),
);

/** What a creation uses of its contact. */
type CreatingContact = Pick<ContactRow, 'id' | 'tier_id'>;

/**
 * PostgreSQL: the rows a creation reads first, in one statement: the shop it acts for (`shop_uuid`,
 * else the key's shop), the contact's id and tier, and the unit (`unit_name`, else the default) with the
 * account's maximum; each undefined when there is none. Rows arrive as JSON (to_json), whose
 * integers, bigints and texts read as pg reads the columns themselves.
 */
async function readForCreation(
  db: Db,
  actor: Actor,
  input: CreateCreditReceptionBody,
): Promise<{ shop?: ShopRecord; contact?: CreatingContact; unit?: ReceptionUnitRow }> {
  const found = await creationRows.first(db, {
    shopId: input.shop_uuid === undefined ? actor.shopId : null,
    shopUuid: input.shop_uuid ?? null,
    contactUuid: input.contact_uuid,
    unitName: input.unit_name ?? null,
  });
  const { shop, contact, unit, max_credits_centi } = found!;
  return {
    shop: shop ? shopRecord(shop) : undefined,
    contact: contact ?? undefined,
    unit: unit ? { ...unit, max_credits_centi } : undefined,
  };
}

// Built once (precompiled.ts): every credit reception on PostgreSQL runs it. A null shop id or
// uuid matches no shop; a null unit name takes the first default unit, as receptionUnit does.
const creationRows = precompile(
  (db, p: { shopId: number | null; shopUuid: string | null; contactUuid: string; unitName: string | null }) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('shops')
        .select(sql<Selectable<ShopTable> | null>`to_json(shops)`.as('row'))
        .where((w) => w.or([w('id', '=', p.shopId), w('uuid', '=', p.shopUuid)]))
        .limit(1)
        .as('shop'),
      // Of the contact, what the creation uses: its id and tier (its balance is the write's).
      eb
        .selectFrom('contacts')
        .select(sql<CreatingContact | null>`json_build_object('id', id, 'tier_id', tier_id)`.as('row'))
        .where('uuid', '=', p.contactUuid)
        .as('contact'),
      eb
        .selectFrom('units')
        .select(sql<UnitRow | null>`to_json(units)`.as('row'))
        .where((w) =>
          w.or([
            w('name', '=', p.unitName),
            w.and([w(sql`${p.unitName}::text`, 'is', null), w('is_default', '=', 1)]),
          ]),
        )
        .orderBy('id')
        .limit(1)
        .as('unit'),
      eb.selectFrom('account').select('max_credits_per_reception_centi').limit(1).as('max_credits_centi'),
    ]),
);

/**
 * Creates a credit reception (spec "Credit receptions" POST, rules 1–5) for the actor's shop (or
 * `shop_uuid` with an unbound key): explicit `credits` (≤ 2 decimals, may be negative for a partial
 * refund) override the loyalty rules, else the rules turn `unit_value` of the unit into whole credits.
 * Creations for one contact are serialized in-process; the ledger and balance move in `tx`.
 * @throws ServiceError 1003 (neither credits nor unit_value; balance below zero), 1008, 55031,
 * 60003 (identifier unknown or not this contact's), 60007, 55046, 1027 (unknown, or another
 * shop's POS transaction), 6001, 1015 (positive credits above the account's maximum), 60001.
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
  // PostgreSQL reads the shop, the contact and the unit in one round trip; the rules on them
  // answer in the same order as on SQLite, which reads them one by one.
  const read = tx.dialect === 'postgres' ? await readForCreation(tx.db, actor, input) : undefined;
  const shop = read ? actingShop(actor, read.shop) : await resolveShop(tx.db, actor, input.shop_uuid);
  const contact = read ? read.contact : await contactByUuid(tx.db, input.contact_uuid);
  if (!contact) throw new ServiceError(55031);
  let identifierId: number | null = null;
  let identifierShown: ContactIdentifier | null = null;
  if (input.contact_identifier_value !== undefined) {
    const identifier = await identifierByValue(tx.db, input.contact_identifier_value);
    if (identifier?.contact_id !== contact.id) throw new ServiceError(60003);
    identifierId = identifier.id;
    identifierShown = await identifierView(tx.db, identifier);
  }
  const { unit, maxCreditsCenti: max } = read
    ? receptionUnitFrom(read.unit, input.unit_name)
    : await receptionUnit(tx.db, input.unit_name);
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
  // UPDATE checks and locks in one step.
  return serializeForContact(contact.id, async () => {
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
    // Nothing is read after the write: run `oneWrite`, it has committed by now.
    return renderReception(tx.db, row, after, { shop, unit, identifier: identifierShown });
  });
}

/**
 * Reverses a credit reception (extensions.md "Credit receptions"): a new reception for the same
 * contact, shop, unit and identifier with the negated credits and unit value. A reception can be
 * reversed once; a reversal cannot be reversed.
 * @throws ServiceError 1028 unknown, 55024 a shop-bound key of another shop, 1003 already reversed,
 * a reversal, or the balance would go below zero; 60001 (see serializeForContact).
 */
export async function reverseCreditReception(
  tx: Tx,
  actor: Actor,
  uuid: string,
): Promise<CreditReceptionView> {
  const original = await creditReceptionByUuid(tx.db, uuid);
  if (actor.shopId !== null && original.shop_id !== actor.shopId) throw new ServiceError(55024);
  if (original.reverses_id !== null) {
    throw refusal('reversal_not_reversible', 'A reversal cannot be reversed');
  }
  return serializeForContact(original.contact_id, async () => {
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
    return renderReception(tx.db, row, contact);
  });
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
