import type { Generated } from 'kysely';

/*
 * Tables of the real platform's wider surface that its PHP SDK reaches: registers, webhook
 * subscriptions with their outbox of deliveries, and claimed receipt tokens. Same conventions as
 * schema.ts.
 */

/** A POS register: an API key bound to a shop, as `GET /api/v3/register` shows it. */
export interface RegisterTable {
  id: Generated<number>;
  /** The key's hash, as `credentials.token_hash`. */
  credential_token_hash: string;
  identifier: string;
  name: string | null;
  shop_id: number;
  created_at: string;
}

/** Every table of this file. */
export interface PlatformTables {
  registers: RegisterTable;
}
