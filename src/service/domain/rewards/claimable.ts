/*
 * The account's rewards as a contact may claim them (the counter, the v1 component and /me/).
 */
import type { PortalReward } from '../../../contract/portal';
import type { Db } from '../../db/schema';
import { contactById } from '../contacts/contacts';
import { fromCenti } from '../shared/values';
import { rewardView, withinActiveWindow } from './rewards';

/**
 * The account's active rewards for a contact, as sessionRewards (the kiosk and /me/): active and
 * within their active window at `now` (rewards.ts withinActiveWindow).
 */
export async function contactRewards(db: Db, contactId: number, now: Date): Promise<PortalReward[]> {
  const contact = await contactById(db, contactId);
  const balance = Number(contact.credit_balance_centi);
  const rows = (
    await db.selectFrom('rewards').selectAll().where('active', '=', 1).orderBy('id').execute()
  ).filter((row) => withinActiveWindow(row, now));
  const rewards = rows.map((row) => {
    const view = rewardView(row, []);
    const required = Number(row.required_credits_centi);
    const outOfStock = row.stock !== null && row.stock <= 0;
    return {
      uuid: view.uuid,
      title: view.title,
      description: view.description,
      reward_type: view.reward_type,
      required_credits: view.required_credits,
      media: view.media,
      claimable: balance >= required && !outOfStock,
      credits_short: fromCenti(Math.max(0, required - balance)),
      out_of_stock: outOfStock,
    };
  });
  return rewards.sort(
    (a, b) => Number(b.claimable) - Number(a.claimable) || a.required_credits - b.required_credits,
  );
}
