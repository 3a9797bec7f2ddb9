import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * OAuth clients of the client-credentials grant (POST /oauth/token), and the expiry of the access
 * tokens they are issued (fixture credentials keep expires_at null: they do not expire).
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('credentials').addColumn('expires_at', 'text').execute();
  await db.schema
    .alterTable('credentials')
    .addColumn('oauth_client_id', 'integer', (c) => c.references('oauth_clients.id'))
    .execute();
}
