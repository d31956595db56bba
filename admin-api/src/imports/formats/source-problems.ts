import type { FieldError } from '@event-service/server-common/api-error.ts'
import { issueMessage } from '@event-service/server-common/validation-messages.ts'
import type { z } from 'zod'
import { sourceError } from '../import-errors.ts'

/**
 * A place in a JSON file as people read it: keys joined by dots, list items in brackets, keys kept
 * as they are (a c3voc room is a key: `schedule.conference.days[1].rooms.Saal 1[3].date`).
 */
export function jsonPlace(path: readonly PropertyKey[]): string {
  let place = ''
  for (const key of path) {
    if (typeof key === 'number') place += `[${key}]`
    else place += place === '' ? String(key) : `.${String(key)}`
  }
  return place || '(root)'
}

/**
 * A place in an XML file as an XPath with 1-based positions among siblings of the same name
 * (`/schedule/day[2]/room[1]/event[3]/date`). `path` is the path in fast-xml-parser's output:
 * repeated elements are lists, attributes `@name`, text `#text`.
 */
export function xmlPlace(path: readonly PropertyKey[]): string {
  let place = ''
  for (const key of path) {
    if (typeof key === 'number') place += `[${key + 1}]`
    else if (key !== '#text') place += `/${String(key)}`
  }
  return place || '/'
}

/** The field errors of a failed schema parse, each at its place in the file. */
export function schemaProblems(error: z.ZodError, place: (path: readonly PropertyKey[]) => string): FieldError[] {
  return error.issues.map((issue) => ({ path: place(issue.path), message: issue.message }))
}

/** Parse options that give issues without a message of their own the API's phrases ("is required", "must be a string, not null"). */
export const sourceParseOptions = { error: (issue: z.core.$ZodRawIssue) => issueMessage(issue) }

/**
 * SOURCE_INVALID for problems found at places in the file: the message names the format, the
 * count and the first problem, so that it reads on its own; `details.fields` lists them.
 */
export function invalidSource(what: string, problems: readonly FieldError[]): Error {
  const first = problems[0]
  const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`
  const firstText = first ? `: ${first.path} ${first.message}` : ''
  const more = problems.length > 1 ? ' (see details.fields)' : ''
  return sourceError('SOURCE_INVALID', `The ${what} has ${count}${firstText}${more}`, [...problems])
}

/** The place of a field of the item at `place`, in the file's notation (XML places are XPaths). */
export const childPlace = (place: string, field: string): string => (place.startsWith('/') ? `${place}/${field}` : `${place}.${field}`)
