import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { sourceError } from '../import-errors.ts'
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
import { invalidSource, schemaProblems, sourceParseOptions, xmlPlace } from './source-problems.ts'

// The c3voc schedule.xml (validator/xsd/schedule.xml.xsd of github.com/voc/schedule), as frab and
// pretalx (`schedule/export/schedule.xml`) write it: days with rooms with events, attributes for ids.

/** Elements that may repeat, read as lists even when there is one (by their path from the root). */
const LISTS = new Set([
  'schedule.conference.track',
  'schedule.day',
  'schedule.day.room',
  'schedule.day.room.event',
  'schedule.day.room.event.persons.person',
  'schedule.day.room.event.links.link',
  'schedule.day.room.event.attachments.attachment',
])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // Every value stays text: ids like `007` and titles like `1984` keep their form.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, path) => LISTS.has(String(path)),
  // XML's own entities; schedules declare none of their own, and the limits keep a declared one from
  // growing without bound (`<!ENTITY>`s are refused before parsing anyway).
  processEntities: { enabled: true, maxEntityCount: 10, maxEntitySize: 1000, maxTotalExpansions: 10_000, maxExpandedLength: 100_000 },
  // Character references (`&#8211;`), which fast-xml-parser decodes only with HTML's entities.
  htmlEntities: true,
})

/** Text of an element, whether fast-xml-parser gave it as a string or as an object with attributes. */
const textOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? ((value as { '#text'?: unknown })['#text'] ?? '') : value
const optionalText = z.preprocess(textOf, z.string().optional())
/** A container element that may be empty (`<persons></persons>` parses as ''). */
const container = <T extends z.ZodType>(shape: T) => z.preprocess((value) => (value === '' || value == null ? {} : value), shape)

/** `<link href>` and `<attachment href>` elements: their text is the title. */
const referenceList = z
  .array(
    z.preprocess(
      (v) => (typeof v === 'string' ? { '#text': v } : v),
      z.object({ '@href': z.string().min(1), '@type': z.string().optional(), '#text': optionalText }),
    ),
  )
  .default([])

const person = z.preprocess(
  (v) => (typeof v === 'string' ? { '#text': v } : v),
  z
    .object({ '@id': z.string().optional(), '@guid': z.string().optional(), '@code': z.string().optional(), '#text': optionalText })
    .refine((p) => p['@guid'] || p['@id'] || p['@code'], 'has no id or guid attribute')
    .refine((p) => p['#text']?.trim(), 'has no name'),
)

const offsetDateTime = z.preprocess(textOf, z.string().regex(OFFSET_DATE_TIME_PATTERN, OFFSET_DATE_TIME_MESSAGE))

const event = z
  .object({
    '@guid': z.string().optional(),
    '@id': z.string().optional(),
    date: offsetDateTime,
    duration: z.preprocess(textOf, z.string().regex(DURATION_PATTERN, 'must be a duration as HH:MM (or D:HH:MM)')),
    room: z.preprocess(textOf, z.string().min(1)),
    title: z.preprocess(textOf, z.string().trim().min(1)),
    abstract: optionalText,
    description: optionalText,
    track: optionalText,
    type: optionalText,
    language: optionalText,
    persons: container(z.object({ person: z.array(person).default([]) })).optional(),
    links: container(z.object({ link: referenceList })).optional(),
    attachments: container(z.object({ attachment: referenceList })).optional(),
    recording: container(z.object({ url: optionalText, link: optionalText })).optional(),
    video_download_url: optionalText,
  })
  .refine((e) => e['@guid'] || e['@id'], 'has no guid or id attribute')

const room = z.object({ '@name': z.string().min(1), event: z.array(event).default([]) })

const day = z.object({
  '@date': z.iso.date(),
  '@start': z.string().regex(OFFSET_DATE_TIME_PATTERN, OFFSET_DATE_TIME_MESSAGE).optional(),
  '@end': z.string().regex(OFFSET_DATE_TIME_PATTERN, OFFSET_DATE_TIME_MESSAGE).optional(),
  room: z.array(room).default([]),
})

