import { useState } from 'react';
import { useFollowedSession, useSessionStream } from '../api/queries';

/**
 * The session the console follows (`uuid`; null: none), kept live whatever the console shows: its
 * event stream runs until the session has ended (then nothing more can happen to it), and while
 * the stream is down the session is polled. Returns the session's query and whether the stream is up.
 */
export function useFollowed(uuid: string | null) {
  const [live, setLive] = useState(false);
  const query = useFollowedSession(uuid, live);
  const session = query.data;
  useSessionStream(uuid, session === undefined || session.status === 'open', setLive);
  return { query, live };
}

/** What useFollowed returns. */
export type Followed = ReturnType<typeof useFollowed>;
