/**
 * `{ ...base, ...fields }` as a new object, for small objects on paths every request takes (a
 * status change's columns, a price quote, an envelope).
 *
 * Node 20's V8 (11.3) gives an object spread that is followed by keys the source lacks
 * (`{ ...view, accessToken }`, `{ ...set, updated_at }`) a new hidden class on every call, made in
 * the old generation: 0.5 µs for one added key, 4–8 µs and about 4 KB of old-generation garbage for
 * an order's view with seven (the order lookup, docs/benchmarks.md "Spreads"), which brings full
 * collections with it. Object.assign follows the cached transitions instead and keeps the spread's
 * keys, order and overriding.
 *
 * Past about a dozen keys the new object becomes a dictionary (1 µs, slower to serialise): add the
 * keys onto a view the caller has just built instead (`Object.assign(summary(o), { … })`). Only for
 * the server's own objects: unlike a spread, Object.assign calls the `__proto__` setter for a source
 * with an own `__proto__` key (parsed JSON can have one).
 */
export function withFields<B extends object, F extends object>(base: B, fields: F): Omit<B, keyof F> & F {
  return Object.assign({}, base, fields);
}
