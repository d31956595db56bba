/**
 * A `Map` for memoised values that empties itself when it reaches `limit` entries. In a page the
 * keys are few (one event's times, one language); the embed server draws first screens with the
 * same code for every event it serves, over weeks, and there an unbounded memo would grow with
 * every event and every minute. Emptying beats a least-recently-used list here: refilling costs a
 * few formatter calls, and the check costs nothing on the visitor's hot path.
 *
 * @example
 * const strings = boundedMap<string, string>(10_000)
 */
export function boundedMap<K, V>(limit: number): Map<K, V> {
  const map = new Map<K, V>()
  const set = map.set.bind(map)
  map.set = (key: K, value: V) => {
    if (map.size >= limit && !map.has(key)) map.clear()
    return set(key, value)
  }
  return map
}
