/** A source's text, trimmed, or null when it is missing or blank (sources write `""`, `null` and nothing alike). */
export const textOrNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null)

/** Values in order of first appearance, each once, blanks left out (rooms and tracks as a source names them). */
export function uniqueValues(values: Iterable<string | null>): string[] {
  const seen = new Set<string>()
  for (const value of values) if (value) seen.add(value)
  return [...seen]
}
