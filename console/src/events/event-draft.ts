// The event form's state (a draft: strings as the inputs hold them) and its way back to the API:
// the body of a create, or of a PATCH with only what changed. Pure, so the diff is tested.
import type { CreateEventRequest, Event, Question, Ticket, UpdateEventRequest } from '../api/types.ts'
import { isoToLocalInput, localInputToIso } from '../time/zoned-time.ts'

export const QUESTION_TYPES = ['text', 'textarea', 'choice', 'multi', 'checkbox'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]
export type Confirmation = 'email' | 'none'

export interface TicketDraft {
  /** Stable key for rendering lists (an id may be empty while the name is typed). */
  key: string
  /** The slug; kept for a saved ticket (registrations name it), made from the name for a new one. */
  id: string
  saved: boolean
  name: string
  price: string
  /** Not edited in the console's form; carried so a save keeps it. */
  description: string | null
  capacity: string
  show_remaining: boolean
}

export interface QuestionDraft {
  key: string
  id: string
  saved: boolean
  label: string
  type: QuestionType
  required: boolean
  /** One option per line (choice and multi). */
  options: string
  /** Asked only of these tickets; empty: everyone. */
  ticket_ids: string[]
}

export interface EventDraft {
  name: string
  description: string
  timezone: string
  /** datetime-local values in `timezone`. */
  starts: string
  ends: string
  venue: string
  /** One room per line, in the schedule's order. */
  rooms: string
  /** One track per line. */
  tracks: string
  tickets: TicketDraft[]
  questions: QuestionDraft[]
  privacy: boolean
  privacy_text: string
  privacy_url: string
  registration_confirmation: Confirmation
}

/** Something the form can tell before asking the API, at the path the API would use. */
export interface DraftProblem {
  path: string
  issue: 'required' | 'invalidTime' | 'endsBeforeStart' | 'capacity' | 'options'
}

let keys = 0
const newKey = () => `k${++keys}`

/**
 * A slug from a name, unique among `taken` ("Early bird" → "early-bird", then "early-bird-2").
 *
 * @example
 * slugify('Früh bucher!', new Set()) // 'fruh-bucher'
 */
export function slugify(text: string, taken: ReadonlySet<string>): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'item'
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export function ticketDraft(ticket?: Ticket): TicketDraft {
  return {
    key: newKey(),
    id: ticket?.id ?? '',
    saved: !!ticket,
    name: ticket?.name ?? '',
    price: ticket?.price ?? '',
    description: ticket?.description ?? null,
    capacity: ticket?.capacity == null ? '' : String(ticket.capacity),
    show_remaining: ticket?.show_remaining ?? false,
  }
}

export function questionDraft(question?: Question): QuestionDraft {
  return {
    key: newKey(),
    id: question?.id ?? '',
    saved: !!question,
    label: question?.label ?? '',
    type: (question?.type as QuestionType | undefined) ?? 'text',
    required: question?.required ?? false,
    options: (question?.options ?? []).join('\n'),
    ticket_ids: question?.ticket_ids ?? [],
  }
}

/** The form filled from a saved event. */
export function draftFromEvent(event: Event): EventDraft {
  const notice = event.privacy_notice as { text: string; url?: string | null } | null
  return {
    name: event.name,
    description: event.description ?? '',
    timezone: event.timezone,
    starts: isoToLocalInput(event.starts_at, event.timezone),
    ends: isoToLocalInput(event.ends_at, event.timezone),
    venue: event.venue ?? '',
    rooms: (event.rooms ?? []).join('\n'),
    tracks: (event.tracks ?? []).join('\n'),
    tickets: event.tickets.map((ticket) => ticketDraft(ticket)),
    questions: event.questions.map((question) => questionDraft(question)),
    privacy: !!notice,
    privacy_text: notice?.text ?? '',
    privacy_url: notice?.url ?? '',
    registration_confirmation: event.registration_confirmation,
  }
}

/** A blank form for a new event, in the organiser's own time zone. */
export function emptyDraft(timezone: string): EventDraft {
  return {
    name: '',
    description: '',
    timezone,
    starts: '',
    ends: '',
    venue: '',
    rooms: '',
    tracks: '',
    tickets: [],
    questions: [],
    privacy: false,
    privacy_text: '',
    privacy_url: '',
    registration_confirmation: 'email',
  }
}

