import ms from 'ms'

/** What the messages suggest when a duration cannot be read. */
export const DURATION_EXAMPLES = 'e.g. 500ms, 30s, 5m, 2h or 3d'

/**
 * Milliseconds of a duration such as `500ms`, `30s`, `5m`, `2h`, `3d` (or `1.5h`, `2 hours`: what
 * the `ms` package reads), or undefined when it is not one. A unit is required: a bare `500`
 * would be a guess between milliseconds and seconds. Negative durations are refused.
 *
 * @example
 * parseDuration('5m') // 300000
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/[a-z]$/i.test(trimmed)) return undefined
  // `ms` throws on strings longer than 100 characters; that is no duration either.
  let value: number | undefined
  try {
    value = ms(trimmed as ms.StringValue) as number | undefined
  } catch {
    return undefined
  }
  return value === undefined || !Number.isFinite(value) || value < 0 ? undefined : value
}

/**
 * A duration for people: `3 days`, `5 minutes`, `250 ms` (the `ms` package's long form).
 *
 * @example
 * formatDuration(259_200_000) // '3 days'
 */
export const formatDuration = (milliseconds: number): string => ms(milliseconds, { long: true })