const frabXml = z.object({
  schedule: z.object({
    conference: container(
      z.object({
        title: optionalText,
        time_zone_name: optionalText,
        base_url: optionalText,
        track: z.array(z.object({ '@name': z.string() })).default([]),
      }),
    ),
    day: z.array(day).default([]),
  }),
})

type XmlReference = { '@href': string; '@type'?: string; '#text'?: string }
const references = (list: readonly XmlReference[] | undefined): FrabReference[] =>
  (list ?? []).map((r) => ({ url: r['@href'], title: r['#text'] || null, type: r['@type'] ?? null }))

/** The parsed document, or SOURCE_UNREADABLE saying where the XML breaks. */
function parseXml(text: string, file: string): unknown {
  // Schedules declare no entities; a file that does is refused before any is expanded.
  if (/<!ENTITY/i.test(text)) {
    throw sourceError('SOURCE_UNREADABLE', `${file}declares XML entities (<!ENTITY>), which schedules never do; it is not read`)
  }
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    const { line, col, msg } = valid.err
    throw sourceError('SOURCE_UNREADABLE', `${file}is not well-formed XML: ${msg} (line ${line}, column ${col})`)
  }
  return parser.parse(text)
}

/**
 * Reads a c3voc schedule.xml (frab's or pretalx's); SOURCE_INVALID names the places that break its
 * shape as XPaths. `file` names the file as the subject of the messages (`schedule.xml `, `The file `).
 */
export function readFrabXml(text: string, file = 'The file '): ImportedSchedule {
  const what = 'schedule.xml'
  const document = parseXml(text, file)
  if (typeof (document as { schedule?: unknown }).schedule !== 'object') {
    throw sourceError(
      'SOURCE_UNREADABLE',
      `${file}is XML, but not a schedule we read: its root element is not <schedule> (frab, pretalx and c3voc schedule.xml)`,
    )
  }
  const parsed = frabXml.safeParse(document, sourceParseOptions)
  if (!parsed.success) throw invalidSource(what, schemaProblems(parsed.error, xmlPlace))
  const { conference, day: days } = parsed.data.schedule

  return buildFrabSchedule({
    format: 'frab-xml',
    what,
    title: conference.title ?? null,
    time_zone_name: conference.time_zone_name?.trim() || null,
    base_url: conference.base_url?.trim() || null,
    rooms: days.flatMap((d) => d.room.map((r) => r['@name'])),
    tracks: conference.track.map((t) => t['@name']),
    days: days.map((d, dayIndex) => ({
      place: xmlPlace(['schedule', 'day', dayIndex]),
      date: d['@date'],
      start: d['@start'] ?? null,
      end: d['@end'] ?? null,
      events: d.room.flatMap((r, roomIndex) =>
        r.event.map((e, eventIndex): FrabEvent => {
          const place = xmlPlace(['schedule', 'day', dayIndex, 'room', roomIndex, 'event', eventIndex])
          return {
            place,
            guid: e['@guid'] ?? null,
            id: e['@id'] ?? null,
            date: e.date,
            end: null,
            duration: e.duration,
            room: e.room,
            title: e.title,
            abstract: e.abstract ?? null,
            description: e.description ?? null,
            track: e.track ?? null,
            type: e.type ?? null,
            language: e.language ?? null,
            links: references(e.links?.link),
            attachments: references(e.attachments?.attachment),
            recording_url: e.recording?.url || e.recording?.link || e.video_download_url || null,
            persons: (e.persons?.person ?? []).map((p, personIndex) => ({
              place: `${place}/persons/person[${personIndex + 1}]`,
              guid: p['@guid'] ?? null,
              id: p['@id'] ?? null,
              code: p['@code'] ?? null,
              name: (p['#text'] ?? '').trim(),
              biography: null,
              avatar: null,
              email: null,
              links: [],
            })),
          }
        }),
      ),
    })),
  })
}