/** Ids for new tickets and questions, made from their names and unique in their list. */
function withIds<T extends { id: string; saved: boolean }>(items: T[], nameOf: (item: T) => string): T[] {
  const taken = new Set(items.filter((item) => item.saved).map((item) => item.id))
  return items.map((item) => {
    if (item.saved) return item
    const id = slugify(nameOf(item), taken)
    taken.add(id)
    return { ...item, id }
  })
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The names of a one-per-line list, each once (compared case-insensitively, as the API does). */
export function namesOf(text: string): string[] {
  const seen = new Set<string>()
  return lines(text).filter((name) => {
    const key = name.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Problems the form can see itself (the API checks everything again). */
export function draftProblems(draft: EventDraft): DraftProblem[] {
  const problems: DraftProblem[] = []
  if (!draft.name.trim()) problems.push({ path: 'name', issue: 'required' })
  const starts = localInputToIso(draft.starts, draft.timezone)
  const ends = localInputToIso(draft.ends, draft.timezone)
  if (!starts) problems.push({ path: 'starts_at', issue: draft.starts ? 'invalidTime' : 'required' })
  if (!ends) problems.push({ path: 'ends_at', issue: draft.ends ? 'invalidTime' : 'required' })
  if (starts && ends && Date.parse(ends) < Date.parse(starts)) problems.push({ path: 'ends_at', issue: 'endsBeforeStart' })
  draft.tickets.forEach((ticket, i) => {
    if (!ticket.name.trim()) problems.push({ path: `tickets.${i}.name`, issue: 'required' })
    const capacity = ticket.capacity.trim()
    if (capacity && !(/^\d+$/.test(capacity) && Number(capacity) >= 1 && Number(capacity) <= 1_000_000))
      problems.push({ path: `tickets.${i}.capacity`, issue: 'capacity' })
  })
  draft.questions.forEach((question, i) => {
    if (!question.label.trim()) problems.push({ path: `questions.${i}.label`, issue: 'required' })
    if ((question.type === 'choice' || question.type === 'multi') && lines(question.options).length === 0)
      problems.push({ path: `questions.${i}.options`, issue: 'options' })
  })
  if (draft.privacy && !draft.privacy_text.trim()) problems.push({ path: 'privacy_notice.text', issue: 'required' })
  return problems
}

function ticketsOf(draft: EventDraft): Ticket[] {
  return withIds(draft.tickets, (t) => t.name).map((t) => ({
    id: t.id,
    name: t.name.trim(),
    description: t.description,
    price: t.price.trim() || null,
    capacity: t.capacity.trim() ? Number(t.capacity) : null,
    show_remaining: t.show_remaining,
  }))
}

function questionsOf(draft: EventDraft, ticketIds: ReadonlySet<string>): Question[] {
  return withIds(draft.questions, (q) => q.label).map((q) => {
    const hasOptions = q.type === 'choice' || q.type === 'multi'
    // A ticket removed from the form cannot limit a question any more.
    const limited = q.ticket_ids.filter((id) => ticketIds.has(id))
    return {
      id: q.id,
      label: q.label.trim(),
      type: q.type,
      required: q.required,
      options: hasOptions ? lines(q.options) : null,
      ticket_ids: limited.length ? limited : null,
    }
  })
}

/** Every field of the draft as the API takes it (times as instants). Call after draftProblems is empty. */
export function draftToFields(draft: EventDraft): CreateEventRequest {
  const tickets = ticketsOf(draft)
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    timezone: draft.timezone,
    starts_at: localInputToIso(draft.starts, draft.timezone) ?? '',
    ends_at: localInputToIso(draft.ends, draft.timezone) ?? '',
    venue: draft.venue.trim() || null,
    rooms: namesOf(draft.rooms),
    tracks: namesOf(draft.tracks),
    tickets,
    questions: questionsOf(draft, new Set(tickets.map((t) => t.id))),
    privacy_notice: draft.privacy ? { text: draft.privacy_text.trim(), url: draft.privacy_url.trim() || null } : null,
    registration_confirmation: draft.registration_confirmation,
  } as CreateEventRequest
}

/** A ticket or question with its optional fields spelled out, for comparing. */
const normalTicket = (t: Ticket) => ({
  id: t.id,
  name: t.name,
  description: t.description ?? null,
  price: t.price ?? null,
  capacity: t.capacity ?? null,
  show_remaining: t.show_remaining ?? false,
})
const normalQuestion = (q: Question) => ({
  id: q.id,
  label: q.label,
  type: q.type,
  required: q.required ?? false,
  options: q.options ?? null,
  ticket_ids: q.ticket_ids?.length ? q.ticket_ids : null,
})
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b)

/**
 * The PATCH body: only the fields whose value differs from the saved event (an empty object when
 * nothing changed), so a save never overwrites what someone else changed in another field.
 */
export function patchFromDraft(draft: EventDraft, event: Event): UpdateEventRequest {
  const next = draftToFields(draft)
  const patch: Record<string, unknown> = {}
  if (next.name !== event.name) patch.name = next.name
  if ((next.description ?? null) !== (event.description ?? null)) patch.description = next.description
  if (next.timezone !== event.timezone) patch.timezone = next.timezone
  if (!sameInstant(next.starts_at, event.starts_at)) patch.starts_at = next.starts_at
  if (!sameInstant(next.ends_at, event.ends_at)) patch.ends_at = next.ends_at
  if ((next.venue ?? null) !== (event.venue ?? null)) patch.venue = next.venue
  if (!same(next.rooms ?? [], event.rooms ?? [])) patch.rooms = next.rooms
  if (!same(next.tracks ?? [], event.tracks ?? [])) patch.tracks = next.tracks
  if (!same((next.tickets ?? []).map(normalTicket), event.tickets.map(normalTicket))) patch.tickets = next.tickets
  if (!same((next.questions ?? []).map(normalQuestion), event.questions.map(normalQuestion))) patch.questions = next.questions
  const notice = event.privacy_notice as { text: string; url?: string | null } | null
  const savedNotice = notice ? { text: notice.text, url: notice.url ?? null } : null
  if (!same(next.privacy_notice ?? null, savedNotice)) patch.privacy_notice = next.privacy_notice
  if (next.registration_confirmation !== event.registration_confirmation) patch.registration_confirmation = next.registration_confirmation
  return patch as UpdateEventRequest
}
