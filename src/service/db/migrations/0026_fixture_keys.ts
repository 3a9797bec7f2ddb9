import type { Kysely } from 'kysely';

/**
 * The keys and devices a fixture has loaded (docs/office.md "The fixture and the office"): each
 * token's hash with the uuid its row was given, kept when the office deletes that row, so that a
 * later load knows the fixture would bring back what the office revoked. Filled with every key and
 * device there is (all of them came from a fixture before the office existed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fixture_keys')
    // 'credential' (table credentials), 'device' (devices, the counter tablets) or 'cashier_device'.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fixture_keys_pk', ['kind', 'token_hash'])
    .execute();
  const any = db as Kysely<Record<string, Record<string, string | number | null>>>;
  const tables = [
    ['credential', 'credentials'],
    ['device', 'devices'],
    ['cashier_device', 'cashier_devices'],
  ] as const;
  for (const [kind, table] of tables) {
    let rows = any.selectFrom(table).select(['token_hash', 'uuid']).where('uuid', 'is not', null);
    // Tokens issued to OAuth clients are not the fixture's.
    if (table === 'credentials') rows = rows.where('oauth_client_id', 'is', null);
    for (const row of await rows.execute()) {
      await any
        .insertInto('fixture_keys')
        .values({ kind, token_hash: row.token_hash ?? '', uuid: row.uuid ?? '' })
        .execute();
    }
  }
}
