import {
  C3VOC_JSON_SCHEMA,
  GENERATOR_NAME,
  type PlannedLink,
  type PlannedSession,
  planSchedule,
  type ScheduleExport,
} from './schedule-model.ts'

/** The media type of `schedule.json`: plain JSON, which every app and browser reads (c3voc's schema names no type of its own for it). */
export const C3VOC_JSON_TYPE = 'application/json; charset=utf-8'

/** A link as the JSON schema's `Reference`: `url`, then `title` and `type` when known. */
const referenceOf = (link: PlannedLink) => ({
  url: link.url,
  ...(link.title ? { title: link.title } : {}),
  ...(link.type ? { type: link.type } : {}),
})

/**
 * A session as the JSON schema's `Event`: every required field (`subtitle`, `track`, `language`
 * and `abstract` as null when the session has none), plus `end`. The persons are pretalx's shape
 * (`PretalxPerson`), which the schema's `oneOf` tells apart from frab's (`id` + `public_name`).
 */
const eventOf = (s: PlannedSession) => ({
  guid: s.guid,
  id: s.id,
  date: s.date,
  start: s.start,
  duration: s.duration,
  end: s.end,
  room: s.room,
  slug: s.slug,
  url: s.url,
  title: s.title,
  subtitle: null,
  track: s.track,
  type: s.type,
  language: s.language,
  abstract: s.abstract,
  persons: s.persons.map((p) => ({
    guid: p.guid,
    name: p.name,
    avatar: p.avatar,
    biography: p.biography,
    links: p.links.map(referenceOf),
  })),
  links: s.links.map(referenceOf),
})

/**
 * The schedule as the c3voc `schedule.json` (the public repository voc/schedule,
 * `validator/json/schema.json`, draft-06): `{ $schema, generator, schedule: { version, conference } }`
 * with the rooms in `conference.rooms` (the schema forbids them on `schedule`) and each day's
 * sessions by room name. Every value comes from `planSchedule`, as in the XML.
 *
 * @example
 * ctx.body = c3vocJson({ event, sessions, sessionUrl })
 */
export function c3vocJson(input: ScheduleExport): string {
  const plan = planSchedule(input)
  const document = {
    $schema: C3VOC_JSON_SCHEMA,
    generator: { name: GENERATOR_NAME },
    schedule: {
      version: plan.version,
      conference: {
        acronym: plan.acronym,
        title: plan.title,
        ...(plan.description ? { description: plan.description } : {}),
        start: plan.start,
        end: plan.end,
        daysCount: plan.days.length,
        timeslot_duration: plan.timeslot_duration,
        ...(plan.time_zone_name ? { time_zone_name: plan.time_zone_name } : {}),
        tracks: plan.tracks.map((name) => ({ name })),
        rooms: plan.rooms.map((r) => ({ name: r.name, guid: r.guid })),
        days: plan.days.map((day) => ({
          index: day.index,
          date: day.date,
          day_start: day.day_start,
          day_end: day.day_end,
          rooms: Object.fromEntries(day.rooms.map(({ room, sessions }) => [room.name, sessions.map(eventOf)])),
        })),
      },
    },
  }
  return JSON.stringify(document)
}
