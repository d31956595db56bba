import { z } from '../../openapi/zod.ts'
import {
  buildFrabSchedule,
  DURATION_PATTERN,
  type FrabEvent,
  type FrabReference,
  OFFSET_DATE_TIME_MESSAGE,
  OFFSET_DATE_TIME_PATTERN,
} from './frab-schedule.ts'
import type { ImportedSchedule } from './imported-schedule.ts'
import { invalidSource, jsonPlace, schemaProblems, sourceParseOptions } from './source-problems.ts'

// The c3voc schedule.json (validator/json/schema.json of github.com/voc/schedule), as frab, pretalx
// (`schedule/export/schedule.json`) and the c3voc tools write it. Lenient where real exports differ
// (pretalx leaves out `rooms`' guids and persons' ids, frab writes `public_name`, fields are null or
// missing as often as empty), strict where the import needs the data: ids, titles, times, rooms.

const text = z.string().nullish()
const id = z.union([z.string(), z.number().int()]).transform(String)

const reference = z.object({ url: z.string().min(1), title: text, type: text })

const person = z
  .object({
    guid: z.string().nullish(),
    id: id.nullish(),
    code: z.string().nullish(),
    name: z.string().nullish(),
    public_name: z.string().nullish(),
    biography: text,
    avatar: text,
    email: text,
    links: z.array(reference).nullish(),
  })
  .refine((p) => p.guid || p.id || p.code, 'has no guid, id or code')
  .refine((p) => (p.name ?? p.public_name)?.trim(), 'has no name (name or public_name)')

const offsetDateTime = z.string().regex(OFFSET_DATE_TIME_PATTERN, OFFSET_DATE_TIME_MESSAGE)

const event = z
  .object({
    guid: z.string().nullish(),
    id: id.nullish(),
    date: offsetDateTime,
    end: offsetDateTime.nullish(),
    duration: z.string().regex(DURATION_PATTERN, 'must be a duration as HH:MM (or D:HH:MM)'),
    room: z.string().min(1),
    title: z.string().trim().min(1),
    subtitle: text,
    abstract: text,
    description: text,
    track: text,
    type: text,
    language: text,
    persons: z.array(person).nullish(),
    links: z.array(reference).nullish(),
    attachments: z.array(reference).nullish(),
  })
  .refine((e) => e.guid || e.id, 'has no guid or id')

const day = z.object({
  date: z.iso.date(),
  day_start: offsetDateTime.nullish(),
  day_end: offsetDateTime.nullish(),
  rooms: z.record(z.string(), z.array(event)),
})

const named = z.object({ name: z.string() })

const frabJson = z.object({
  generator: z.object({ name: text }).nullish(),
  schedule: z.object({
    base_url: text,
    conference: z.object({
      title: text,
      time_zone_name: text,
      rooms: z.array(named).nullish(),
      tracks: z.array(named).nullish(),
      days: z.array(day),
    }),
  }),
})

type Reference = z.infer<typeof reference>
const references = (list: readonly Reference[] | null | undefined): FrabReference[] =>
  (list ?? []).map((r) => ({ url: r.url, title: r.title ?? null, type: r.type ?? null }))

/** Whether a c3voc JSON document comes from pretalx: its generator says so, or its persons carry pretalx codes. */
export function isPretalxJson(document: unknown): boolean {
  const schedule = (document as { generator?: { name?: unknown }; schedule?: { conference?: { days?: unknown } } }) ?? {}
  if (typeof schedule.generator?.name === 'string' && /pretalx/i.test(schedule.generator.name)) return true
  const days = schedule.schedule?.conference?.days
  if (!Array.isArray(days)) return false
  for (const day of days) {
    for (const events of Object.values((day as { rooms?: object })?.rooms ?? {})) {
      if (!Array.isArray(events)) continue
      for (const event of events) {
        const persons = (event as { persons?: unknown })?.persons
        if (Array.isArray(persons) && persons.some((p) => typeof (p as { code?: unknown })?.code === 'string')) return true
      }
    }
  }
  return false
}

/** Reads a parsed c3voc schedule.json (frab's or pretalx's); SOURCE_INVALID names the places that break its shape. */
export function readFrabJson(document: unknown, format: 'frab-json' | 'pretalx'): ImportedSchedule {
  const what = format === 'pretalx' ? 'pretalx schedule.json' : 'frab schedule.json'
  const parsed = frabJson.safeParse(document, sourceParseOptions)
  if (!parsed.success) throw invalidSource(what, schemaProblems(parsed.error, jsonPlace))
  const { schedule } = parsed.data
  const conference = schedule.conference

  return buildFrabSchedule({
    format,
    what,
    title: conference.title ?? null,
    time_zone_name: conference.time_zone_name ?? null,
    base_url: schedule.base_url ?? null,
    rooms: [...(conference.rooms ?? []).map((r) => r.name), ...conference.days.flatMap((d) => Object.keys(d.rooms))],
    tracks: (conference.tracks ?? []).map((t) => t.name),
    days: conference.days.map((d, dayIndex) => ({
      place: jsonPlace(['schedule', 'conference', 'days', dayIndex]),
      date: d.date,
      start: d.day_start ?? null,
      end: d.day_end ?? null,
      events: Object.entries(d.rooms).flatMap(([room, events]) =>
        events.map((e, eventIndex): FrabEvent => {
          const place = jsonPlace(['schedule', 'conference', 'days', dayIndex, 'rooms', room, eventIndex])
          return {
            place,
            guid: e.guid ?? null,
            id: e.id ?? null,
            date: e.date,
            end: e.end ?? null,
            duration: e.duration,
            room: e.room,
            title: e.title,
            abstract: e.abstract ?? null,
            description: e.description ?? null,
            track: e.track ?? null,
            type: e.type ?? null,
            language: e.language ?? null,
            links: references(e.links),
            attachments: references(e.attachments),
            recording_url: null,
            persons: (e.persons ?? []).map((p, personIndex) => ({
              place: `${place}.persons[${personIndex}]`,
              guid: p.guid ?? null,
              id: p.id ?? null,
              code: p.code ?? null,
              name: (p.name ?? p.public_name ?? '').trim(),
              biography: p.biography ?? null,
              avatar: p.avatar ?? null,
              email: p.email ?? null,
              links: references(p.links),
            })),
          }
        }),
      ),
    })),
  })
}
