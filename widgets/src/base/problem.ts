import { ApiError } from '../api/api-error.js'
import { EMBED_API_ACCESS_REFUSAL_CODES } from '../api/embed-api.generated.js'
import type { ErrorCode } from '../api/types.js'
import { en, type Messages } from '../i18n/en.js'
import { isUuid, looksLikeEmbedToken } from '../identifiers.js'

/**
 * An attribute of the element that is missing or malformed, found before any request: the site
 * owner's mistake, named by attribute, rather than a misleading answer from the server.
 */
export class AttributeError extends Error {
  override readonly name = 'AttributeError'

  constructor(
    readonly attribute: string,
    /** The value written, or undefined when the attribute is missing. */
    readonly value: string | undefined,
  ) {
    super(value === undefined ? `${attribute} attribute is missing` : `${attribute}="${value}" is not valid`)
  }

  get code(): 'ATTRIBUTE_MISSING' | 'ATTRIBUTE_INVALID' {
    return this.value === undefined ? 'ATTRIBUTE_MISSING' : 'ATTRIBUTE_INVALID'
  }
}

/**
 * Checks an id attribute (`event-id`, `session-id`, `speaker-id`) and returns it.
 *
 * @example const id = requireId('speaker-id', this.speakerId) // throws AttributeError on "nope"
 */
export function requireId(attribute: string, value: string | undefined | null): string {
  const id = value?.trim()
  if (!id) throw new AttributeError(attribute, undefined)
  if (!isUuid(id)) throw new AttributeError(attribute, value!)
  return id
}

/** Checks the `token` attribute and returns it. */
export function requireToken(value: string | undefined | null): string {
  const token = value?.trim()
  if (!token) throw new AttributeError('token', undefined)
  if (!looksLikeEmbedToken(token)) throw new AttributeError('token', value!)
  return token
}

/** Who can do something about it: the site owner (`setup`), or nobody but time (the others). */
export type ProblemKind = 'setup' | 'busy' | 'unreachable' | 'failed'

/** One failure, said twice: calmly to the visitor, precisely to the site owner. */
export interface Problem {
  /** `data-code` of the error box: the API's error code, or `ATTRIBUTE_MISSING` / `ATTRIBUTE_INVALID`. */
  code: string
  kind: ProblemKind
  /** A short sentence for the visitor. */
  visitor: string
  /** Cause and fix, for the site owner (the collapsed detail and the console). */
  owner: string
  /** Whether trying again may help (a retry button is offered). */
  transient: boolean
}

// The site owner's to fix: a refused token or a malformed id (the access verdict's codes, from the
// embed document), or an id that names nothing.
const SETUP_CODES = new Set<ErrorCode>([...EMBED_API_ACCESS_REFUSAL_CODES, 'NOT_FOUND'])

/** Shortens what a site owner wrote, for a message. */
function shown(value: string): string {
  return value.length > 48 ? `${value.slice(0, 45)}…` : value
}

/** Words for a failure, in the catalogue `t`. */
export function describeProblem(error: unknown, t: Messages): Problem {
  if (error instanceof AttributeError) {
    const isToken = error.attribute === 'token'
    const cause =
      error.value === undefined
        ? t.attributeMissing(error.attribute)
        : isToken
          ? t.attributeNotToken(shown(error.value))
          : t.attributeNotId(error.attribute, shown(error.value))
    return {
      code: error.code,
      kind: 'setup',
      visitor: t.problems.unavailable,
      owner: `${cause} ${isToken ? t.tokenHint : t.idHint}`,
      transient: false,
    }
  }
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
  const errors = t.errors as Record<string, string | ((origin: string) => string)>
  const text = errors[code] ?? t.errors.INTERNAL_ERROR
  const owner = typeof text === 'function' ? text(location.origin) : text
  const kind: ProblemKind = SETUP_CODES.has(code)
    ? 'setup'
    : code === 'RATE_LIMIT_EXCEEDED'
      ? 'busy'
      : code === 'NETWORK_ERROR'
        ? 'unreachable'
        : 'failed'
  const visitor = kind === 'setup' ? t.problems.unavailable : t.problems[kind]
  return { code, kind, visitor, owner, transient: kind !== 'setup' }
}

/** Problems already written to the console, per element: one message per problem, not per render or retry. */
const warned = new WeakMap<Element, Set<string>>()

/**
 * Writes one `console.warn` for the site owner, in English (the console is the developer's),
 * naming the element, the cause and the fix, with the element itself to inspect. A problem is
 * written once per element.
 */
export function warnProblem(el: Element, error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return
  const problem = describeProblem(error, en)
  const key = `${problem.code}|${problem.owner}`
  const seen = warned.get(el) ?? new Set<string>()
  warned.set(el, seen)
  if (seen.has(key)) return
  seen.add(key)
  const name = `<${el.localName}${el.id ? ` id="${el.id}"` : ''}>`
  console.warn(`${name}: ${problem.owner} (Visitors see: “${problem.visitor}”)`, el)
}
