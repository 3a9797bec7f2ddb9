import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_IMPORT_MAX_CHARS, type MemberImport } from '../../src/contract/office-import';
import {
  planMemberImport,
  readMemberFile,
  writeMemberImport,
} from '../../src/service/domain/contacts/member-import';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { createTestApp, DEMO, type TestApp, uniqueId } from '../helpers/app';
import { databaseSnapshot } from '../helpers/attacker';
import { expectLedgersBalanced } from '../helpers/ledger';
import { officeCall, staffMember, type TestStaff } from '../helpers/office';

/*
 * Importing members from a CSV file (docs/office.md "Importing members"): a dry run names each bad
 * row and writes nothing; a file with a bad row imports nothing; a good file imports, with balances
 * equal to their ledgers and cards the public API finds; the same file again changes nothing.
 * Owners only; too large a file is refused. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let t: TestApp;
let owner: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await staffMember(t, 'owner');
});
afterAll(() => t?.close());

/** Starts a job as `who` and polls it until it ends (the page polls the same way). */
async function runImport(
  content: string,
  dryRun: boolean,
  who: TestStaff = owner,
  fileName = 'members.csv',
): Promise<MemberImport> {
  const started = await officeCall(t, who.cookie, {
    method: 'POST',
    path: '/member-imports',
    payload: { file_name: fileName, content, dry_run: dryRun },
  });
  expect(started.statusCode, started.body).toBe(202);
  return finished(started.json<MemberImport>().uuid);
}

