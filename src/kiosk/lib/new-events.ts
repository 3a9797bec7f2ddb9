/**
 * The events not seen before, oldest first, marking them seen. The first call only records what
 * is there (those happened before this screen opened), unless `includeExisting`.
 */
export function takeNewEvents<E extends { uuid: string }>(
  seen: Set<string>,
  events: readonly E[],
  includeExisting: boolean,
): E[] {
  const fresh = events.filter((event) => !seen.has(event.uuid));
  for (const event of fresh) seen.add(event.uuid);
  return includeExisting ? fresh : [];
}
