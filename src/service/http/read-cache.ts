/**
 * A small cache of derived read views for this process, only correct where this process is the
 * database's only writer (embedded SQLite), so disabled otherwise. Each entry carries tags naming
 * what it was read from (`contact:<id>`, `identifier:<value>`); once a write is on disk, the entries
 * of the tags it changed go (db/changes.ts), so a write to one contact never evicts another's
 * views; `*` (a shared table such as the tiers) empties the cache. Entries are bounded; the oldest
 * go first.
 */
export class ReadCache {
  private entries = new Map<string, { value: unknown; tags: string[] }>();
  private byTag = new Map<string, Set<string>>();
  /** Counts invalidations, so that a load overlapping one is not kept. */
  private generation = 0;

  constructor(
    private readonly enabled: boolean,
    private readonly maxEntries = 5000,
  ) {}

  /**
   * The cached value for `key`, or the result of `load`, kept until a write changes one of the
   * tags that `tags` names for it.
   */
  async get<T>(key: string, load: () => Promise<T>, tags: (value: T) => string[]): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    // A write landed while loading: the value may mix before and after, so do not keep it.
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.delete(this.entries.keys().next().value as string);
      const entryTags = tags(value);
      this.entries.set(key, { value, tags: entryTags });
      for (const tag of entryTags) {
        const keys = this.byTag.get(tag) ?? new Set<string>();
        this.byTag.set(tag, keys.add(key));
      }
    }
    return value;
  }

  /** Drops the entries of `changed` tags (all of them for `*`); called once a write is on disk. */
  invalidate(changed: Set<string>): void {
    if (changed.size === 0) return;
    this.generation += 1;
    if (changed.has('*')) {
      this.entries = new Map();
      this.byTag = new Map();
      return;
    }
    for (const tag of changed) for (const key of this.byTag.get(tag) ?? []) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
