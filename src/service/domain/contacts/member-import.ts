/*
 * Importing members from a CSV file (docs/office.md "Importing members"): reading the file
 * (papaparse; UTF-8 with or without BOM; `,`, `;` or tab), checking every row against the file and
 * the database, and writing what the check planned in one transaction, in bulk.
 *
 * Idempotent by e-mail: a row whose e-mail is a member's already adds only the cards that member
 * does not hold yet; names and balances of existing members are never changed. Opening balances
 * are booked only for the members the import makes, in the same statement batch that makes them,
 * so importing a file again books nothing twice.
 */
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { emailField } from '../../../contract/fields';
import {
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportColumn,
  type MemberImportProblem,
  type MemberImportReason,
  type MemberImportSummary,
} from '../../../contract/office-import';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { refusal } from '../shared/errors';
import { isoTimestamp, newUuid } from '../shared/values';

/** One data row of the file as read: its spreadsheet row number and its values, checked. */
export interface MemberRow {
  /** As a spreadsheet numbers it: the header is row 1, the first member row 2. */
  row: number;
  /** Lower-cased, trimmed. */
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** Card values (contact identifiers), each once, in the file's order. */
  cards: string[];
  /** Opening points, in hundredths of a credit. */
  pointsCenti: number;
  /** Opening prepaid balance, in cents. */
  prepaidCents: number;
}

/** A file as read: its rows that are well formed, and the problems of the others (and of the file). */
export interface MemberFile {
  sha256: string;
  /** Data rows in the file (refused ones included). */
  rowsTotal: number;
  rows: MemberRow[];
  problems: MemberImportProblem[];
}

/** What the check decided for one well-formed row. */
export interface PlannedMember {
  row: MemberRow;
  /** The existing member the e-mail names; undefined: a new member. */
  contactId?: number;
  /** Cards to make (unknown to the account). */
  newCards: string[];
  /** Cards the account has, active and held by nobody: linked to the member. */
  linkCards: string[];
}

/** The outcome of a check: what an import would write, and every refused row. */
export interface MemberImportPlan {
  members: PlannedMember[];
  problems: MemberImportProblem[];
  summary: MemberImportSummary;
}

/** Reports how far a long step is: `done` of `total` rows. */
export type Progress = (done: number, total: number) => void;

/** The most values one IN list or multi-row INSERT takes (well under both engines' parameter limits). */
const CHUNK = 500;
/** The largest points or prepaid amount a row may hold (credits or euros). */
const MAX_AMOUNT = 1_000_000;
const MAX_NAME = 100;
const MAX_CARD = 191;

const MESSAGES: Record<MemberImportReason, string> = {
  not_utf8: 'The file is not UTF-8 text: save it as "CSV UTF-8".',
  no_rows: 'The file has no member rows.',
  too_many_rows: `The file has more than ${MEMBER_IMPORT_MAX_ROWS} member rows: split it.`,
  column_missing: 'The file has no e-mail column.',
  column_twice: 'The column is in the header twice.',
  row_malformed: 'The row does not have as many fields as the header.',
  email_missing: 'The e-mail address is missing.',
  email_invalid: 'The e-mail address is not valid.',
  email_duplicate: 'The e-mail address is on an earlier row of the file too.',
  name_too_long: `The name is longer than ${MAX_NAME} characters.`,
  card_invalid: `A card is longer than ${MAX_CARD} characters or holds control characters.`,
  card_duplicate: 'A card is on an earlier row of the file too.',
  card_held: 'A card is held by another member.',
  card_blocked: 'A card is blocked (inactive).',
  number_invalid: 'Not a number (digits, one decimal point or comma).',
  number_negative: 'The number is negative.',
  number_decimals: 'The number has more than 2 decimals.',
  number_too_large: `The number is larger than ${MAX_AMOUNT.toLocaleString('en')}.`,
};

function problem(
  row: number,
  field: string,
  reason: MemberImportReason,
  detail?: string,
): MemberImportProblem {
  return { row, field, reason, message: detail ? `${MESSAGES[reason]} ${detail}` : MESSAGES[reason] };
}

/** A header as compared: lower case, without spaces, `-` and `_`. */
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_-]/g, '');

