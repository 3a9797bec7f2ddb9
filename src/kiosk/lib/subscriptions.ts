import type { z } from 'zod';
import type { offeredSubscriptionType } from '../../contract/portal';

type Offered = z.infer<typeof offeredSubscriptionType>;

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
