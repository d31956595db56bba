import { create } from 'xmlbuilder2'
import { GENERATOR_NAME, type PlannedSession, planSchedule, type ScheduleExport } from './schedule-model.ts'

/** The media type of `schedule.xml`: plain XML, as apps fetch it (the XSD names IANA's `application/vnd.c3voc.schedule+xml`, which few clients know). */
export const C3VOC_XML_TYPE = 'application/xml; charset=utf-8'

/**
 * A character XML 1.0 cannot hold at all (most C0 controls, lone surrogates) becomes U+FFFD rather
 * than an error: a stray control character in a title must not take the whole schedule down.
 */
const REPLACEMENT = '\uFFFD'

/**
 * One `<event>` (the XSD's `event`, an `xs:all`): the required elements (`track` empty when the
 * session has none), the rest only when known. Persons are `<person guid="…">name</person>`.
 */
function addEvent(parent: ReturnType<typeof create>, s: PlannedSession): void {
  const event = parent.ele('event', { guid: s.guid, id: String(s.id) })
  event.ele('room').txt(s.room)
  event.ele('title').txt(s.title)
  event.ele('type').txt(s.type)
  event.ele('date').txt(s.date)
  event.ele('start').txt(s.start)
  event.ele('duration').txt(s.duration)
  event.ele('abstract').txt(s.abstract ?? '')
  event.ele('slug').txt(s.slug)
  event.ele('track').txt(s.track ?? '')
  if (s.language) event.ele('language').txt(s.language)
  const persons = event.ele('persons')
  for (const p of s.persons) persons.ele('person', { guid: p.guid }).txt(p.name)
  const links = event.ele('links')
  for (const l of s.links) links.ele('link', { href: l.url, ...(l.type ? { type: l.type } : {}) }).txt(l.title ?? l.url)
  event.ele('url').txt(s.url)
}

/**
 * The schedule as the c3voc `schedule.xml` (the public repository voc/schedule,
 * `validator/xsd/schedule.xml.xsd`): generator, version, conference, then one `<day>` per day with
 * every room and its sessions. Every value comes from `planSchedule`, as in the JSON; xmlbuilder2
 * escapes `&`, `<`, `>` and quotes.
 *
 * @example
 * ctx.body = c3vocXml({ event, sessions, sessionUrl })
 */
export function c3vocXml(input: ScheduleExport): string {
  const plan = planSchedule(input)
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: REPLACEMENT })
  const schedule = doc.ele('schedule')
  schedule.ele('generator', { name: GENERATOR_NAME })
  schedule.ele('version').txt(plan.version)
  const conference = schedule.ele('conference')
  conference.ele('title').txt(plan.title)
  conference.ele('acronym').txt(plan.acronym)
  conference.ele('start').txt(plan.start)
  conference.ele('end').txt(plan.end)
  conference.ele('days').txt(String(plan.days.length))
  conference.ele('timeslot_duration').txt(plan.timeslot_duration)
  if (plan.time_zone_name) conference.ele('time_zone_name').txt(plan.time_zone_name)
  for (const name of plan.tracks) conference.ele('track', { name })
  for (const day of plan.days) {
    const dayElement = schedule.ele('day', { index: String(day.index), date: day.date, start: day.day_start, end: day.day_end })
    for (const { room, sessions } of day.rooms) {
      const roomElement = dayElement.ele('room', { name: room.name, guid: room.guid })
      for (const s of sessions) addEvent(roomElement, s)
    }
  }
  return doc.end({ prettyPrint: true })
}
