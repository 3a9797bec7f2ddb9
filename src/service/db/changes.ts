import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Tables the cached read views (http/read-cache.ts) and the account cache (db/account-cache.ts)
 * read that belong to no single contact: a write to one of them may change every contact's view.
 */
const SHARED_VIEW_TABLES = [
  'account',
  'tiers',
  'subscription_types',
  'shops',
  'custom_attributes',
  'units',
  'loyalty_rules',
];

/**
 * Records, per connection, what each write touches, as tags for the read cache: `contact:<id>` for
 * a write to `contacts` or to any table with a `contact_id`, also `identifier:<value>` for
 * `contact_identifiers`, and `*` for the shared view tables. Temporary triggers on this connection
 * (SQLite) fill a temporary table; takeChangedTags empties it.
 */
export function trackChanges(sqlite: SQLite.Database): void {
  sqlite.exec('create temp table if not exists changed_tags (tag text not null)');
  const tables = sqlite
    .prepare<[], { name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
    )
    .all()
    .map((t) => t.name);
  for (const table of tables) {
    const columns = new Set(
      sqlite
        .prepare<[], { name: string }>(`select name from pragma_table_info('${table}')`)
        .all()
        .map((c) => c.name),
    );
    const tags: string[] = [];
    if (table === 'contacts') tags.push(`'contact:' || $.id`);
    else if (columns.has('contact_id')) tags.push(`'contact:' || $.contact_id`);
    if (table === 'contact_identifiers') tags.push(`'identifier:' || $.value`);
    if (SHARED_VIEW_TABLES.includes(table)) tags.push(`'*'`);
    if (tags.length === 0) continue;
    for (const event of ['insert', 'update', 'delete']) {
      const rows = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];
      // A null contact_id makes a null tag, which is skipped.
      const inserts = rows.flatMap((row) =>
        tags.map(
          (tag) =>
            `insert into changed_tags select t from (select ${tag.replaceAll('$', row)} as t) where t is not null;`,
        ),
      );
      sqlite.exec(
        `create temp trigger if not exists "changed_${table}_${event}" after ${event} on main."${table}"
         begin ${inserts.join(' ')} end`,
      );
    }
  }
}

// Run once per batch: compiled once.
const CHANGED_TAGS = CompiledQuery.raw('select distinct tag from temp.changed_tags');
const FORGET_TAGS = CompiledQuery.raw('delete from temp.changed_tags');

/** The tags of what was written on this connection since the last call (see trackChanges). */
export async function takeChangedTags(trx: Transaction<Database>): Promise<Set<string>> {
  const { rows } = await trx.executeQuery(CHANGED_TAGS as CompiledQuery<{ tag: string }>);
  if (rows.length > 0) await trx.executeQuery(FORGET_TAGS);
  return new Set(rows.map((r) => r.tag));
}