const COLUMN_OF = new Map<string, MemberImportColumn>(
  Object.entries(MEMBER_IMPORT_COLUMNS).flatMap(([column, names]) =>
    names.map((name) => [headerKey(name), column as MemberImportColumn] as const),
  ),
);

/** The separator of the header line: the most frequent of `;`, `,` and tab (`,` when none). */
function separatorOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end === -1 ? text : text.slice(0, end);
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = header.split(candidate).length - 1;
    if (count > most) [best, most] = [candidate, count];
  }
  return best;
}

/**
 * An amount as a spreadsheet writes it, in hundredths: digits with at most one `.` or `,` and at most
 * 2 decimals; empty is 0. Answers the reason when it is not one.
 */
export function hundredthsOf(text: string): number | MemberImportReason {
  const value = text.trim().replace(/^\+/, '');
  if (value === '') return 0;
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(value);
  if (!match) return /^-\s*\d/.test(value) ? 'number_negative' : 'number_invalid';
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return 'number_decimals';
  const whole = Number(match[1]);
  if (whole > MAX_AMOUNT) return 'number_too_large';
  const hundredths = whole * 100 + Number(decimals.padEnd(2, '0'));
  if (hundredths > MAX_AMOUNT * 100) return 'number_too_large';
  return hundredths;
}

// Control characters (C0, DEL, C1): never part of a card's value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The service's one rule for an e-mail address (contract/fields.ts), built once: rows are many. */
const EMAIL = emailField();

/**
 * Reads a member file: the text (a leading byte order mark dropped), its header (MEMBER_IMPORT_COLUMNS;
 * unknown columns are ignored) and each data row, checked on its own and against the rows before it
 * (an e-mail or a card twice). Empty lines are skipped. Stops reading after MEMBER_IMPORT_MAX_ROWS
 * (then refused as `too_many_rows`), so a huge file costs no more memory than that.
 */
