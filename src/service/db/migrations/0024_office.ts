import { randomUUID } from 'node:crypto';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * The office (docs/office.md): the people who run the shops (staff, with their shops and office
 * sessions, reset links), one-time pairing codes for devices, the audit log of every change, and
 * what the office needs to know of the rows the fixture made (uuids, names, when made, closed,
 * revoked or last used; which staff member a console serves and who did a console action).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  await id(db.schema.createTable('staff'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    // Lower-cased; null for a cashier who only signs in at the till.
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', notNull)
    .addColumn('passcode_hash', 'text')
    .addColumn('failed_passcodes', 'integer', zero)
    .addColumn('passcode_locked_until', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    // Removed staff keep their row (the audit log and the console's records name them).
    .addColumn('removed_at', 'text')
    .execute();

  await db.schema
    .createTable('staff_shops')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addPrimaryKeyConstraint('staff_shops_pk', ['staff_id', 'shop_id'])
    .execute();

  await id(db.schema.createTable('office_sessions'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('office_sessions_staff').on('office_sessions').column('staff_id').execute();

  await id(db.schema.createTable('password_resets'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();

  await id(db.schema.createTable('pairing_codes'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    // 'tablet' (a counter screen: table devices) or 'console' (table cashier_devices).
    .addColumn('device_kind', 'text', notNull)
    .addColumn('device_uuid', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('pairing_codes_device').on('pairing_codes').column('device_uuid').execute();

  // No foreign keys: an entry outlives the staff member, device or shop it names.
  await id(db.schema.createTable('audit_log'))
    .addColumn('at', 'text', notNull)
    .addColumn('staff_id', 'integer')
    .addColumn('staff_name', 'text')
    .addColumn('device_name', 'text')
    .addColumn('address', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('subject_type', 'text', notNull)
    .addColumn('subject_uuid', 'text')
    .addColumn('shop_id', 'integer')
    // The customer an entry names, so that erasing them erases their personal data here too.
    .addColumn('contact_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'at']).execute();
  await db.schema.createIndex('audit_log_shop').on('audit_log').columns(['shop_id', 'at']).execute();
  await db.schema.createIndex('audit_log_contact').on('audit_log').column('contact_id').execute();

  await db.schema.alterTable('shops').addColumn('closed_at', 'text').execute();

  await db.schema.alterTable('devices').addColumn('uuid', 'text').execute();
  await db.schema.alterTable('devices').addColumn('name', 'text').execute();
  await db.schema.alterTable('devices').addColumn('created_at', 'text').execute();
  await db.schema.alterTable('devices').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('cashier_devices').addColumn('uuid', 'text').execute();
  await db.schema.alterTable('cashier_device_sessions').addColumn('staff_id', 'integer').execute();
  await db.schema.alterTable('cashier_actions').addColumn('staff_id', 'integer').execute();

  await db.schema.alterTable('credentials').addColumn('uuid', 'text').execute();
  await db.schema.alterTable('credentials').addColumn('name', 'text').execute();
  await db.schema.alterTable('credentials').addColumn('created_at', 'text').execute();
  await db.schema.alterTable('credentials').addColumn('last_used_at', 'text').execute();

  // Rows made before the office get their uuid now (a value per row: no SQL function serves both engines).
  const any = db as Kysely<Record<string, Record<string, string | null>>>;
  for (const [table, key] of [
    ['devices', 'token_hash'],
    ['cashier_devices', 'token_hash'],
    ['credentials', 'token_hash'],
  ] as const) {
    const rows = await any.selectFrom(table).select(key).execute();
    for (const row of rows) {
      await any
        .updateTable(table)
        .set({ uuid: randomUUID() })
        .where(key, '=', row[key] ?? '')
        .execute();
    }
    await db.schema.createIndex(`${table}_uuid`).on(table).column('uuid').unique().execute();
  }
}
