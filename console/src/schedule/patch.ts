/** Request bodies of the editor: a card's new place, the side panel's changes, a new session. */
import { fromLocalInput } from '../time/zoned-time.ts'

export interface PlaceBody {
  starts_at: string
  ends_at: string
  room: string | null
}

interface Placed {
  starts_at: string
  ends_at: string
  room: string | null
}

/**
 * The one PATCH a drop sends: start, end and room together (so a widget never sees a half-moved
 * session); undefined when the card is back where it was.
 */
export function placeBody(before: Placed, after: { startMs: number; endMs: number; room: string | null }): PlaceBody | undefined {
  if (Date.parse(before.starts_at) === after.startMs && Date.parse(before.ends_at) === after.endMs && before.room === after.room) {
    return undefined
  }
  return { starts_at: new Date(after.startMs).toISOString(), ends_at: new Date(after.endMs).toISOString(), room: after.room }
}

/** The side panel's fields as the form holds them (times as `datetime-local` values in the event's zone). */
export interface SessionForm {
  title: string
  description: string
  track: string
  room: string
  start: string
  end: string
  speakerIds: string[]
}

export interface EditableSession {
  title: string
  description: string | null
  track: string | null
  room: string | null
  starts_at: string
  ends_at: string
  speakers: readonly { id: string }[]
}

export type SessionChanges = Partial<{
  title: string
  description: string | null
  track: string | null
  room: string | null
  starts_at: string
  ends_at: string
  speaker_ids: string[]
}>

/** Blank text is no value: the API stores an empty description, track or room as null too. */
const orNull = (s: string) => (s.trim() === '' ? null : s.trim())

/**
 * The fields of the form that differ from the session, as a PATCH body; `invalid` names the time
 * fields that are not a date and time (the form says so rather than sending them).
 */
export function formChanges(
  session: EditableSession,
  form: SessionForm,
  timeZone: string,
): { body: SessionChanges; invalid: ('starts_at' | 'ends_at')[] } {
  const body: SessionChanges = {}
  const invalid: ('starts_at' | 'ends_at')[] = []
  if (form.title.trim() !== session.title) body.title = form.title.trim()
  if (orNull(form.description) !== (session.description ?? null)) body.description = orNull(form.description)
  if (orNull(form.track) !== session.track) body.track = orNull(form.track)
  if (orNull(form.room) !== session.room) body.room = orNull(form.room)
  for (const [field, value, current] of [
    ['starts_at', form.start, session.starts_at],
    ['ends_at', form.end, session.ends_at],
  ] as const) {
    const ms = fromLocalInput(value, timeZone)
    if (ms === undefined) invalid.push(field)
    else if (ms !== Date.parse(current)) body[field] = new Date(ms).toISOString()
  }
  const ids = session.speakers.map((s) => s.id)
  if (form.speakerIds.length !== ids.length || form.speakerIds.some((id, i) => id !== ids[i])) body.speaker_ids = [...form.speakerIds]
  return { body, invalid }
}

/** The POST of a session made by clicking an empty slot: its title, room and times. */
export function createBody(eventId: string, title: string, at: { startMs: number; endMs: number; room: string | null }) {
  return {
    event_id: eventId,
    title: title.trim(),
    starts_at: new Date(at.startMs).toISOString(),
    ends_at: new Date(at.endMs).toISOString(),
    room: at.room,
  }
}
