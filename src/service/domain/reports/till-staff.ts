import { sql } from 'kysely';
import type { StaffReport, StaffRow } from '../../../contract/office-reports';
import type { Db } from '../../db/schema';
import type { OfficeActor } from '../office/access';
import { reportPeriod } from './period';
import { inScope, reportScopeOf } from './scope';

/*
 * Who did what at the till (docs/office.md "Reports", "At the till"): the console's actions
 * (cashier_actions), each naming the staff member signed in at the till then (null: nobody), and
 * belonging to the shop of the console that made it.
 */

/**
 * Office GET /reports/staff: per staff member, what they did at the consoles of the scope's shops
 * (reportScopeOf) in the period (reportPeriod): customers found, sessions started (and of those,
 * completed), sessions cancelled, purchases sent, payments received. By name; the actions made
 * with nobody signed in last (`staff` null). Removed staff members keep their rows.
 * @throws ServiceError 1003 (422) for a bad period; office_not_allowed (403), 1008 (404) as reportScopeOf.
 */
export async function staffReport(
  db: Db,
  actor: OfficeActor,
  query: { shopUuid?: string | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<StaffReport> {
  const period = reportPeriod(query, now);
  const scope = await reportScopeOf(db, actor, query.shopUuid);
  const counts = await db
    .selectFrom('cashier_actions as a')
    .innerJoin('cashier_devices as d', 'd.id', 'a.cashier_device_id')
    .leftJoin('portal_sessions as s', 's.id', 'a.portal_session_id')
    .select(['a.staff_id', 'd.shop_id', 'a.action', 's.status', sql<string>`count(*)`.as('count')])
    .where('a.created_at', '>=', period.startText)
    .where('a.created_at', '<', period.endText)
    .groupBy(['a.staff_id', 'd.shop_id', 'a.action', 's.status'])
    .execute();
  const rows = new Map<number | null, StaffRow>();
  for (const c of counts) {
    if (!inScope(scope, Number(c.shop_id))) continue;
    const staffId = c.staff_id === null ? null : Number(c.staff_id);
    let row = rows.get(staffId);
    if (!row) {
      row = {
        staff: null,
        contacts_found: 0,
        sessions_started: 0,
        sessions_completed: 0,
        sessions_cancelled: 0,
        purchases_sent: 0,
        payments_received: 0,
      };
      rows.set(staffId, row);
    }
    const count = Number(c.count);
    if (c.action === 'contact_found') row.contacts_found += count;
    if (c.action === 'session_started') {
      row.sessions_started += count;
      if (c.status === 'completed') row.sessions_completed += count;
    }
    if (c.action === 'session_cancelled') row.sessions_cancelled += count;
    if (c.action === 'purchase_sent') row.purchases_sent += count;
    if (c.action === 'payment_received') row.payments_received += count;
  }
  const ids = [...rows.keys()].filter((id): id is number => id !== null);
  const staff = ids.length
    ? await db.selectFrom('staff').select(['id', 'uuid', 'name']).where('id', 'in', ids).execute()
    : [];
  for (const s of staff) rows.get(Number(s.id))!.staff = { uuid: s.uuid, name: s.name };
  const list = [...rows.values()].sort((a, b) => {
    if (a.staff === null || b.staff === null) return a.staff === null ? 1 : -1;
    return a.staff.name.localeCompare(b.staff.name) || a.staff.uuid.localeCompare(b.staff.uuid);
  });
  return { from: period.from, to: period.to, scope: scope.kind, rows: list };
}
