// The speaker form's values and the request bodies they become: the whole speaker for a new one,
// only what changed for an edit (PATCH changes only the fields present, and links replace the
// whole list). The API checks every field; these only shape what the form holds.
import { PUBLIC_SPEAKER_STATUSES, SPEAKER_STATUSES, type SpeakerStatus } from '@event-service/db/tables/speakers.ts'

/** How many links a speaker may have (the API refuses more). */
export const MAX_LINKS = 10

export interface LinkRow {
  url: string
  label: string
}

export interface SpeakerFormValues {
  name: string
  email: string
  company: string
  title: string
  bio: string
  photoUrl: string
  links: LinkRow[]
  /** Comma-separated, as typed. */
  tags: string
  status: SpeakerStatus
}

/** A speaker as the API answers (the fields the form edits). */
export interface SpeakerLike {
  name: string
  /** Null for a speaker imported from a source that publishes no addresses. */
  email: string | null
  company: string | null
  title: string | null
  bio: string | null
  photo_url: string | null
  links: { url: string; label: string | null }[]
  tags: string[]
  status: SpeakerStatus
}

export const EMPTY_SPEAKER: SpeakerFormValues = {
  name: '',
  email: '',
  company: '',
  title: '',
  bio: '',
  photoUrl: '',
  links: [],
  tags: '',
  status: 'invited',
}

/** Statuses the embed API shows (the widgets list these speakers), then those it hides. */
export const STATUS_GROUPS: { visible: boolean; statuses: SpeakerStatus[] }[] = [
  { visible: true, statuses: [...PUBLIC_SPEAKER_STATUSES] },
  { visible: false, statuses: SPEAKER_STATUSES.filter((s) => !(PUBLIC_SPEAKER_STATUSES as readonly string[]).includes(s)) },
]

/** Whether the widgets show a speaker with this status. */
export function isPublicStatus(status: SpeakerStatus): boolean {
  return (PUBLIC_SPEAKER_STATUSES as readonly string[]).includes(status)
}

/**
 * Distinct, trimmed, non-empty tags of a comma-separated text, in order.
 *
 * @example
 * tagsFromText('keynote, ai, , keynote') // ['keynote', 'ai']
 */
export function tagsFromText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ]
}

/** Whether a text is an http(s) URL, the only kind the photo preview loads. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The form's values for a speaker (or for a new one). */
export function formFromSpeaker(speaker: SpeakerLike): SpeakerFormValues {
  return {
    name: speaker.name,
    email: speaker.email ?? '',
    company: speaker.company ?? '',
    title: speaker.title ?? '',
    bio: speaker.bio ?? '',
    photoUrl: speaker.photo_url ?? '',
    links: speaker.links.map((l) => ({ url: l.url, label: l.label ?? '' })),
    tags: speaker.tags.join(', '),
    status: speaker.status,
  }
}

/** Links as the API takes them: rows without a URL are left out, an empty label is none. */
function linksBody(rows: readonly LinkRow[]): { url: string; label: string | null }[] {
  return rows.filter((r) => r.url.trim()).map((r) => ({ url: r.url.trim(), label: r.label.trim() || null }))
}

/** Every field of the form as a body (the speaker's, with `event_id` added for a new one). */
export function speakerBody(values: SpeakerFormValues) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim() || null,
    title: values.title.trim() || null,
    bio: values.bio.trim() || null,
    photo_url: values.photoUrl.trim() || null,
    links: linksBody(values.links),
    tags: tagsFromText(values.tags),
    status: values.status,
  }
}

export type SpeakerBody = ReturnType<typeof speakerBody>

/**
 * The fields of `values` that differ from `speaker`: the PATCH body of an edit ({} when nothing
 * changed).
 */
export function changedFields(speaker: SpeakerLike, values: SpeakerFormValues): Partial<SpeakerBody> {
  const before = speakerBody(formFromSpeaker(speaker))
  const after = speakerBody(values)
  const changed: Partial<SpeakerBody> = {}
  for (const key of Object.keys(after) as (keyof SpeakerBody)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) Object.assign(changed, { [key]: after[key] })
  }
  return changed
}
