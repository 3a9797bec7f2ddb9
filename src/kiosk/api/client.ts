import type { Api } from '../../web/request';
import { reportAnswer, reportNoAnswer } from '../lib/connection';

/**
 * The portal API (contract/portal.ts), relative to the page (the kiosk is served at /portal/):
 * `{data, meta}` answers; whether an answer came feeds lib/connection.ts. Call it with
 * web/request.ts's request<T>.
 */
export const PORTAL_API: Api = {
  base: '/portal/api',
  envelope: true,
  onAnswer: (answered) => (answered ? reportAnswer() : reportNoAnswer()),
};

/** The path of one session's portal API resource. */
export function sessionPath(uuid: string, rest = ''): string {
  return `/sessions/${encodeURIComponent(uuid)}${rest}`;
}

/** The path of one standby screen's (device's) portal API resource. */
export function devicePath(token: string, rest = ''): string {
  return `/devices/${encodeURIComponent(token)}${rest}`;
}
