import { type OfficeSessionDefaults, officeSessionDefaults } from '../../../contract/office-programme-rules';
import { ACCOUNT_CHANGED_TOPIC } from '../../db/account-cache';
import type { Db } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { type OfficeActor, requireOwner } from '../office/access';
import { officeAuditBy, recordAudit } from '../office/audit';
import { ServiceError } from '../shared/errors';
import { jsonObject } from '../shared/values';

/*
 * The session defaults (fixture `account.settings.session_defaults`; docs/office.md "Earning and
 * promotions"): the creation settings a cashier console starts a portal session with unless the
 * cashier switches them (devices/consoles.ts accountSessionDefaults applies them over the spec's
 * defaults). A POS that creates a session through the public API sends its own settings, and
 * what it leaves out takes the spec's defaults, as the spec says.
 */

/** The session defaults as stored (only the settings the account set; the rest are the spec's). */
export async function storedSessionDefaults(db: Db): Promise<OfficeSessionDefaults> {
  const account = await db.selectFrom('account').select('settings').executeTakeFirst();
  const parsed = officeSessionDefaults.safeParse(
    jsonObject(account?.settings ?? null).session_defaults ?? {},
  );
  return parsed.success ? parsed.data : {};
}

/**
 * Replaces the session defaults (owner only): each setting of contract/cashier.ts sessionDefaults,
 * a setting left out takes the spec's default. The other account settings stay. A console shows
 * them at its next session. Recorded as `session_defaults.changed`.
 * @throws ServiceError office_not_allowed (403); 1003 naming each unknown or wrong setting.
 */
export async function changeSessionDefaults(
  tx: Tx,
  actor: OfficeActor,
  input: unknown,
): Promise<OfficeSessionDefaults> {
  requireOwner(actor);
  const parsed = officeSessionDefaults.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const keys =
        issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? 'session_defaults')];
      for (const key of keys)
        fields[key] = [issue.code === 'unrecognized_keys' ? 'Not a session setting.' : issue.message];
    }
    throw new ServiceError(1003, { fields });
  }
  await tx.lock('account', 1);
  const account = await tx.db.selectFrom('account').select(['id', 'settings']).executeTakeFirstOrThrow();
  const settings = jsonObject(account.settings);
  const before = await storedSessionDefaults(tx.db);
  await tx.db
    .updateTable('account')
    .set({ settings: JSON.stringify({ ...settings, session_defaults: parsed.data }) })
    .where('id', '=', account.id)
    .execute();
  tx.publish(ACCOUNT_CHANGED_TOPIC, { table: 'account' });
  await recordAudit(tx, officeAuditBy(actor), {
    action: 'session_defaults.changed',
    subjectType: 'account',
    subjectUuid: null,
    shopId: null,
    before,
    after: parsed.data,
  });
  return parsed.data;
}
