/**
 * A small cache of derived read views for this process, emptied by every write transaction
 * (`app.tx`). Only correct where this process is the database's only writer (embedded SQLite), so
 * it is disabled otherwise. Entries are bounded; the oldest go first.
 */
export class ReadCache {
  private entries = new Map<string, unknown>();

  constructor(
    private readonly enabled: boolean,
    private readonly maxEntries = 5000,
  ) {}

  /** The cached value for `key`, or the result of `load`, cached until the next write. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const generation = this.entries;
    const value = await load();
    // A write committed while loading: the value may be stale, so do not keep it.
    if (generation === this.entries) {
      if (this.entries.size >= this.maxEntries)
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Forgets everything; called after every write transaction. */
  invalidate(): void {
    if (this.entries.size > 0) this.entries = new Map();
  }
}