export function readMemberFile(text: string, progress: Progress = () => {}): MemberFile {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const sha256 = createHash('sha256').update(content).digest('hex');
  const problems: MemberImportProblem[] = [];
  const empty = { sha256, rowsTotal: 0, rows: [], problems };
  if (content.includes('\ufffd')) return { ...empty, problems: [problem(1, 'file', 'not_utf8')] };
  const parsed = Papa.parse<string[]>(content, {
    delimiter: separatorOf(content),
    skipEmptyLines: 'greedy',
    preview: MEMBER_IMPORT_MAX_ROWS + 2,
  });
  const [header = [], ...records] = parsed.data;
  if (records.length > MEMBER_IMPORT_MAX_ROWS)
    return { ...empty, rowsTotal: records.length, problems: [problem(1, 'file', 'too_many_rows')] };
  const index = new Map<MemberImportColumn, number>();
  header.forEach((name, i) => {
    const column = COLUMN_OF.get(headerKey(name));
    if (!column) return;
    if (index.has(column)) problems.push(problem(1, name.trim(), 'column_twice'));
    else index.set(column, i);
  });
  if (!index.has('email')) problems.push(problem(1, 'email', 'column_missing'));
  if (records.length === 0) problems.push(problem(1, 'file', 'no_rows'));
  if (problems.length > 0) return { ...empty, rowsTotal: records.length, problems };

  const rows: MemberRow[] = [];
  const emailRows = new Map<string, number>();
  const cardRows = new Map<string, number>();
  const cell = (record: string[], column: MemberImportColumn) => {
    const i = index.get(column);
    return i === undefined ? '' : (record[i] ?? '').trim();
  };
  records.forEach((record, i) => {
    const row = i + 2;
    if (i % 10_000 === 0) progress(i, records.length);
    const before = problems.length;
    if (record.length !== header.length) {
      problems.push(
        problem(row, 'row', 'row_malformed', `It has ${record.length}, the header ${header.length}.`),
      );
      return;
    }
    const rawEmail = cell(record, 'email');
    const email = EMAIL.safeParse(rawEmail);
    if (rawEmail === '') problems.push(problem(row, 'email', 'email_missing'));
    else if (!email.success) problems.push(problem(row, 'email', 'email_invalid'));
    else if (emailRows.has(email.data))
      problems.push(problem(row, 'email', 'email_duplicate', `(row ${emailRows.get(email.data)})`));
    else emailRows.set(email.data, row);
    const firstname = cell(record, 'firstname');
    const lastname = cell(record, 'lastname');
    if (firstname.length > MAX_NAME) problems.push(problem(row, 'firstname', 'name_too_long'));
    if (lastname.length > MAX_NAME) problems.push(problem(row, 'lastname', 'name_too_long'));
    const cards = [
      ...new Set(
        cell(record, 'cards')
          .split('|')
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ];
    for (const card of cards) {
      if (card.length > MAX_CARD || CONTROL.test(card)) problems.push(problem(row, 'cards', 'card_invalid'));
      else if (cardRows.has(card))
        problems.push(problem(row, 'cards', 'card_duplicate', `(row ${cardRows.get(card)})`));
      else cardRows.set(card, row);
    }
    const points = hundredthsOf(cell(record, 'points'));
    if (typeof points === 'string') problems.push(problem(row, 'points', points));
    const prepaid = hundredthsOf(cell(record, 'prepaid'));
    if (typeof prepaid === 'string') problems.push(problem(row, 'prepaid', prepaid));
    if (problems.length > before || !email.success) return;
    rows.push({
      row,
      email: email.data,
      firstname: firstname || null,
      lastname: lastname || null,
      cards,
      pointsCenti: points as number,
      prepaidCents: prepaid as number,
    });
  });
  progress(records.length, records.length);
  return { sha256, rowsTotal: records.length, rows, problems };
}

function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Checks the rows of `file` against the database (members by e-mail, cards by value) and plans
 * the import: a new member for each unknown e-mail, the cards to make and to link. A card held by
 * another member or blocked refuses its row. Reads in chunks; writes nothing.
 */
export async function planMemberImport(
  db: Db,
  file: MemberFile,
  progress: Progress = () => {},
): Promise<MemberImportPlan> {
  const problems = [...file.problems];
  const contacts = new Map<string, number>();
  const cards = new Map<string, { active: number; contact_id: number | null }>();
  const allCards = file.rows.flatMap((r) => r.cards);
  const steps = Math.ceil(file.rows.length / CHUNK) + Math.ceil(allCards.length / CHUNK);
  let step = 0;
  for (const part of chunks(file.rows)) {
    const found = await db
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where(
        'email',
        'in',
        part.map((r) => r.email),
      )
      .execute();
    for (const c of found) contacts.set(c.email, c.id);
    progress(++step, steps);
  }
  for (const part of chunks(allCards)) {
    const found = await db
      .selectFrom('contact_identifiers')
      .select(['value', 'active', 'contact_id'])
      .where('value', 'in', part)
      .execute();
    for (const c of found) cards.set(c.value, { active: Number(c.active), contact_id: c.contact_id });
    progress(++step, steps);
  }

  const members: PlannedMember[] = [];
  const summary: MemberImportSummary = {
    rows: file.rowsTotal,
    new_members: 0,
    existing_members: 0,
    cards_added: 0,
    opening_points: 0,
    opening_prepaid_in_cents: 0,
    balances_left: 0,
    refused_rows: 0,
  };
  let openingCenti = 0;
  for (const row of file.rows) {
    const contactId = contacts.get(row.email);
    const planned: PlannedMember = { row, newCards: [], linkCards: [] };
    if (contactId !== undefined) planned.contactId = contactId;
    let refused = false;
    for (const value of row.cards) {
      const card = cards.get(value);
      if (!card) planned.newCards.push(value);
      else if (card.contact_id !== null && card.contact_id === contactId) continue;
      else if (card.contact_id !== null) {
        problems.push(problem(row.row, 'cards', 'card_held'));
        refused = true;
      } else if (card.active !== 1) {
        problems.push(problem(row.row, 'cards', 'card_blocked'));
        refused = true;
      } else planned.linkCards.push(value);
    }
    if (refused) continue;
    members.push(planned);
    summary.cards_added += planned.newCards.length + planned.linkCards.length;
    if (contactId === undefined) {
      summary.new_members++;
      openingCenti += row.pointsCenti;
      summary.opening_prepaid_in_cents += row.prepaidCents;
    } else {
      summary.existing_members++;
      if (row.pointsCenti !== 0 || row.prepaidCents !== 0) summary.balances_left++;
    }
  }
  summary.opening_points = openingCenti / 100;
  // One problem per row, column and reason (two held cards on a row: one line), by row.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.row}\u0000${p.field}\u0000${p.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => a.row - b.row);
  summary.refused_rows = new Set(unique.map((p) => p.row)).size;
  return { members, problems: unique, summary };
}

/**
 * Writes a plan with no problems, in `tx`, in multi-row statements of CHUNK rows: the new members
 * (channel `import`) with their balances, their opening ledger entries (credit_entries source
 * `opening`, prepaid_transactions kind `opening`: the rows the fixture loader writes for an opening
 * balance, so every balance equals its ledger), and every card made or linked. Row by row through
 * the domain's single-entry functions this would take minutes for 100,000 members (each balance
 * move is its own conditional UPDATE); these statements write the same rows at once.
 * What another request changed since the check (a member with one of the e-mails, a card taken)
 * fails the whole write.
 * @throws ServiceError member_import_changed (409) then; nothing is written.
 */
export async function writeMemberImport(
  tx: Tx,
  plan: MemberImportPlan,
  progress: Progress = () => {},
): Promise<void> {
  if (plan.problems.length > 0) throw new Error('a plan with problems is not written');
  const at = isoTimestamp(tx.now);
  const changed = () =>
    refusal('member_import_changed', {
      en: 'Members or cards changed since the file was checked: import it again',
      nl: 'Leden of kaarten zijn gewijzigd sinds de controle: importeer het bestand opnieuw',
    });
  const total = plan.members.length;
  let done = 0;
  const fresh = plan.members.filter((m) => m.contactId === undefined);
  const ids = new Map<string, number>();
  for (const part of chunks(fresh)) {
    const made = await tx.db
      .insertInto('contacts')
      .values(
        part.map(({ row }) => ({
          uuid: newUuid(),
          email: row.email,
          firstname: row.firstname,
          lastname: row.lastname,
          locale: null,
          tier_id: null,
          credit_balance_centi: row.pointsCenti,
          prepaid_balance_in_cents: row.prepaidCents,
          attributes: '{}',
          channel: 'import',
          referral_code: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'email'])
      .execute();
    if (made.length !== part.length) throw changed();
    for (const c of made) ids.set(c.email, c.id);
    const credits = part.filter((m) => m.row.pointsCenti !== 0);
    if (credits.length > 0) {
      await tx.db
        .insertInto('credit_entries')
        .values(
          credits.map(({ row }) => ({
            contact_id: ids.get(row.email)!,
            credits_centi: row.pointsCenti,
            source: 'opening' as const,
            source_id: null,
            created_at: at,
          })),
        )
        .execute();
    }
    const prepaid = part.filter((m) => m.row.prepaidCents !== 0);
    if (prepaid.length > 0) {
      await tx.db
        .insertInto('prepaid_transactions')
        .values(
          prepaid.map(({ row }) => ({
            uuid: newUuid(),
            contact_id: ids.get(row.email)!,
            shop_id: null,
            contact_identifier_id: null,
            amount_in_cents: row.prepaidCents,
            kind: 'opening' as const,
            reverses_id: null,
            created_at: at,
          })),
        )
        .execute();
    }
    done += part.length;
    progress(done, total);
  }
  const contactOf = (m: PlannedMember) => m.contactId ?? ids.get(m.row.email)!;
  const newCards = plan.members.flatMap((m) =>
    m.newCards.map((value) => ({ value, contactId: contactOf(m) })),
  );
  for (const part of chunks(newCards)) {
    const made = await tx.db
      .insertInto('contact_identifiers')
      .values(
        // Named as the counter names a card it adds (contacts/cards.ts), not by its value.
        part.map((c) => ({
          value: c.value,
          name: 'Loyalty card',
          active: 1,
          contact_id: c.contactId,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.column('value').doNothing())
      .returning('id')
      .execute();
    if (made.length !== part.length) throw changed();
  }
  for (const m of plan.members) {
    for (const value of m.linkCards) {
      // As linkIdentifier does: only while still active and held by nobody.
      const linked = await tx.db
        .updateTable('contact_identifiers')
        .set({ contact_id: contactOf(m) })
        .where('value', '=', value)
        .where('active', '=', 1)
        .where('contact_id', 'is', null)
        .executeTakeFirst();
      if (linked.numUpdatedRows === 0n) throw changed();
    }
  }
  progress(total, total);
}
