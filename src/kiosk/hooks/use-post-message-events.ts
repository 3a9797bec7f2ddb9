import { useEffect, useRef } from 'react';
import type { PortalEvent } from '../../contract/portal';
import { takeNewEvents } from '../lib/new-events';

/** The message an embedding POS page receives for each new session event. */
export interface PortalEventMessage {
  source: 'portal';
  session_uuid: string;
  event: PortalEvent;
}

/**
 * When the kiosk runs inside an iframe, posts each new session event to the parent page, once,
 * to each of the session's allowed origins (never to '*': the browser drops a message whose
 * target origin is not the parent's, so other embedders learn nothing).
 */
export function usePostMessageEvents(
  sessionUuid: string,
  events: readonly PortalEvent[] | undefined,
  allowedOrigins: readonly string[] | undefined,
): void {
  const seen = useRef(new Set<string>());
  const primed = useRef(false);
  useEffect(() => {
    if (!events || !allowedOrigins || window.parent === window) return;
    const fresh = takeNewEvents(seen.current, events, primed.current);
    primed.current = true;
    for (const event of fresh) {
      const message: PortalEventMessage = { source: 'portal', session_uuid: sessionUuid, event };
      for (const origin of allowedOrigins) {
        if (origin === '*') continue;
        window.parent.postMessage(message, origin);
      }
    }
  }, [sessionUuid, events, allowedOrigins]);
}
