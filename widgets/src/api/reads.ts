import type { EventInfo, Session, Speaker } from './types.js'

/**
 * One read of an event's public data in the embed API (docs/embed-api.md), typed by its answer:
 * the event (`part: 'event'`), a list (`sessions`, `speakers`) or one item of a list, whose id is
 * an attribute of the element. The loader starts the reads it can, the element's data task makes
 * them through the API client, and the embed server answers them from its data when it draws a
 * first screen, each by `part` and `id` rather than by parsing a path.
 */
export interface Read<T> {
  readonly part: 'event' | 'sessions' | 'speakers'
  /** For one item: the attribute that names it (`session-id`), so that a missing or malformed one is reported by name. */
  readonly attribute?: string
  /** For one item: the attribute's value, as written (checked by whoever makes the read). */
  readonly id?: string
  /** The answer's type; never set. */
  readonly answer?: T
}

/** An element's attribute by name (`undefined`: not set). */
export type AttributeOf = (name: string) => string | undefined

/** The reads of the embed API's public data, by what they answer. */
export const read = {
  event: (): Read<EventInfo> => ({ part: 'event' }),
  sessions: (): Read<Session[]> => ({ part: 'sessions' }),
  session: (attribute: string, attr: AttributeOf): Read<Session> => ({ part: 'sessions', attribute, id: attr(attribute) }),
  speakers: (): Read<Speaker[]> => ({ part: 'speakers' }),
  speaker: (attribute: string, attr: AttributeOf): Read<Speaker> => ({ part: 'speakers', attribute, id: attr(attribute) }),
}

/** The reads an element makes, by the name its data gives each answer. */
export type Reads = Record<string, Read<unknown>>

/** The answers of `reads`, by the same names: the data an element draws from. */
export type Answers<R extends Reads> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never }

/**
 * The path of `r` under the event (`''`, `/sessions`, `/sessions/{id}`), with `id` (checked by
 * the caller) for a read of one item.
 */
export const pathOf = (r: Read<unknown>, id = r.id): string =>
  r.part === 'event' ? '' : r.attribute === undefined ? `/${r.part}` : `/${r.part}/${encodeURIComponent(id ?? '')}`

/** Makes every read of `reads` with `get`, and gives the answers their names. */
export async function readEach<R extends Reads>(reads: R, get: (r: Read<unknown>) => unknown): Promise<Answers<R>> {
  const names = Object.keys(reads)
  const answers = await Promise.all(names.map((name) => get(reads[name]!)))
  return Object.fromEntries(names.map((name, i) => [name, answers[i]])) as Answers<R>
}
