import { randomUUID } from 'node:crypto';
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
