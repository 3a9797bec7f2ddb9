import { type Insertable, type Selectable, sql } from 'kysely';
import type {
  FoundGiftcard,
  Giftcard,
  GiftcardListItem,
  GiftcardProgramListItem,
  SentGiftcard,
} from '../../../contract/public/giftcards';
import type { Db, GiftcardProgramTable, GiftcardTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import type { OutgoingMail } from '../../mail/mailer';
import { hasToken, isHtml, type MergeValues, renderTemplate } from '../../mail/template';
import { contactByUuid, formatCents } from '../contacts/contacts';
import { listContactSubscriptions } from '../contacts/subscriptions';
import { invalidField, refusal, ServiceError } from '../shared/errors';
import { pageWindow } from '../shared/pagination';
import { newCode } from '../shared/tokens';
import { apiTimestamp, bool, isoTimestamp, newUuid } from '../shared/values';

/** A giftcard row as stored (`balance_in_cents` is the cached sum of its transactions). */
export type GiftcardRow = Selectable<GiftcardTable>;

/** A giftcard program row as stored. */
export type GiftcardProgramRow = Selectable<GiftcardProgramTable>;

/** A giftcard by uuid. @throws ServiceError 5001 when there is none. */
export async function giftcardByUuid(db: Db, uuid: string): Promise<GiftcardRow> {
  const row = await db.selectFrom('giftcards').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  if (!row) throw new ServiceError(5001);
  return row;
}

/** A giftcard program by uuid. @throws ServiceError 1100 when there is none. */
export async function giftcardProgramByUuid(db: Db, uuid: string): Promise<GiftcardProgramRow> {
  const row = await db
    .selectFrom('giftcard_programs')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw new ServiceError(1100);
  return row;
}

// The giftcard program as a Giftcard embeds it.
function programView(program: GiftcardProgramRow): Giftcard['giftcard_program'] {
  return {
    id: program.id,
    name: program.name,
    uuid: program.uuid,
    max_amount_in_cents: program.max_amount_in_cents === null ? null : Number(program.max_amount_in_cents),
    calculator_flow: program.calculator_flow,
    expiration_days: program.expiration_days,
  };
}

/** Extension GET /giftcard-programs: every giftcard program of the account, by id (all active). */
export async function listGiftcardPrograms(db: Db): Promise<GiftcardProgramListItem[]> {
  const rows = await db.selectFrom('giftcard_programs').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...programView(row), active: true }));
}

