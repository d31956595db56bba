import type { FieldError } from '@event-service/server-common'
import { UpdateSessionBody } from '../sessions/sessions.schema.ts'
import { UpdateSpeakerBody } from '../speakers/speakers.schema.ts'
import type { ImportedSchedule, ImportedSession, ImportedSpeaker } from './formats/imported-schedule.ts'
import { sourceError } from './import-errors.ts'

/** A session whose fields passed the API's rules: stored as it is. */
export type SessionValues = ImportedSession

/** A speaker whose fields passed the API's rules. */
export type SpeakerValues = ImportedSpeaker

/** A schedule whose every value passes the admin API's own field rules. */
export interface FittedSchedule {
  schedule: ImportedSchedule
  sessions: SessionValues[]
  speakers: SpeakerValues[]
  skipped: { item: string; reason: string }[]
}

/**
 * Fields an import leaves empty, with a note, when the source's value breaks our rules: they
 * add to a session or speaker but do not make it (a language we do not know, a link that is not
 * http). The others (a title of 300 characters) make the source invalid: taking them cut would
 * lose what the organiser wrote.
 */
const OPTIONAL_SESSION_FIELDS = new Set(['language', 'slides_url', 'recording_url', 'tags', 'format'])
const OPTIONAL_SPEAKER_FIELDS = new Set(['email', 'photo_url', 'links'])

const EMPTY: Record<string, unknown> = {
  language: null,
  slides_url: null,
  recording_url: null,
  tags: [],
  format: null,
  email: null,
  photo_url: null,
  links: [],
}

type Schema = typeof UpdateSessionBody | typeof UpdateSpeakerBody
type Issue = { path: PropertyKey[]; message: string }

/**
 * `candidate` parsed by the API's own request schema (the one place our field rules live), with
 * optional fields that break them emptied and noted, and the rest as errors at `place`.
 */
function fit<T>(
  schema: Schema,
  candidate: Record<string, unknown>,
  optional: Set<string>,
  where: { place: string; label: string },
  errors: FieldError[],
  skipped: FittedSchedule['skipped'],
): T | undefined {
  const first = schema.safeParse(candidate)
  if (first.success) return first.data as T
  const field = (issue: Issue) => String(issue.path[0] ?? '')
  const blocking = first.error.issues.filter((i) => !optional.has(field(i)))
  const emptied = { ...candidate }
  for (const issue of first.error.issues.filter((i) => optional.has(field(i)))) {
    if (emptied[field(issue)] === EMPTY[field(issue)]) continue
    skipped.push({
      item: `${where.label} (${where.place})`,
      reason: `${field(issue)} ${JSON.stringify(candidate[field(issue)])} left empty: it ${issue.message}`,
    })
    emptied[field(issue)] = EMPTY[field(issue)]
  }
  const second = blocking.length === 0 ? schema.safeParse(emptied) : undefined
  if (second?.success) return second.data as T
  for (const issue of second?.error.issues ?? blocking) {
    errors.push({ path: `${where.place}.${issue.path.join('.')}`, message: issue.message })
  }
  return undefined
}

function fitSession(s: ImportedSession, errors: FieldError[], skipped: FittedSchedule['skipped']): SessionValues | undefined {
  const { source_id, speaker_ids, place, starts_at, ends_at, ...fields } = s
  const candidate = { ...fields, starts_at: starts_at.toISOString(), ends_at: ends_at.toISOString() }
  const where = { place, label: `session "${s.title}"` }
  const fitted = fit<UpdateSessionBody>(UpdateSessionBody, candidate, OPTIONAL_SESSION_FIELDS, where, errors, skipped)
  return fitted && { ...s, ...fitted, starts_at, ends_at }
}

function fitSpeaker(s: ImportedSpeaker, errors: FieldError[], skipped: FittedSchedule['skipped']): SpeakerValues | undefined {
  const { source_id, place, email, ...fields } = s
  const candidate = { ...fields, ...(email !== null && { email }) }
  const where = { place, label: `speaker "${s.name}"` }
  const fitted = fit<UpdateSpeakerBody>(UpdateSpeakerBody, candidate, OPTIONAL_SPEAKER_FIELDS, where, errors, skipped)
  return fitted && { ...s, ...fitted, email: fitted.email ?? null }
}

/**
 * Every value of the schedule through the admin API's field rules, so that an import stores only
 * what the API itself would have taken. Throws `SOURCE_INVALID` naming each place that breaks a
 * rule it cannot leave out.
 */
export function fitSchedule(schedule: ImportedSchedule): FittedSchedule {
  const errors: FieldError[] = []
  const skipped = [...schedule.skipped]
  const speakers = schedule.speakers.map((s) => fitSpeaker(s, errors, skipped))
  const sessions = schedule.sessions.map((s) => fitSession(s, errors, skipped))
  if (errors.length > 0) {
    throw sourceError(
      'SOURCE_INVALID',
      `The schedule has values the event cannot take in ${errors.length} place${errors.length === 1 ? '' : 's'}`,
      errors,
    )
  }
  return {
    schedule,
    sessions: sessions.filter((s): s is SessionValues => s !== undefined),
    speakers: speakers.filter((s): s is SpeakerValues => s !== undefined),
    skipped,
  }
}
