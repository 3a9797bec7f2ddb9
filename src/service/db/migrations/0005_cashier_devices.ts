import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * The cashier console (docs/cashier-console.md): devices paired to a shop from the fixture, the
 * httpOnly-cookie sessions they pair into, and the log of what each device did.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // SQLite's rowid alias vs PostgreSQL's identity column (as in 0001).
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

  await id(db.schema.createTable('cashier_devices'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('name', 'text', notNull)
    // Set when a loaded fixture no longer lists the device: every request of it is refused.
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('cashier_device_sessions'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('cashier_device_id', 'integer', (c) =>
      c.notNull().references('cashier_devices.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();

  await id(db.schema.createTable('cashier_actions'))
    .addColumn('cashier_device_id', 'integer', (c) => c.notNull().references('cashier_devices.id'))
    .addColumn('action', 'text', notNull)
    .addColumn('portal_session_id', 'integer', (c) => c.references('portal_sessions.id'))
    .addColumn('data', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('cashier_actions_portal_session')
    .on('cashier_actions')
    .column('portal_session_id')
    .execute();
}