async function finished(uuid: string): Promise<MemberImport> {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await officeCall(t, owner.cookie, { method: 'GET', path: `/member-imports/${uuid}` });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<MemberImport>();
    if (job.status !== 'running') return job;
    if (Date.now() > until) throw new Error('the import did not end within a minute');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every table but the import jobs and the audit log (which each run adds to). */
async function members(): Promise<Record<string, string[]>> {
  const { member_imports: _, audit_log: __, ...rest } = await databaseSnapshot(t.app.db);
  return rest;
}

const id = () => uniqueId('m').toLowerCase();

describe('importing members from a CSV file', () => {
  it('a dry run names each bad row by number, column and reason, and writes no member', async () => {
    const a = id();
    const held = `${DEMO.annaCard}`;
    const csv = [
      'email,firstname,lastname,cards,points,prepaid',
      `${a}@example.com,Ann,Vos,CARD-${a},10,5.50`,
      'not-an-email,Bob,,,,',
      `${a}@example.com,Ann,Twice,,,`,
      `${a}-2@example.com,Cas,,${held},,`,
      `${a}-3@example.com,Dee,,,-4,`,
      `${a}-4@example.com,Eve,,,ten,`,
      `${a}-5@example.com,Fay,,,,1.005`,
      `${a}-6@example.com,Gus,,CARD-${a},,`,
      ',Hal,,,,',
      `${a}-7@example.com,Ivy`,
    ].join('\n');
    const before = await members();
    const job = await runImport(csv, true);
    expect(job.status).toBe('done');
    expect(job.dry_run).toBe(true);
    expect(job.problems.map((p) => [p.row, p.field, p.reason])).toEqual([
      [3, 'email', 'email_invalid'],
      [4, 'email', 'email_duplicate'],
      [5, 'cards', 'card_held'],
      [6, 'points', 'number_negative'],
      [7, 'points', 'number_invalid'],
      [8, 'prepaid', 'number_decimals'],
      [9, 'cards', 'card_duplicate'],
      [10, 'email', 'email_missing'],
      [11, 'row', 'row_malformed'],
    ]);
    expect(job.problems.every((p) => p.message.length > 10 && !p.message.includes(a))).toBe(true);
    expect(job.summary).toMatchObject({ rows: 10, new_members: 1, refused_rows: 9, opening_points: 10 });
    expect(await members()).toEqual(before);
  });

  it('an import of a file with a bad row imports nothing and names the row', async () => {
    const a = id();
    const csv = `email;points\n${a}@example.com;5\n${a}-b@example.com;1,234\n`;
    const before = await members();
    const job = await runImport(csv, false);
    expect(job.status).toBe('refused');
    expect(job.problems).toEqual([
      expect.objectContaining({ row: 3, field: 'points', reason: 'number_decimals' }),
    ]);
    expect(await members()).toEqual(before);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_uuid', '=', job.uuid)
      .execute();
    expect(audit.map((e) => e.action)).toEqual(['member_import.refused']);
    expect(audit[0]!.after).not.toContain(a);
  });

  it('a good file imports: balances equal their ledgers, cards are found by the public API, twice changes nothing', async () => {
    const a = id();
    const csv = [
      '\ufeffE-mail;Voornaam;Achternaam;Kaarten;Punten;Tegoed',
      `${a}-1@Example.com;Anna;de Vries;IMP-${a}-1 | IMP-${a}-1b;120;12,50`,
      `${a}-2@example.com;"Bram; jr.";Bakker;;0,5;`,
      `${a}-3@example.com;Cees;;IMP-${a}-3;;0`,
    ].join('\r\n');
    const dry = await runImport(csv, true);
    expect(dry.problems).toEqual([]);
    expect(dry.summary).toEqual({
      rows: 3,
      new_members: 3,
      existing_members: 0,
      cards_added: 3,
      opening_points: 120.5,
      opening_prepaid_in_cents: 1250,
      balances_left: 0,
      refused_rows: 0,
    });
    const job = await runImport(csv, false, owner, 'leden.csv');
    expect(job.status).toBe('done');
    expect(job.summary).toEqual(dry.summary);
    expect(job.file_sha256).toBe(dry.file_sha256);
    await expectLedgersBalanced(t.app.db);

    const contact = await t.app.db
      .selectFrom('contacts')
      .selectAll()
      .where('email', '=', `${a}-1@example.com`)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      firstname: 'Anna',
      lastname: 'de Vries',
      credit_balance_centi: 12000,
      prepaid_balance_in_cents: 1250,
      channel: 'import',
    });
    const found = await t.call({
      method: 'GET',
      url: `/contact-identifiers/find?contact_identifier_value=IMP-${a}-1b`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.contact).toEqual({ uuid: contact.uuid, email: `${a}-1@example.com` });
    const bram = await t.call({ method: 'GET', url: `/contacts/${contact.uuid}` });
    expect(bram.json().data.current_values.loyalty_balance).toBe(120);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_uuid', '=', job.uuid)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'member_import.imported', staff_id: owner.id });
    expect(JSON.parse(audit.after!)).toMatchObject({ file_name: 'leden.csv', new_members: 3, rows: 3 });
    expect(audit.after).not.toContain(a);

    const before = await members();
    const again = await runImport(csv, false);
    expect(again.status).toBe('done');
    expect(again.summary).toMatchObject({
      new_members: 0,
      existing_members: 3,
      cards_added: 0,
      balances_left: 2,
    });
    expect(await members()).toEqual(before);
  });

  it('an existing member matched by e-mail gets only the cards they lack; names and balances stay', async () => {
    const a = id();
    await runImport(`email,firstname,points\n${a}@example.com,Old,7\n`, false);
    const job = await runImport(`email,firstname,cards,points\n${a}@example.com,New,NEW-${a},99\n`, false);
    expect(job.summary).toMatchObject({ existing_members: 1, cards_added: 1, balances_left: 1 });
    const contact = await t.app.db
      .selectFrom('contacts')
      .selectAll()
      .where('email', '=', `${a}@example.com`)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ firstname: 'Old', credit_balance_centi: 700 });
    const card = await t.app.db
      .selectFrom('contact_identifiers')
      .selectAll()
      .where('value', '=', `NEW-${a}`)
      .executeTakeFirstOrThrow();
    expect(card.contact_id).toBe(contact.id);
    await expectLedgersBalanced(t.app.db);
  });

  it('a file that is no UTF-8, has no e-mail column or no rows is refused whole', async () => {
    expect((await runImport('naam,punten\nAnn,3\n', true)).problems).toEqual([
      expect.objectContaining({ row: 1, field: 'email', reason: 'column_missing' }),
    ]);
    expect((await runImport('email\n', true)).problems[0]).toMatchObject({ reason: 'no_rows' });
    expect((await runImport('email\nj\ufffdrgen@example.com\n', true)).problems[0]).toMatchObject({
      reason: 'not_utf8',
    });
  });

  it('a manager and a cashier are refused; nothing is started', async () => {
    for (const role of ['manager', 'cashier'] as const) {
      const who = await staffMember(t, role);
      const res = await officeCall(t, who.cookie, {
        method: 'POST',
        path: '/member-imports',
        payload: { file_name: 'x.csv', content: 'email\na@example.com\n', dry_run: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toBe('office_not_allowed');
    }
    const job = await runImport('email\nz@example.com\n', true);
    const manager = await staffMember(t, 'manager');
    const read = await officeCall(t, manager.cookie, { method: 'GET', path: `/member-imports/${job.uuid}` });
    expect(read.statusCode).toBe(403);
  });

  it('too large a file is refused before anything is read', async () => {
    const count = await t.app.db.selectFrom('member_imports').select('id').execute();
    const big = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/member-imports',
      payload: { file_name: 'big.csv', content: 'x'.repeat(MEMBER_IMPORT_MAX_CHARS + 1), dry_run: true },
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toHaveProperty('content');
    const huge = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/member-imports',
      headers: { 'content-type': 'application/json' },
      payload: `{"file_name":"huge.csv","dry_run":true,"content":"${'x'.repeat(MEMBER_IMPORT_MAX_CHARS * 1.3)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(await t.app.db.selectFrom('member_imports').select('id').execute()).toHaveLength(count.length);
  });

  it('5,000 members import in one go, and again change nothing', async () => {
    const a = id();
    const lines = ['email,firstname,lastname,cards,points,prepaid'];
    for (let i = 0; i < 5000; i++)
      lines.push(`${a}-${i}@example.com,First${i},Last${i},C-${a}-${i}|D-${a}-${i},${i % 500},${i % 100}.25`);
    const csv = lines.join('\n');
    const job = await runImport(csv, false);
    expect(job.status, JSON.stringify(job.problems.slice(0, 3))).toBe('done');
    expect(job.summary).toMatchObject({ new_members: 5000, cards_added: 10_000 });
    await expectLedgersBalanced(t.app.db);
    const before = await members();
    const again = await runImport(csv, false);
    expect(again.summary).toMatchObject({ new_members: 0, existing_members: 5000, cards_added: 0 });
    expect(await members()).toEqual(before);
  });

  it('an unknown job is 404; a second job while one runs is refused 409 and not started', async () => {
    const unknown = await officeCall(t, owner.cookie, { method: 'GET', path: '/member-imports/no-such-job' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ reason: 'member_import_not_found' });

    // A job of another process, running (its row says so): this process starts none meanwhile.
    const other = await t.app.db
      .insertInto('member_imports')
      .values({
        uuid: `other-${id()}`,
        staff_id: owner.id,
        file_name: 'elsewhere.csv',
        file_sha256: '',
        dry_run: 1,
        status: 'running',
        rows_total: 0,
        outcome: null,
        created_at: isoTimestamp(t.clock.now()),
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = (await t.app.db.selectFrom('member_imports').select('id').execute()).length;
    const second = await officeCall(t, owner.cookie, {
      method: 'POST',
      path: '/member-imports',
      payload: { file_name: 'second.csv', content: 'email\na@example.com\n', dry_run: true },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ reason: 'member_import_busy' });
    expect(await t.app.db.selectFrom('member_imports').select('id').execute()).toHaveLength(count);
    await t.app.db
      .updateTable('member_imports')
      .set({ status: 'failed' })
      .where('id', '=', other.id)
      .execute();
    expect((await runImport('email\na@example.com\n', true)).status).toBe('done');
  });

  it('a member made between the check and the write refuses the whole write (member_import_changed)', async () => {
    const a = id();
    const plan = await planMemberImport(
      t.app.db,
      readMemberFile(`email,points\n${a}-1@example.com,5\n${a}-2@example.com,6\n`),
    );
    expect(plan.problems).toEqual([]);
    const made = await t.call({ method: 'POST', url: '/contacts', payload: { email: `${a}-2@example.com` } });
    expect(made.statusCode).toBe(201);
    const before = await members();
    await expect(t.app.tx((tx) => writeMemberImport(tx, plan))).rejects.toMatchObject({
      reason: 'member_import_changed',
    });
    expect(await members()).toEqual(before);
  });
});
