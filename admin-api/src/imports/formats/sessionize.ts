import type { FieldError } from '@event-service/server-common/api-error.ts'
import { DateTime } from 'luxon'
import { z } from '../../openapi/zod.ts'
import { checkSchedule } from './check-schedule.ts'
import { type ImportedSchedule, type ImportedSession, type ImportedSpeaker, SPEAKER_DETAILS } from './imported-schedule.ts'
import { invalidSource, jsonPlace, schemaProblems, sourceParseOptions } from './source-problems.ts'
import { textOrNull, uniqueValues } from './text-values.ts'

// Sessionize's "All data" JSON (API/Embed → JSON → All data): sessions, speakers, rooms, categories
// and questions side by side, joined by ids. Times are the event's local times without a zone;
// tracks, formats and levels are categories whose items sessions name by id.

const text = z.string().nullish()
const id = z.union([z.string().min(1), z.number().int()]).transform(String)

/** A local date-time (`2025-02-22T09:00:00`), or one with an offset as some hand-made files have. */
const dateTime = z.iso.datetime({ local: true, offset: true })

const session = z.object({
  id,
  title: z.string().trim().min(1),
  description: text,
  startsAt: dateTime.nullish(),
  endsAt: dateTime.nullish(),
  isServiceSession: z.boolean().nullish(),
  // Ids in "All data"; `{id, name}` in the other views.
  speakers: z.array(z.union([id, z.object({ id }).transform((s) => s.id)])).nullish(),
  categoryItems: z.array(z.number().int()).nullish(),
  roomId: z.number().int().nullish(),
  recordingUrl: text,
  status: text,
})

const speaker = z
  .object({
    id: z.string().min(1),
    firstName: text,
    lastName: text,
    fullName: text,
    email: text,
    bio: text,
    tagLine: text,
    profilePicture: text,
    links: z.array(z.object({ title: text, url: z.string().min(1), linkType: text })).nullish(),
  })
  .refine((s) => (s.fullName ?? `${s.firstName ?? ''} ${s.lastName ?? ''}`).trim(), 'has no name (fullName, firstName or lastName)')

const category = z.object({
  id: z.number().int(),
  title: z.string(),
  items: z.array(z.object({ id: z.number().int(), name: z.string() })).nullish(),
  /** `session` or `speaker`; older exports leave it out. */
  type: text,
})

const sessionizeJson = z.object({
  sessions: z.array(session),
  speakers: z.array(speaker),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string() })).nullish(),
  categories: z.array(category).nullish(),
})

/** What a session category is to us, by its title as organisers name them in Sessionize. */
type CategoryRole = 'track' | 'format' | 'level' | 'language' | 'tags'
function categoryRole(title: string): CategoryRole {
  if (/track/i.test(title)) return 'track'
  if (/format|type/i.test(title)) return 'format'
  if (/level/i.test(title)) return 'level'
  if (/language|sprache/i.test(title)) return 'language'
  return 'tags'
}

/** Whether a file is a Sessionize "All data" export: an object with `sessions` and `speakers` lists. */
export function isSessionizeJson(document: unknown): boolean {
  const d = document as { sessions?: unknown; speakers?: unknown } | null
  return d !== null && typeof d === 'object' && Array.isArray(d.sessions) && Array.isArray(d.speakers)
}

/**
 * Reads a parsed Sessionize "All data" export. Its local times are read in `timezone` (the target
 * event's); sessions without times (not yet on the schedule) are skipped with the reason.
 */
