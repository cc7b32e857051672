/** A byte budget for a cache whose entries differ in size (serialised answers, rows with texts). */
export interface LruBudget<V> {
  /** What the entries may hold together, in bytes (as `weigh` counts them). */
  maxBytes: number;
  /** An entry's size in bytes, roughly as the heap holds it (`textBytes` for strings). */
  weigh: (value: V, key: unknown) => number;
}

/**
 * A bounded map that forgets the entry used least recently once it holds `max` entries, or, given
 * a budget, once its entries weigh more than the budget's bytes (a Map keeps insertion order: a hit
 * moves its key to the end). Every per-process cache of the server is one of these, so none grows
 * with the data or the traffic.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();
  private readonly weights = new Map<K, number>();
  private total = 0;

  constructor(
    readonly max: number,
    private readonly budget?: LruBudget<V>,
  ) {
    if (!(max >= 1)) throw new RangeError('LruMap needs room for one entry');
    if (budget && !(budget.maxBytes >= 1)) throw new RangeError('LruMap needs a budget of one byte at least');
  }

  get size(): number {
    return this.map.size;
  }

  /** What the entries weigh together (bytes; 0 without a budget). */
  get bytes(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.delete(key);
    if (this.budget) {
      const weight = this.budget.weigh(value, key);
      // An entry bigger than the whole budget would empty the cache for itself: not kept.
      if (weight > this.budget.maxBytes) return this;
      this.weights.set(key, weight);
      this.total += weight;
    }
    this.map.set(key, value);
    while (this.map.size > this.max || (this.budget && this.total > this.budget.maxBytes))
      this.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    if (!this.map.delete(key)) return false;
    const weight = this.weights.get(key);
    if (weight !== undefined) {
      this.total -= weight;
      this.weights.delete(key);
    }
    return true;
  }

  clear(): void {
    this.map.clear();
    this.weights.clear();
    this.total = 0;
  }

  /** Oldest first; iterating does not count as use. */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}

/**
 * What a string takes in V8's heap, at most: two bytes a character (one-byte strings take half,
 * but Chinese text is two-byte) plus the object's header.
 */
export function textBytes(text: string): number {
  return 2 * text.length + 32;
}

/** What a database row takes, roughly: its texts, and 16 bytes for every other value. */
export function rowBytes(row: object | undefined): number {
  if (!row) return 16;
  let bytes = 64;
  for (const value of Object.values(row)) bytes += typeof value === 'string' ? textBytes(value) : 16;
  return bytes;
}
