import { dialectOf, type Db } from './connect.js';
import { LruMap, textBytes, type LruBudget } from '../lru.js';
import { sqliteReadVersion } from './sqlite-driver.js';

/**
 * A read-through cache whose entries are exact: an entry is served only while no statement
 * has changed anything in the database since the read that filled it began (SQLite, one
 * process: see sqliteReadVersion). Any write — any table — makes every entry a miss, so there
 * is nothing to invalidate by hand and nothing can be forgotten. A cache given `reads` (the
 * tables and columns its loader's queries use, see sqliteReadVersion) only misses after
 * writes to those. On PostgreSQL (several app processes share the data) it never caches:
 * `load` just runs the loader. Values are shared between callers: treat them as read-only.
 * Bounded: past `maxEntries` (or, given a budget, past its bytes: entries that vary in size, such
 * as serialised answers) the least recently used entry goes.
 */
export class ReadCache<V> {
  private readonly maps = new WeakMap<Db, LruMap<string, { version: number; value: V }>>();
  constructor(
    private readonly maxEntries = 1000,
    private readonly reads?: readonly string[],
    private readonly budget?: LruBudget<V>,
  ) {}

  async load(db: Db, key: string, loader: () => Promise<V>): Promise<V> {
    if (dialectOf(db) !== 'sqlite') return loader();
    let map = this.maps.get(db);
    if (!map) {
      const budget = this.budget;
      map = new LruMap<string, { version: number; value: V }>(
        this.maxEntries,
        budget && {
          maxBytes: budget.maxBytes,
          // The key too: list keys are a JSON array of the query.
          weigh: (e: { value: V }, key) => budget.weigh(e.value, key) + textBytes(String(key)) + 64,
        },
      );
      this.maps.set(db, map);
    }
    const version = sqliteReadVersion(this.reads);
    const hit = map.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = await loader();
    // A write while loading may or may not be in `value`: keep it only when there was none.
    if (sqliteReadVersion(this.reads) === version) map.set(key, { version, value });
    return value;
  }
}
