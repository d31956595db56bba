// An import's failure said plainly: the sentence for its code, the API's own message when it adds
// something, and the places in the file it names (`details.fields`: where, and what is wrong there).
import type { ImportError, SourcePlace } from './import-types.ts'

/**
 * The sentences of a failure, given the screen's sentence per code.
 *
 * @example
 * failureSentences({ code: 'SOURCE_INVALID', message: 'The schedule breaks the c3voc schema in 2 places' }, plain)
 * // ['The file is a schedule, but parts of it break its format’s rules.', 'The schedule breaks the c3voc schema in 2 places']
 */
export function failureSentences(error: Pick<ImportError, 'code' | 'message'>, plain: Record<string, string>): string[] {
  const own = plain[error.code]
  if (!own) return [error.message]
  return error.message && error.message !== own ? [own, error.message] : [own]
}

function isPlace(value: unknown): value is SourcePlace {
  const place = value as Partial<SourcePlace> | null
  return typeof place?.path === 'string' && typeof place.message === 'string'
}

/** The places a failure names in the file, in its order; none when it names none. */
export function failurePlaces(error: ImportError): SourcePlace[] {
  const fields = error.details?.fields
  return Array.isArray(fields) ? fields.filter(isPlace) : []
}
