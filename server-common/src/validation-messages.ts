import type { z } from 'zod'
import type { FieldError } from './api-error.ts'

// The one place where validation failures become words for people, for both servers (and the
// admin CLI). Two layers, as Rails keeps `errors[:name]` and `full_messages`:
//
// - zod issue messages are phrases that complete the field's name ("is required", "must be one of
//   a, b"). Schemas may set their own (`z.string().max(200, 'must be at most 200 characters')`);
//   every issue without one gets `issueMessage` below, instead of zod's "Invalid input: expected
//   string, received undefined".
// - `fieldError(path, message)` turns such a phrase into the message of `details.fields`, which
//   names its field and reads on its own: "name is required". A message that is already a sentence
//   (it starts with a capital letter, like the registration form's "Enter a name") is kept as it is.
//   `summarise(fields)` makes `error.message` of them: "name is required; email must be an email address".

/** Where the input came from: unknown keys of a body are fields, of a query string parameters. */
export type InputSource = 'body' | 'query' | 'params'

/** The path of an input at the root of a request (a rule about the body as a whole). */
export const ROOT_PATH = '(root)'

type Issue = z.core.$ZodRawIssue

/** `a string`, `a number`, … for the types zod names in `expected`. */
const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'null',
  record: 'an object',
  tuple: 'a list',
  literal: 'a fixed value',
}

/** What a value is, in words: `a number`, `null`, `a list`. */
function describeValue(input: unknown): string {
  if (input === null) return 'null'
  if (Array.isArray(input)) return 'a list'
  if (typeof input === 'number') return Number.isNaN(input) ? 'not a number' : Number.isInteger(input) ? 'a whole number' : 'a number'
  if (typeof input === 'boolean') return input ? 'true' : 'false'
  if (typeof input === 'string') return 'a string'
  if (typeof input === 'object') return 'an object'
  return `a ${typeof input}`
}

/** A literal or enum value as the message shows it. */
const shown = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))

/** The formats of `invalid_format` issues, as phrases. */
const FORMATS: Record<string, string> = {
  email: 'must be an email address',
  uuid: 'must be a UUID',
  guid: 'must be a UUID',
  url: 'must be a URL',
  datetime: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-05-01T09:00:00Z',
  date: 'must be a date as YYYY-MM-DD',
  time: 'must be a time as HH:MM[:SS]',
  duration: 'must be an ISO 8601 duration',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
  base64: 'must be base64',
  base64url: 'must be base64url',
  jwt: 'must be a JWT',
  emoji: 'must be an emoji',
}

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`

function sizeMessage(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small'
  const bound = small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum
  const inclusive = issue.inclusive !== false
  switch (issue.origin) {
    case 'string':
      if (small && Number(bound) === 1) return 'must not be empty'
      return `must be at ${small ? 'least' : 'most'} ${plural(bound, 'character', 'characters')}`
    case 'array':
    case 'set':
      if (small && Number(bound) === 1) return 'must not be empty'
      return `must have at ${small ? 'least' : 'most'} ${plural(bound, 'item', 'items')}`
    case 'date':
      return `must be ${small ? (inclusive ? 'at or after' : 'after') : inclusive ? 'at or before' : 'before'} ${new Date(Number(bound)).toISOString()}`
    default:
      return inclusive ? `must be at ${small ? 'least' : 'most'} ${bound}` : `must be ${small ? 'greater' : 'less'} than ${bound}`
  }
}

/**
 * The phrase for a zod issue that its schema gave no message of its own: it completes the field's
 * name ("is required", "must be a whole number", "must be one of a, b"). `source` names unknown
 * keys: fields of a body, parameters of a query string.
 *
 * @example
 * schema.parse(input, { error: (issue) => issueMessage(issue, 'body') })
 */
export function issueMessage(issue: Issue, source: InputSource = 'body'): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required'
      const expected = TYPE_NAMES[issue.expected] ?? `of type ${issue.expected}`
      // zod reports a coerced query value that is not a number as NaN.
      if ((issue as { received?: string }).received === 'NaN') return `must be ${expected}`
      return `must be ${expected}, not ${describeValue(issue.input)}`
    }
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue)
    case 'invalid_format': {
      const format = issue.format as string
      if (format === 'regex') return 'is not in the expected format'
      if (format === 'starts_with') return `must start with ${shown((issue as { prefix?: string }).prefix)}`
      if (format === 'ends_with') return `must end with ${shown((issue as { suffix?: string }).suffix)}`
      if (format === 'includes') return `must contain ${shown((issue as { includes?: string }).includes)}`
      return FORMATS[format] ?? `must be a valid ${format}`
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${shown(issue.values[0])}` : `must be one of ${issue.values.map(shown).join(', ')}`
    case 'unrecognized_keys':
      return unknownKeysMessage(issue.keys, source)
    case 'invalid_union':
      return 'does not have any of the accepted forms'
    case 'invalid_key':
      return 'has an invalid key'
    case 'invalid_element':
      return 'has an invalid item'
    default:
      return 'is invalid'
  }
}

/** `unknown field: foo` (or `unknown parameter: foo` in a query string). */
export function unknownKeysMessage(keys: readonly string[], source: InputSource = 'body'): string {
  const noun = source === 'query' ? 'parameter' : 'field'
  return `unknown ${noun}${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`
}

/** Parse options that give every issue without a message of its own the phrase of `issueMessage`. */
export const parseOptions = (source: InputSource) => ({ error: (issue: Issue) => issueMessage(issue, source) })

/** Whether a message is a phrase that completes its field's name rather than a sentence of its own. */
const completesName = (message: string) => /^[a-z]/.test(message) && !message.startsWith('unknown ')

/**
 * A field error whose message names its field and reads on its own: `fieldError('name', 'is
 * required')` is `{path: 'name', message: 'name is required'}`. A sentence (capitalised) and a
 * rule about the whole input (path `(root)`) keep their message.
 */
export function fieldError(path: string, message: string): FieldError {
  const named = path !== ROOT_PATH && completesName(message) ? `${path} ${message}` : message
  return { path, message: named }
}

const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.')

/**
 * The field errors of a failed parse, one per problem. Unknown keys are reported each at its own
 * path (`tickets.0.colour`), so that a form can point at it, with a message naming it.
 */
export function fieldErrorsOf(error: z.ZodError, source: InputSource = 'body'): FieldError[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: dotted([...issue.path, key]),
        message: unknownKeysMessage([dotted([...issue.path, key])], source),
      }))
    }
    return [fieldError(dotted(issue.path) || ROOT_PATH, issue.message)]
  })
}

const SUMMARY_ITEMS = 3

/**
 * `error.message` of a `VALIDATION_ERROR`: the first few field messages, joined.
 *
 * @example
 * summarise([{ path: 'name', message: 'name is required' }]) // 'name is required'
 */
export function summarise(fields: readonly FieldError[]): string {
  if (fields.length === 0) return 'The request is invalid'
  const shownFields = fields.slice(0, SUMMARY_ITEMS).map((f) => f.message)
  const more = fields.length - shownFields.length
  return more > 0 ? `${shownFields.join('; ')}; and ${more} more (see details.fields)` : shownFields.join('; ')
}
