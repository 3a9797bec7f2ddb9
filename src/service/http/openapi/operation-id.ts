/*
 * operationIds derived from the route's method and path, in one place, so that every operation has
 * a stable camelCase name (`getContact`, `reverseCreditReception`, `claimPortalApiSessionRewards`)
 * without a hand-kept list. A route may still name its own with `schema.operationId`.
 */

// Where a path starts → the word its operations carry (the spec's P paths drop their prefix).
const PREFIXES: [string, string, 'before' | 'after'][] = [
  ['/api/v3/register', 'ViaRegister', 'after'],
  ['/v3/oauth/clients', '', 'before'],
  ['/portal/api', 'portalApi', 'before'],
  ['/cashier/api', 'cashier', 'before'],
];

// A last path word that names what the call does rather than a resource, with its verb.
const ACTIONS: Record<string, string> = {
  batch: 'batchCreate',
  calculate: 'calculate',
  cancel: 'cancel',
  claim: 'claim',
  collect: 'collect',
  complete: 'complete',
  confirm: 'confirm',
  'confirm-payment': 'confirmPayment',
  find: 'find',
  'find-one-by': 'find',
  'find-or-create': 'findOrCreate',
  identify: 'identify',
  link: 'link',
  lock: 'lock',
  pair: 'pair',
  pay: 'pay',
  'payment-received': 'receivePayment',
  purchase: 'purchase',
  push: 'push',
  redeem: 'redeem',
  register: 'register',
  release: 'release',
  replay: 'replay',
  reverse: 'reverse',
  scan: 'scan',
  send: 'send',
  'send-by-email': 'sendByEmail',
  stream: 'stream',
  subscribe: 'subscribe',
  'top-up': 'topUp',
  unlink: 'unlink',
  unpair: 'unpair',
  unsubscribe: 'unsubscribe',
  use: 'use',
  verify: 'verify',
};

const pascal = (word: string) =>
  word
    .split(/[-_]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('us')
      ? word.slice(0, -1)
      : word;

/**
 * The operationId of `method path` (OpenAPI path, `{param}` style): a verb (from the last path word
 * when it is an action, else list/get/create/update/delete by method) and the resource words in the
 * singular, but the last one of a list or a batch. E.g. `GET /contacts/{contact_uuid}/tier` →
 * `getContactTier`, `POST /portal/api/sessions/{uuid}/giftcards/redeem` → `redeemPortalApiSessionGiftcards`.
 */
export function deriveOperationId(method: string, path: string): string {
  let rest = path;
  let before = '';
  let after = '';
  for (const [start, word, where] of PREFIXES) {
    if (!rest.startsWith(`${start}/`)) continue;
    rest = rest.slice(start.length);
    if (where === 'before') before = word;
    else after = word;
  }
  const segments = rest.split('/').filter(Boolean);
  const isParam = (s: string | undefined) => s?.startsWith('{') ?? false;
  const lastStatic = segments.findLast((s) => !isParam(s));
  const action = lastStatic && segments.length > 1 && ACTIONS[lastStatic] ? lastStatic : undefined;
  const onItem = isParam(segments.at(-1));
  const words = segments.filter((segment) => !isParam(segment) && segment !== action);
  let verb: string;
  if (action) verb = ACTIONS[action]!;
  else if (segments.length === 1 && ACTIONS[segments[0]!]) {
    verb = ACTIONS[segments[0]!]!;
    words.length = 0;
  } else {
    const m = method.toUpperCase();
    if (m === 'GET') verb = onItem || !words.at(-1)?.endsWith('s') ? 'get' : 'list';
    else verb = { POST: 'create', PUT: 'update', DELETE: 'delete', PATCH: 'update' }[m] ?? m.toLowerCase();
  }
  // Every word names one thing, but the last one of a list or a batch.
  const plural = verb === 'list' || verb === 'batchCreate' ? words.length - 1 : -1;
  const named = words.map((word, i) => pascal(i === plural ? word : singular(word)));
  return verb + pascal(before) + named.join('') + after;
}
