import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { XMLParser } from 'fast-xml-parser'
import { validateXML } from 'xmllint-wasm'

/**
 * Validators of the c3voc schedule formats, for tests: the JSON schema (draft-06) by ajv with
 * ajv-formats, the XSD by xmllint (libxml2 compiled to WebAssembly). The schemas are the ones of
 * voc/schedule, vendored unmodified in `test-fixtures/voc-schedule/` (its README says from where).
 *
 * @example
 * expect(c3vocJsonErrors(await res.text())).toEqual([])
 * expect(await c3vocXmlErrors(await res.text())).toEqual([])
 */

/** The vendored files of voc/schedule: schemas, examples, licence. */
export const VOC_SCHEDULE_FIXTURES = new URL('../../../test-fixtures/voc-schedule/', import.meta.url)

const fixture = (name: string) => readFileSync(new URL(name, VOC_SCHEDULE_FIXTURES), 'utf8')

// ajv-formats is CommonJS with a default export; under NodeNext the plugin is its `default`.
type FormatsPlugin = (ajv: Ajv) => Ajv
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin

const ajv = new Ajv({
  allErrors: true,
  // The schema carries keywords of its own (`$oneOf`, `$todo`) that validators are meant to skip.
  strict: false,
})
ajv.addMetaSchema(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('ajv/dist/refs/json-schema-draft-06.json'), 'utf8')))
addFormats(ajv)
// `format: color` is named by the schema but defined nowhere; CSS hex colours are what the examples hold.
ajv.addFormat('color', /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i)
const validateJson = ajv.compile(JSON.parse(fixture('schema.json')))

/** Why a `schedule.json` text breaks the c3voc JSON schema: one line per error, none when it is valid. */
export function c3vocJsonErrors(text: string): string[] {
  if (validateJson(JSON.parse(text))) return []
  return (validateJson.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
}

const xsd = { fileName: 'schedule.xml.xsd', contents: fixture('schedule.xml.xsd') }

/** Why a `schedule.xml` text breaks the c3voc XSD (xmllint's messages), none when it is valid. */
export async function c3vocXmlErrors(text: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'schedule.xml', contents: text }, schema: xsd })
  return result.valid ? [] : result.errors.map((e) => e.rawMessage)
}

/** What both formats say of one session, read back from either: for tests that compare them. */
export interface ExportedSession {
  guid: string
  id: number
  day: string
  room: string
  title: string
  slug: string
  type: string
  date: string
  start: string
  duration: string
  track: string | null
  language: string | null
  abstract: string | null
  url: string
  persons: { guid: string; name: string }[]
  links: { url: string; title: string | null }[]
}

/** An event of a `schedule.json` as the export writes it: a session as tests compare it, without its day, with the JSON's links. */
type JsonEvent = Omit<ExportedSession, 'day' | 'links'> & { links: { url: string; title?: string }[] }

/** The sessions of a `schedule.json`, day by day and room by room, as `ExportedSession`s. */
export function sessionsOfC3vocJson(text: string): ExportedSession[] {
  const days = JSON.parse(text).schedule.conference.days as { date: string; rooms: Record<string, JsonEvent[]> }[]
  return days.flatMap((day) =>
    Object.values(day.rooms).flatMap((events) =>
      events.map((e) => ({
        guid: e.guid,
        id: e.id,
        day: day.date,
        room: e.room,
        title: e.title,
        slug: e.slug,
        type: e.type,
        date: e.date,
        start: e.start,
        duration: e.duration,
        track: e.track,
        language: e.language,
        abstract: e.abstract,
        url: e.url,
        persons: e.persons.map((p) => ({ guid: p.guid, name: p.name })),
        links: e.links.map((l) => ({ url: l.url, title: l.title ?? null })),
      })),
    ),
  )
}

/** An element as `XMLParser` gives it below: attributes under `@name`, text under `#text`, every child a list. */
interface XmlElement {
  [child: string]: XmlElement[] | string | undefined
}

// Every child a list and every value text as written (no trimming, no numbers), so that what the
// reader sees is what the document says; whitespace between elements is left out of `#text`.
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
})

/** The sessions of a `schedule.xml` read by a real XML parser (fast-xml-parser's), as `ExportedSession`s. */
export function sessionsOfC3vocXml(text: string): ExportedSession[] {
  const children = (element: XmlElement, name: string) => (element[name] as XmlElement[] | undefined) ?? []
  const attribute = (element: XmlElement, name: string) => element[`@${name}`] as string
  const textOf = (element: XmlElement) => (typeof element['#text'] === 'string' ? element['#text'] : '')
  const childText = (element: XmlElement, name: string) => {
    const child = children(element, name)[0]
    return child ? textOf(child) : null
  }
  const root = children(xmlParser.parse(text) as XmlElement, 'schedule')[0] as XmlElement
  return children(root, 'day').flatMap((day) =>
    children(day, 'room').flatMap((room) =>
      children(room, 'event').map((e) => ({
        guid: attribute(e, 'guid'),
        id: Number(attribute(e, 'id')),
        day: attribute(day, 'date'),
        room: childText(e, 'room') as string,
        title: childText(e, 'title') as string,
        slug: childText(e, 'slug') as string,
        type: childText(e, 'type') as string,
        date: childText(e, 'date') as string,
        start: childText(e, 'start') as string,
        duration: childText(e, 'duration') as string,
        // The XSD requires `track` and `abstract`: empty when the session has none.
        track: childText(e, 'track') || null,
        language: childText(e, 'language'),
        abstract: childText(e, 'abstract') || null,
        url: childText(e, 'url') as string,
        persons: children(e, 'persons').flatMap((ps) =>
          children(ps, 'person').map((p) => ({ guid: attribute(p, 'guid'), name: textOf(p) })),
        ),
        links: children(e, 'links').flatMap((ls) =>
          children(ls, 'link').map((l) => ({ url: attribute(l, 'href'), title: textOf(l) || null })),
        ),
      })),
    ),
  )
}
