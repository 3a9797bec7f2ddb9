import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { OFFICE_COOKIE } from '../../src/contract/office';
import type { StaffRole } from '../../src/service/db/schema-office';
import { hashToken, newSecret } from '../../src/service/domain/shared/tokens';
import { isoTimestamp } from '../../src/service/domain/shared/values';
import { DEMO, type TestApp, uniqueId } from './app';

/** A staff member the test made, with a signed-in office cookie (`cookie`, the secret). */
export interface TestStaff {
  id: number;
  uuid: string;
  name: string;
  email: string;
  role: StaffRole;
  cookie: string;
}

/**
 * Makes a staff member of `role` working in `shops` (uuids; default the demo shop for a manager or
 * cashier) straight in the database, with an office session of 12 hours: the caller of an office
 * test, whatever the sign-in route does.
 */
export async function staffMember(
  t: TestApp,
  role: StaffRole,
  shops: string[] = role === 'owner' ? [] : [DEMO.shop],
): Promise<TestStaff> {
  const db = t.app.db;
  const at = isoTimestamp(t.clock.now());
  const name = uniqueId(role);
  const email = `${name.toLowerCase()}@staff.example`;
  const uuid = randomUUID();
  const { id } = await db
    .insertInto('staff')
    .values({
      uuid,
      name,
      email,
      role,
      password_hash: null,
      passcode_hash: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const shop of shops) {
    const row = await db.selectFrom('shops').select('id').where('uuid', '=', shop).executeTakeFirstOrThrow();
    await db.insertInto('staff_shops').values({ staff_id: id, shop_id: row.id }).execute();
  }
  const cookie = newSecret();
  await db
    .insertInto('office_sessions')
    .values({
      secret_hash: hashToken(cookie),
      staff_id: id,
      created_at: at,
      expires_at: isoTimestamp(new Date(t.clock.now().getTime() + 12 * 3600_000)),
    })
    .execute();
  return { id, uuid, name, email, role, cookie };
}

/** An office API call with the cookie `secret` (none when null), as the page on this origin makes it. */
export function officeCall(
  t: TestApp,
  secret: string | null,
  options: InjectOptions & { path: string },
): Promise<LightMyRequestResponse> {
  const { path, ...rest } = options;
  return t.call({
    ...rest,
    url: `/office/api${path}`,
    token: null,
    ...(secret ? { cookies: { [OFFICE_COOKIE]: secret } } : {}),
  });
}

/** The office cookie secret a response sets (undefined when none). */
export function officeCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === OFFICE_COOKIE && c.value !== '')?.value;
}

/**
 * The token of the newest password reset (or invitation) link e-mailed to `email`, from the app's
 * outbox (`/office/?reset=<token>`, decoded from the mail's transfer encoding); undefined when none.
 */
export function resetTokenSentTo(t: TestApp, email: string): string | undefined {
  const folder = join(t.dir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    return undefined;
  }
  const texts = files
    .map((name) => join(folder, name))
    .map((file) => ({ at: statSync(file).mtimeMs, file, text: readFileSync(file, 'utf8') }))
    .filter((mail) => mail.text.includes(`To: ${email}`))
    .sort((a, b) => a.at - b.at || a.file.localeCompare(b.file))
    .map(({ text }) => {
      const [head = '', ...body] = text.split(/\r?\n\r?\n/);
      const raw = body.join('\n\n');
      if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(raw, 'base64').toString('utf8');
      return raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    });
  const last = texts.at(-1);
  return last ? /\/office\/\?reset=([A-Za-z0-9_-]+)/.exec(last)?.[1] : undefined;
}

/** The audit entries of `subjectUuid`, oldest first, with before and after parsed. */
export async function auditOf(t: TestApp, subjectUuid: string) {
  const rows = await t.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_uuid', '=', subjectUuid)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
    after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
  }));
}