export function readSessionize(document: unknown, timezone: string): ImportedSchedule {
  const what = 'Sessionize export'
  const zone = DateTime.local().setZone(timezone)
  if (!zone.isValid) throw new Error(`Sessionize times are local; ${timezone} is not a time zone to read them in`)
  const parsed = sessionizeJson.safeParse(document, sourceParseOptions)
  if (!parsed.success) throw invalidSource(what, schemaProblems(parsed.error, jsonPlace))
  const data = parsed.data
  const problems: FieldError[] = []

  const rooms = new Map((data.rooms ?? []).map((r) => [r.id, r.name.trim()]))
  const sessionCategories = (data.categories ?? []).filter((c) => c.type == null || /session/i.test(c.type))
  const itemCategory = new Map<number, { name: string; role: CategoryRole }>()
  for (const c of sessionCategories)
    for (const item of c.items ?? []) itemCategory.set(item.id, { name: item.name.trim(), role: categoryRole(c.title) })

  const speakers: ImportedSpeaker[] = data.speakers.map((s, index) => ({
    source_id: s.id,
    name: (s.fullName ?? `${s.firstName ?? ''} ${s.lastName ?? ''}`).trim(),
    email: textOrNull(s.email),
    bio: textOrNull(s.bio),
    photo_url: textOrNull(s.profilePicture),
    links: (s.links ?? []).map((link) => ({ url: link.url.trim(), label: textOrNull(link.title) ?? textOrNull(link.linkType) })),
    place: jsonPlace(['speakers', index]),
  }))
  const speakerIds = new Set(speakers.map((s) => s.source_id))

  const skipped: ImportedSchedule['skipped'] = []
  const sessions: ImportedSession[] = []
  data.sessions.forEach((s, index) => {
    const place = jsonPlace(['sessions', index])
    if (!s.startsAt || !s.endsAt) {
      skipped.push({
        item: `session "${s.title}" (${place})`,
        reason: `has no ${s.startsAt ? 'end' : 'start'} time: it is not on the Sessionize schedule yet`,
      })
      return
    }
    const speakerIdsOfSession = s.speakers ?? []
    speakerIdsOfSession.forEach((speakerId, speakerIndex) => {
      if (!speakerIds.has(speakerId))
        problems.push({ path: `${place}.speakers[${speakerIndex}]`, message: `names speaker ${speakerId}, whom speakers does not list` })
    })
    if (s.roomId != null && !rooms.has(s.roomId))
      problems.push({ path: `${place}.roomId`, message: `names room ${s.roomId}, which rooms does not list` })
    const items = (s.categoryItems ?? []).flatMap((itemId, itemIndex) => {
      const item = itemCategory.get(itemId)
      if (!item)
        problems.push({
          path: `${place}.categoryItems[${itemIndex}]`,
          message: `names category item ${itemId}, which categories do not list`,
        })
      return item ? [item] : []
    })
    const first = (role: CategoryRole) => items.find((i) => i.role === role)?.name ?? null
    sessions.push({
      source_id: s.id,
      title: s.title,
      description: textOrNull(s.description),
      starts_at: DateTime.fromISO(s.startsAt, { zone: timezone }).toJSDate(),
      ends_at: DateTime.fromISO(s.endsAt, { zone: timezone }).toJSDate(),
      room: s.roomId != null ? (rooms.get(s.roomId) ?? null) : null,
      track: first('track'),
      format: first('format'),
      language: first('language'),
      tags: items.filter((i) => i.role === 'tags').map((i) => i.name),
      slides_url: null,
      recording_url: textOrNull(s.recordingUrl),
      // Sessionize's API publishes accepted sessions; no documented status marks one cancelled.
      cancelled: false,
      speaker_ids: [...new Set(speakerIdsOfSession)],
      place,
    })
  })

  const schedule: ImportedSchedule = {
    format: 'sessionize',
    system: 'sessionize',
    speakerDetails: SPEAKER_DETAILS,
    // The file states no zone: its times are read in the event's.
    conference: { title: null, timezone: null, days: [] },
    rooms: uniqueValues(rooms.values()),
    tracks: [
      ...new Set(
        sessionCategories.filter((c) => categoryRole(c.title) === 'track').flatMap((c) => (c.items ?? []).map((i) => i.name.trim())),
      ),
    ],
    speakers,
    sessions,
    skipped,
  }
  problems.push(...checkSchedule(schedule))
  if (problems.length > 0) throw invalidSource(what, problems)
  return schedule
}
