// By path: the CLI reads the size limit before anything else loads, and the package index is slow to load.
import { ApiError, type FieldError, type SourceErrorCode } from '@event-service/server-common/api-error.ts'

/** The largest source an import reads, file or URL (docs/schedule-exchange.md#errors). */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024

/** Statuses a source error answers with when it is answered at once (an upload the API reads before accepting). */
const STATUS: Record<SourceErrorCode, number> = {
  SOURCE_UNREADABLE: 422,
  SOURCE_INVALID: 422,
  SOURCE_TOO_LARGE: 413,
  SOURCE_UNAVAILABLE: 502,
}

/**
 * Why an import's source was not taken. `fields` name places in the file (`path`: where, as a
 * JSON path or an XML element path; `message`: what is wrong there), at most {@link MAX_PLACES}.
 *
 * @example
 * throw sourceError('SOURCE_INVALID', 'The schedule breaks the c3voc schema in 2 places', [
 *   { path: 'schedule.conference.days[0].rooms.Saal 1[3].date', message: 'must be a date-time with an offset' },
 * ])
 */
export function sourceError(code: SourceErrorCode, message: string, fields: FieldError[] = []): ApiError {
  return new ApiError(STATUS[code], code, message, fields.length > 0 ? { fields: fields.slice(0, MAX_PLACES) } : {})
}

/** Places an error lists; a file broken everywhere is told by its first ones. */
export const MAX_PLACES = 20
