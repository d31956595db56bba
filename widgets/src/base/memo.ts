/**
 * Wraps `fn` so that it runs again only when an argument changed (by identity) since the last
 * call, and returns the last result otherwise: derived data (a schedule's model, a day's grid)
 * is computed once per data version, however often the element renders.
 *
 * @example
 * const layoutOf = memo(layoutDay)
 * layoutOf(items, 'room') === layoutOf(items, 'room') // true: computed once
 */
export function memo<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: A | undefined
  let value: R
  return (...args: A) => {
    if (!last || args.length !== last.length || args.some((a, i) => !Object.is(a, last![i]))) {
      value = fn(...args)
      last = args
    }
    return value
  }
}
