import { XMLBuilder } from 'fast-xml-parser'
import { GENERATOR_NAME, type PlannedSession, planSchedule, type ScheduleExport } from './schedule-model.ts'

/** The media type of `schedule.xml`: plain XML, as apps fetch it (the XSD names IANA's `application/vnd.c3voc.schedule+xml`, which few clients know). */
export const C3VOC_XML_TYPE = 'application/xml; charset=utf-8'

/**
 * Every character XML 1.0 cannot hold at all (most C0 controls, U+FFFE, U+FFFF, lone surrogates):
 * each becomes U+FFFD rather than an error, since a stray control character in a title must not take
 * the whole schedule down. With the `u` flag a lone surrogate is a code point of its own, outside
 * every range here.
 */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const xmlCharacters = (_name: string, value: unknown): string => String(value).replace(NOT_XML_CHARACTER, '\uFFFD')

/** Attributes are the keys that start with `@` (as the import's reader reads them), text is `#text`. */
type XmlNode = { [name: string]: string | XmlNode | XmlNode[] | undefined }
const withText = (attributes: Record<string, string | undefined>, text: string): XmlNode => ({ ...attributes, '#text': text })

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  // The builder escapes `&`, `<`, `>` and both quotes in texts and attributes (processEntities);
  // these only swap what XML cannot hold at all.
  tagValueProcessor: xmlCharacters,
  attributeValueProcessor: xmlCharacters,
  // Otherwise an attribute whose value is the text `true` (a room named so) is written bare, which is not XML.
  suppressBooleanAttributes: false,
})

/**
 * One `<event>` (the XSD's `event`, an `xs:all`): the required elements (`track` empty when the
 * session has none), the rest only when known. Persons are `<person guid="…">name</person>`.
 */
function eventOf(s: PlannedSession): XmlNode {
  return {
    '@guid': s.guid,
    '@id': String(s.id),
    room: s.room,
    title: s.title,
    type: s.type,
    date: s.date,
    start: s.start,
    duration: s.duration,
    abstract: s.abstract ?? '',
    slug: s.slug,
    track: s.track ?? '',
    language: s.language || undefined,
    persons: { person: s.persons.map((p) => withText({ '@guid': p.guid }, p.name)) },
    links: { link: s.links.map((l) => withText({ '@href': l.url, '@type': l.type ?? undefined }, l.title ?? l.url)) },
    url: s.url,
  }
}

/**
 * The schedule as the c3voc `schedule.xml` (the public repository voc/schedule,
 * `validator/xsd/schedule.xml.xsd`): generator, version, conference, then one `<day>` per day with
 * every room and its sessions. Every value comes from `planSchedule`, as in the JSON. Elements are
 * written in the order of their keys, which is the XSD's order.
 *
 * @example
 * ctx.body = c3vocXml({ event, sessions, sessionUrl })
 */
export function c3vocXml(input: ScheduleExport): string {
  const plan = planSchedule(input)
  const schedule: XmlNode = {
    generator: { '@name': GENERATOR_NAME },
    version: plan.version,
    conference: {
      title: plan.title,
      acronym: plan.acronym,
      start: plan.start,
      end: plan.end,
      days: String(plan.days.length),
      timeslot_duration: plan.timeslot_duration,
      time_zone_name: plan.time_zone_name || undefined,
      track: plan.tracks.map((name) => ({ '@name': name })),
    },
    day: plan.days.map((day) => ({
      '@index': String(day.index),
      '@date': day.date,
      '@start': day.day_start,
      '@end': day.day_end,
      room: day.rooms.map(({ room, sessions }) => ({ '@name': room.name, '@guid': room.guid, event: sessions.map(eventOf) })),
    })),
  }
  return builder.build({ '?xml': { '@version': '1.0', '@encoding': 'UTF-8' }, schedule })
}
