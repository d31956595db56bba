import { type ParseErrorCode, printParseErrorCode, visit } from 'jsonc-parser'
import { MAX_SOURCE_BYTES, sourceError } from '../import-errors.ts'
import { isPretalxJson, readFrabJson } from './frab-json.ts'
import { readFrabXml } from './frab-xml.ts'
import type { ImportedSchedule, RequestedFormat, SourceFormat } from './imported-schedule.ts'
import { isSessionizeJson, readSessionize } from './sessionize.ts'

export interface ReadScheduleOptions {
  format: RequestedFormat
  /** The file's name, for messages. */
  name?: string
  /** The target event's IANA zone: Sessionize's times are local times in it. */
  timezone?: string
}

const FORMATS_READ = 'frab or pretalx schedule.json or schedule.xml (c3voc format), or a Sessionize "All data" JSON export'

const MiB = 1024 * 1024

/**
 * Reads a schedule file into the neutral {@link ImportedSchedule}. `auto` tells the formats apart by
 * content; a named format reads the file as that format only. Throws the source errors of
 * docs/schedule-exchange.md: SOURCE_TOO_LARGE, SOURCE_UNREADABLE (not UTF-8, not JSON or XML, not a
 * schedule), SOURCE_INVALID (a schedule with problems at named places).
 *
 * @example
 * readSchedule(bytes, { format: 'auto', name: 'schedule.json', timezone: 'Europe/Berlin' })
 */
export function readSchedule(bytes: Uint8Array, options: ReadScheduleOptions): ImportedSchedule {
  // The subject of the messages: `talks.ics is neither JSON nor XML…`.
  const file = options.name ? `${options.name} ` : 'The file '
  if (bytes.byteLength > MAX_SOURCE_BYTES) {
    throw sourceError(
      'SOURCE_TOO_LARGE',
      `${file}is ${(bytes.byteLength / MiB).toFixed(1)} MiB; schedules of up to ${MAX_SOURCE_BYTES / MiB} MiB are read`,
    )
  }
  const text = decodeUtf8(bytes, file)
  const format = options.format === 'auto' ? undefined : options.format
  const firstChar = /\S/.exec(text)?.[0]

  if (format === 'frab-xml' || (format === undefined && firstChar === '<')) {
    if (firstChar !== '<') throw sourceError('SOURCE_UNREADABLE', `${file}is not XML; it was to be read as schedule.xml`)
    return readFrabXml(text, file)
  }
  if (format === undefined && firstChar !== '{' && firstChar !== '[') {
    throw sourceError('SOURCE_UNREADABLE', `${file}is neither JSON nor XML; schedules are read from ${FORMATS_READ}`)
  }
  const document = parseJson(text, file)
  const detected = format ?? detectJsonFormat(document, file)
  switch (detected) {
    case 'frab-json':
    case 'pretalx':
      return readFrabJson(document, detected)
    case 'sessionize':
      if (!options.timezone)
        throw new Error('readSchedule: a Sessionize export needs options.timezone, the event zone its local times are in')
      return readSessionize(document, options.timezone)
  }
}

/** UTF-8 text without a byte order mark, or SOURCE_UNREADABLE. */
function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw sourceError('SOURCE_UNREADABLE', `${file}is not UTF-8 text; schedules are read from ${FORMATS_READ}`)
  }
}

/** Which JSON schedule a document is, or SOURCE_UNREADABLE saying what was found instead. */
function detectJsonFormat(document: unknown, file: string): Exclude<SourceFormat, 'frab-xml'> {
  const schedule = (document as { schedule?: { conference?: unknown; events?: unknown } } | null)?.schedule
  if (schedule && typeof schedule === 'object' && schedule.conference && typeof schedule.conference === 'object') {
    const days = (schedule.conference as { days?: unknown }).days
    // The c3voc schedule 2 draft (events in one list beside the conference, no rooms per day) is not
    // what any exporter writes by default yet.
    if (Array.isArray(schedule.events) && Array.isArray(days) && days.every((d) => !(d as { rooms?: unknown })?.rooms)) {
      throw sourceError(
        'SOURCE_UNREADABLE',
        `${file}is JSON in the c3voc schedule 2 draft (schedule.events), which is not read yet; export the schedule.json of the c3voc format 1 (days with rooms) instead`,
      )
    }
    return isPretalxJson(document) ? 'pretalx' : 'frab-json'
  }
  if (isSessionizeJson(document)) return 'sessionize'
  throw sourceError(
    'SOURCE_UNREADABLE',
    `${file}is JSON, but not a schedule we read: it has neither schedule.conference (frab, pretalx) nor sessions and speakers lists (Sessionize); schedules are read from ${FORMATS_READ}`,
  )
}

/** The parsed JSON, or SOURCE_UNREADABLE naming the line and column where it breaks. */
function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // JSON.parse does not always say where; jsonc-parser's scanner finds the first error's place.
    let first: { code: ParseErrorCode; line: number; column: number } | undefined
    visit(
      text,
      {
        onError: (code, _offset, _length, line, column) => {
          first ??= { code, line: line + 1, column: column + 1 }
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    )
    const where = first ? ` at line ${first.line}, column ${first.column} (${describeJsonError(first.code)})` : ''
    throw sourceError('SOURCE_UNREADABLE', `${file}is not valid JSON${where}`)
  }
}

const JSON_ERRORS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the file should end here',
  InvalidCommentToken: 'comments are not JSON',
  UnexpectedEndOfComment: 'comments are not JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid escape',
  InvalidCharacter: 'a control character inside a string',
}

const describeJsonError = (code: ParseErrorCode) => JSON_ERRORS[printParseErrorCode(code)] ?? 'a syntax error'
