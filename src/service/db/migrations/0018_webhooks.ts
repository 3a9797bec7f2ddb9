import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

type Table = CreateTableBuilder<string, never>;

/**
 * Webhooks (docs/webhooks.md): the subscriptions; their outbox, one delivery per event and
 * subscription, written in the transaction of the change; and each delivery's tries. The delivery
 * queue is read by status and due time; times the dispatcher compares are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('webhook_subscriptions'))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_subscriptions_event')
    .on('webhook_subscriptions')
    .columns(['event_type', 'status'])
    .execute();

  await id(db.schema.createTable('webhook_deliveries'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('webhook_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('event_uuid', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('lease_until', 'bigint')
    .addColumn('lease_token', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_event', ['subscription_id', 'event_uuid'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await id(db.schema.createTable('webhook_delivery_attempts'))
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_delivery_attempts_delivery')
    .on('webhook_delivery_attempts')
    .column('delivery_id')
    .execute();
}
