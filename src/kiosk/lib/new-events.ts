/**
 * The events not seen before, oldest first, marking them seen. With `announce` false (the first
 * look, when the screen opens) they are only recorded: those happened before this screen.
 */
export function takeNewEvents<E extends { uuid: string }>(
  seen: Set<string>,
  events: readonly E[],
  announce: boolean,
): E[] {
  const fresh = events.filter((event) => !seen.has(event.uuid));
  for (const event of fresh) seen.add(event.uuid);
  return announce ? fresh : [];
}
