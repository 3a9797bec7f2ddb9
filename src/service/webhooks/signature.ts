import { createHmac } from 'node:crypto';

/**
 * The `Signature` header of a webhook delivery (docs/webhooks.md): the hex HMAC-SHA256 of the raw
 * body with the subscription's secret, as the real platform signs. The body carries the try's
 * `timestamp`, so the signature covers it too.
 */
export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