async function programById(db: Db, id: number): Promise<GiftcardProgramRow> {
  return db.selectFrom('giftcard_programs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// What a scanned code may be: the bare hash, a `hash=` query parameter, or a link's last path segment.
function hashCandidates(input: string): string[] {
  const text = input.trim();
  const found = [text];
  const param = /[?&#]hash=([^&#\s]+)/i.exec(text)?.[1];
  if (param) found.push(decoded(param));
  const last = text.split(/[?#]/)[0]!.replace(/\/+$/, '').split('/').pop();
  if (last) found.push(decoded(last));
  return [...new Set(found.flatMap((c) => [c, c.toUpperCase()]))];
}

/**
 * The giftcard a hash or the content of its QR code names (spec "Giftcards" find-one-by): the bare
 * hash, a URL or text whose last path segment is the hash, or one with a `hash=` query parameter.
 * Hashes match exactly or in upper case (they are printed in upper case).
 * @throws ServiceError 5001 when no card matches.
 */
export async function findGiftcard(db: Db, hashOrQr: string): Promise<GiftcardRow> {
  const candidates = hashCandidates(hashOrQr);
  const rows = await db.selectFrom('giftcards').selectAll().where('hash', 'in', candidates).execute();
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  const match = candidates.map((c) => byHash.get(c)).find(Boolean);
  if (!match) throw new ServiceError(5001);
  return match;
}

/**
 * Whether the card has had its increment: a positive transaction that is not a reversal. A digital
 * card can be incremented once only (spec "Giftcard transactions" rules).
 */
export async function hasBeenIncremented(db: Db, giftcardId: number): Promise<boolean> {
  const row = await db
    .selectFrom('giftcard_transactions')
    .select('id')
    .where('giftcard_id', '=', giftcardId)
    .where('amount_in_cents', '>', 0)
    .where('reverses_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the card's expiration date has passed at `now`. */
export function isExpired(card: Pick<GiftcardRow, 'expiration_date'>, now: Date): boolean {
  return card.expiration_date !== null && Date.parse(card.expiration_date) < now.getTime();
}

// dd-mm-yyyy of the date as written (in the offset it was stored with).
function formatDate(timestamp: string | null): string | null {
  const m = timestamp ? /^(\d{4})-(\d{2})-(\d{2})/.exec(timestamp) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/**
 * Spec "Giftcard" (create response) for a card row: the balance as `amount_in_cents`, `amount`
 * (euros) and `display_amount` ("€ 25,00"); the program; no recipients and no url.
 */
export async function giftcardView(db: Db, card: GiftcardRow): Promise<Giftcard> {
  const [program, incremented] = await Promise.all([
    programById(db, card.giftcard_program_id),
    card.type === 'DIGITAL' ? hasBeenIncremented(db, card.id) : false,
  ]);
  const cents = Number(card.balance_in_cents);
  return {
    id: card.id,
    uuid: card.uuid,
    type: card.type,
    hash: card.hash,
    amount_in_cents: cents,
    upgradeable: !incremented,
    active: bool(card.active),
    expiration_date: apiTimestamp(card.expiration_date),
    amount: cents / 100,
    url: null,
    display_amount: formatCents(cents),
    formatted_expiration_date: formatDate(card.expiration_date),
    giftcard_program: programView(program),
    giftcard_recipients: [],
  };
}

/** Spec "Giftcard" find response. */
export async function foundGiftcardView(db: Db, card: GiftcardRow): Promise<FoundGiftcard> {
  const view = await giftcardView(db, card);
  return {
    uuid: view.uuid,
    type: view.type,
    hash: view.hash,
    expiration_date: view.expiration_date,
    active: view.active,
    upgradeable: view.upgradeable,
    amount_in_cents: view.amount_in_cents,
    display_amount: view.display_amount,
    giftcard_program: { name: view.giftcard_program.name, uuid: view.giftcard_program.uuid },
  };
}

/**
 * Creates a digital giftcard with a zero balance (spec "Giftcards" POST): an unguessable hash
 * (`GC-` and 12 letters/digits), expiring `expiration_days` after now when the program sets them.
 * @param input.type 0 physical (refused), 1 digital.
 * @throws ServiceError 55021 for a physical card, 1100 unknown program.
 */
export async function createGiftcard(
  tx: Tx,
  input: { type: 0 | 1; giftcard_program_uuid: string },
): Promise<Giftcard> {
  if (input.type !== 1) throw new ServiceError(55021);
  const program = await giftcardProgramByUuid(tx.db, input.giftcard_program_uuid);
  const expiration =
    program.expiration_days === null
      ? null
      : isoTimestamp(new Date(tx.now.getTime() + program.expiration_days * 86_400_000));
  for (;;) {
    const row = await insertGiftcard(tx.db, {
      uuid: newUuid(),
      giftcard_program_id: program.id,
      hash: newCode('GC-', 12),
      type: 'DIGITAL',
      balance_in_cents: 0,
      expiration_date: expiration,
      active: 1,
      created_at: isoTimestamp(tx.now),
    });
    if (row) return giftcardView(tx.db, row);
  }
}

/**
 * Stores a card unless one with its hash exists (hash is UNIQUE). Its balance is stored as given:
 * a card with a balance needs its opening transaction too (insertGiftcardTransaction). Shared by
 * the create call and the fixture loader.
 * @returns the row; undefined when the hash is taken (nothing written).
 */
export async function insertGiftcard(
  db: Db,
  card: Insertable<GiftcardTable>,
): Promise<GiftcardRow | undefined> {
  return db
    .insertInto('giftcards')
    .values(card)
    .onConflict((oc) => oc.column('hash').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * One page of the account's giftcards (spec "Giftcards" GET), oldest first, optionally of one
 * program, with the giftcards meta `{page, per_page, last_page, total}`.
 * @throws ServiceError 1100 when `giftcard_program_uuid` names no program.
 */
export async function listGiftcards(
  db: Db,
  query: { giftcard_program_uuid?: string | undefined; page: number; limit: number },
): Promise<{
  items: GiftcardListItem[];
  meta: { page: number; per_page: number; last_page: number; total: number };
}> {
  const program =
    query.giftcard_program_uuid === undefined
      ? undefined
      : await giftcardProgramByUuid(db, query.giftcard_program_uuid);
  let base = db.selectFrom('giftcards');
  if (program) base = base.where('giftcards.giftcard_program_id', '=', program.id);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const { offset, lastPage } = pageWindow(query.page, query.limit, Number(total));
  const rows = await base
    .innerJoin('giftcard_programs as p', 'p.id', 'giftcards.giftcard_program_id')
    .select([
      'giftcards.uuid',
      'giftcards.type',
      'giftcards.hash',
      'giftcards.expiration_date',
      'giftcards.active',
      'giftcards.balance_in_cents',
      'p.uuid as program_uuid',
      'p.name as program_name',
      sql<number>`case when giftcards.type = 'DIGITAL' and exists (select 1 from giftcard_transactions t
        where t.giftcard_id = giftcards.id and t.amount_in_cents > 0 and t.reverses_id is null)
        then 1 else 0 end`.as('incremented'),
    ])
    .orderBy('giftcards.id')
    .limit(query.limit)
    .offset(offset)
    .execute();
  return {
    items: rows.map((r) => ({
      uuid: r.uuid,
      type: r.type,
      hash: r.hash,
      expiration_date: apiTimestamp(r.expiration_date),
      active: bool(r.active),
      upgradeable: Number(r.incremented) !== 1,
      amount_in_cents: Number(r.balance_in_cents),
      giftcard_program: { uuid: r.program_uuid, name: r.program_name },
    })),
    meta: { page: query.page, per_page: query.limit, last_page: lastPage, total: Number(total) },
  };
}

/** The automated e-mail category of giftcard send-by-email (account-fixture.md "automated_emails"). */
export const GIFTCARD_RECIPIENT = 'giftcard_recipient';

/**
 * The e-mail that sends a giftcard to a contact (spec "Giftcards" send-by-email rules): the
 * automated e-mail `email_uuid`, or the first that fits, of category giftcard_recipient, whose
 * subscription type the contact is subscribed to and whose content holds `{{ giftcard.hash }}`;
 * its subject and content rendered with the contact, the card and the `custom.*` merge tags.
 * Sends nothing itself: the caller hands `mail` to the mailer and answers with `result`.
 * @throws ServiceError 5001 unknown card, 55031 unknown contact, 1003 (naming email_uuid when it
 * was given) when no automated e-mail fits.
 */
export async function giftcardEmail(
  db: Db,
  giftcardUuid: string,
  input: {
    contact_uuid: string;
    email_uuid?: string | undefined;
    merge_tags?: Record<string, string | number | boolean | null> | undefined;
  },
): Promise<{ mail: OutgoingMail; result: SentGiftcard['data'] }> {
  const card = await giftcardByUuid(db, giftcardUuid);
  const contact = await contactByUuid(db, input.contact_uuid);
  const subscribed = new Set(
    (await listContactSubscriptions(db, contact.id))
      .filter((s) => s.status === 'SUBSCRIBED')
      .map((s) => s.subscription_type.id),
  );
  let query = db.selectFrom('automated_emails').selectAll().where('category', '=', GIFTCARD_RECIPIENT);
  if (input.email_uuid !== undefined) query = query.where('uuid', '=', input.email_uuid);
  const email = (await query.orderBy('id').execute()).find(
    (e) =>
      e.subscription_type_id !== null &&
      subscribed.has(e.subscription_type_id) &&
      hasToken(e.content, 'giftcard.hash'),
  );
  if (!email) {
    const rule =
      'of category giftcard_recipient, with a subscription type the contact is subscribed to and ' +
      '{{ giftcard.hash }} in its content';
    if (input.email_uuid !== undefined) {
      invalidField('email_uuid', `The email uuid must name an automated e-mail ${rule}.`);
    }
    throw refusal('no_automated_email', `No automated e-mail fits: one is needed ${rule}.`);
  }
  const view = await giftcardView(db, card);
  const account = await db.selectFrom('account').select('name').executeTakeFirst();
  const values: MergeValues = {
    ...input.merge_tags,
    'contact.firstname': contact.firstname,
    'contact.lastname': contact.lastname,
    'contact.email': contact.email,
    'giftcard.hash': card.hash,
    'giftcard.display_amount': view.display_amount,
    'giftcard.formatted_expiration_date': view.formatted_expiration_date,
  };
  const body = renderTemplate(email.content, values);
  return {
    mail: {
      to: contact.email,
      fromName: account?.name,
      subject: renderTemplate(email.subject, values, false),
      ...(isHtml(email.content) ? { html: body } : { text: body }),
    },
    result: {
      giftcard: { uuid: card.uuid, hash: card.hash },
      contact: { uuid: contact.uuid, email: contact.email },
      email: { uuid: email.uuid, name: email.name, subject: email.subject },
    },
  };
}
