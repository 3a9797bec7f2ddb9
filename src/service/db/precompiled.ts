import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database, Db } from './schema';

/** Stands in for a named parameter while a precompiled query is built. */
class Slot {
  constructor(readonly name: string) {}
}

interface Template {
  compiled: CompiledQuery<unknown>;
  /** Per compiled parameter: the name of the parameter it takes, or undefined for a constant. */
  slots: (string | undefined)[];
}

/** A query built and compiled once per SQL dialect, then run with new values each time. */
export interface Precompiled<P, R> {
  /** Every row (or, without RETURNING, the affected rows' count) of running it with `params` on `db`. */
  execute(db: Db, params: P): Promise<QueryResult<R>>;
  /** The first row of running it with `params` on `db`, or undefined. */
  first(db: Db, params: P): Promise<R | undefined>;
}

/**
 * A hot-path query that Kysely builds and compiles once per dialect instead of on every call
 * (building and compiling cost more CPU than SQLite takes to run the statement; docs/design.md
 * "Durability and group commit"). `build` gets stand-ins for the named `params` and must use them
 * only as values (`where(col, '=', p.x)`, `values({col: p.x})`, `sql` fragments), never to
 * choose the query's shape: name every inserted column, and make one precompiled query per shape.
 * Each run substitutes the values in the compiled parameters, so the SQL text (and on PostgreSQL
 * its prepared statement) is the same as Kysely would have built.
 */
export function precompile<P extends object, R>(
  build: (db: Kysely<Database>, params: P) => Compilable<R>,
): Precompiled<P, R> {
  // By dialect adapter class: the compiled SQL depends on the dialect only (no plugins here).
  const templates = new Map<unknown, Template>();
  const template = (db: Db): Template => {
    const dialect = db.getExecutor().adapter.constructor;
    let found = templates.get(dialect);
    if (!found) {
      const stand = new Proxy({}, { get: (_, name) => new Slot(String(name)) }) as P;
      const compiled = build(db, stand).compile() as CompiledQuery<unknown>;
      found = { compiled, slots: compiled.parameters.map((p) => (p instanceof Slot ? p.name : undefined)) };
      templates.set(dialect, found);
    }
    return found;
  };
  const execute = (db: Db, params: P): Promise<QueryResult<R>> => {
    const { compiled, slots } = template(db);
    const parameters = compiled.parameters.map((constant, i) => {
      const name = slots[i];
      return name === undefined ? constant : params[name as keyof P];
    });
    return db.executeQuery({ ...compiled, parameters } as CompiledQuery<R>);
  };
  return {
    execute,
    first: async (db, params) => (await execute(db, params)).rows[0],
  };
}
