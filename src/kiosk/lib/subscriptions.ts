import type { z } from 'zod';
import type { offeredSubscriptionType } from '../../contract/portal';

type Offered = z.infer<typeof offeredSubscriptionType>;

/** The subscription types ticked when the registration screen opens: the opt-out ones. */
export function initialSubscriptionIds(types: readonly Offered[]): number[] {
  return types.filter((type) => type.strategy === 'OPT_OUT').map((type) => type.id);
}

/** `ids` with `id` ticked or unticked, in the order the screen lists the types. */
export function toggleSubscription(
  types: readonly Offered[],
  ids: readonly number[],
  id: number,
  ticked: boolean,
): number[] {
  const set = new Set(ids);
  if (ticked) set.add(id);
  else set.delete(id);
  return types.filter((type) => set.has(type.id)).map((type) => type.id);
}
