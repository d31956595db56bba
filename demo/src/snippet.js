// The HTML a site owner pastes, and the choices behind it: which attributes an element's snippet
// writes, what the id fields offer, the fallback link's words. The live preview is rendered from
// this very text, so what a builder shows and what its copy button copies cannot drift apart.
// Plain JavaScript with no DOM: the demo page loads it as it is, and the organiser console's
// snippet builder (console/src/tokens/) bundles the same module.

import { CONNECTION_ATTRIBUTES } from './manifest.js'

/** Attributes whose values name something of the event: they are chosen again when the event changes. */
export const EVENT_VALUES = ['session-id', 'speaker-id', 'track', 'room', 'tag']

/** Words of the fallback link, by what the element shows. */
const FALLBACK_TEXT = {
  'service-speakers': 'See all speakers',
  'service-speaker-card': 'See all speakers',
  'service-registration': 'Register on our website',
}

/**
 * The fallback link written inside an element, or undefined without an address.
 *
 * @param {string} tagName
 * @param {string} href as typed (trimmed here)
 * @returns {{ href: string, text: string } | undefined}
 */
export function fallbackLink(tagName, href) {
  const value = href.trim()
  return value
    ? { href: value, text: FALLBACK_TEXT[/** @type {keyof typeof FALLBACK_TEXT} */ (tagName)] ?? 'See the full schedule' }
    : undefined
}

/**
 * The attributes an element's snippet writes, in order: where the data comes from (`event-id`,
 * `token`) first, then every attribute set in `values` in the manifest's order, then `api-base`.
 *
 * @param {import('./manifest.js').ElementSpec} element
 * @param {{ eventId: string, token: string }} connection
 * @param {Map<string, string | null>} values attribute values by name; `null` is a bare boolean attribute
 * @returns {[string, string | null][]}
 */
export function snippetAttributes(element, connection, values) {
  /** @type {[string, string | null][]} */
  const lines = []
  const declared = new Set(element.attributes.map((a) => a.name))
  if (declared.has('event-id') || !declared.size) lines.push(['event-id', connection.eventId.trim()])
  if (declared.has('token') || !declared.size) lines.push(['token', connection.token.trim()])
  for (const attribute of element.attributes) {
    if (CONNECTION_ATTRIBUTES.includes(attribute.name)) continue
    if (values.has(attribute.name)) lines.push([attribute.name, values.get(attribute.name) ?? null])
  }
  if (values.has('api-base')) lines.push(['api-base', values.get('api-base') ?? null])
  return lines
}

/**
 * The theme the widget will use, for the stage behind a preview: its `theme` value or default,
 * with `auto` resolved by the viewer's preference.
 *
 * @param {import('./manifest.js').ElementSpec} element
 * @param {Map<string, string | null>} values
 * @param {boolean} prefersDark
 * @returns {string}
 */
export function widgetTheme(element, values, prefersDark) {
  const theme = values.get('theme') ?? element.attributes.find((a) => a.name === 'theme')?.defaultValue ?? 'light'
  return theme === 'auto' ? (prefersDark ? 'dark' : 'light') : theme
}

/**
 * @typedef {object} EventItems an event's sessions and speakers, as the embed API (or the admin API) lists them
 * @property {{ id: string, title: string, track?: string | null, room?: string | null, tags?: string[] }[]} sessions
 * @property {{ id: string, name: string, company?: string | null }[]} speakers
 *
 * @typedef {object} IdChoices
 * @property {boolean} required the element shows nothing without one (start with the first)
 * @property {string} [placeholder] the empty option's words when not required
 * @property {{ value: string, label: string }[]} options
 */

/**
 * Values of an event to choose from for attributes that name one of its sessions, speakers,
 * tracks, rooms or tags; undefined (a text field) when the event could not be read or has none.
 *
 * @param {string} name attribute name
 * @param {EventItems | undefined} items
 * @returns {IdChoices | undefined}
 */
export function idChoices(name, items) {
  if (!items) return undefined
  const { sessions, speakers } = items
  if (name.endsWith('session-id') && sessions.length) {
    return { required: true, options: sessions.map((s) => ({ value: s.id, label: s.title })) }
  }
  if (name.endsWith('speaker-id') && speakers.length) {
    return { required: true, options: speakers.map((s) => ({ value: s.id, label: s.company ? `${s.name} (${s.company})` : s.name })) }
  }
  /** @param {(s: EventItems['sessions'][number]) => (string | null | undefined)[]} pick */
  const distinct = (pick) => /** @type {string[]} */ ([...new Set(sessions.flatMap(pick).filter(Boolean))].sort())
  /** @type {Record<string, [string, string[]]>} */
  const lists = {
    track: ['all tracks', distinct((s) => [s.track])],
    room: ['all rooms', distinct((s) => [s.room])],
    tag: ['all tags', distinct((s) => s.tags ?? [])],
  }
  const list = lists[name]
  if (list?.[1].length) {
    return { required: false, placeholder: list[0], options: list[1].map((t) => ({ value: t, label: t })) }
  }
  return undefined
}

/**
 * Escapes a value for a double-quoted HTML attribute.
 *
 * @param {string} value
 */
export function escapeAttribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The element's markup: on one line when it is short, else one attribute per line; with a
 * fallback link inside, which the browser shows until the element has loaded (and the element
 * shows again if it cannot show its content).
 *
 * @param {string} tagName
 * @param {[string, string | null][]} attributes name/value pairs in the order to write them; a
 *   `null` value writes a bare boolean attribute
 * @param {{ href: string, text: string }} [fallback]
 * @example elementHtml('service-speakers', [['event-id', 'e1'], ['token', 'emb_…']])
 */
export function elementHtml(tagName, attributes, fallback) {
  const parts = attributes.map(([name, value]) => (value === null ? name : `${name}="${escapeAttribute(value)}"`))
  const inside = fallback ? `\n  <a href="${escapeAttribute(fallback.href)}">${escapeText(fallback.text)}</a>\n` : ''
  const oneLine = `<${[tagName, ...parts].join(' ')}>`
  if (oneLine.length <= 80) return `${oneLine}${inside}</${tagName}>`
  return `<${tagName}\n${parts.map((p) => `  ${p}`).join('\n')}\n>${inside}</${tagName}>`
}

/** Escapes text between tags. */
function escapeText(value) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The whole snippet: the loader (once per page) and the element.
 *
 * @param {string} loaderUrl `{embed_url}/v1/loader.js`
 * @param {string} tagName
 * @param {[string, string | null][]} attributes
 * @param {{ href: string, text: string }} [fallback]
 */
export function snippetHtml(loaderUrl, tagName, attributes, fallback) {
  return `<script async src="${escapeAttribute(loaderUrl)}"></script>\n${elementHtml(tagName, attributes, fallback)}\n`
}
