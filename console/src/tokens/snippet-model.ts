// The snippet builder's logic, on the demo page's own modules (demo/src/manifest.js and
// snippet.js: plain JavaScript without DOM), so the console and the demo write the same snippet for
// the same choices. This adds what only the console knows: the embed server's address, the token
// (shown once, so often pasted back), and the event's sessions and speakers read through the admin
// API.
import { PUBLIC_SPEAKER_STATUSES } from '@event-service/db/tables/speakers.ts'
import { type AttributeSpec, CONNECTION_ATTRIBUTES, type ElementSpec, elementsFromManifest } from '@event-service/demo/src/manifest.js'
import { looksLikeEmbedToken } from '@event-service/widgets/identifiers'
import {
  EVENT_VALUES,
  type EventItems,
  elementHtml,
  fallbackLink,
  type IdChoices,
  idChoices,
  snippetAttributes,
  snippetHtml,
  widgetTheme,
} from '@event-service/demo/src/snippet.js'

export { type AttributeSpec, type ElementSpec, elementsFromManifest, type EventItems, EVENT_VALUES, type IdChoices, idChoices }

/** `{embed_url}/v1/loader.js`: the script every snippet loads. */
export function loaderUrl(embedUrl: string): string {
  return `${embedUrl.replace(/\/+$/, '')}/v1/loader.js`
}

/** The widgets' custom-elements manifest as the embed server serves it beside the loader. */
export function manifestUrl(embedUrl: string): string {
  return `${embedUrl.replace(/\/+$/, '')}/v1/custom-elements.json`
}

/** The attributes the builder offers controls for: all but where the data comes from. */
export function editableAttributes(element: ElementSpec): AttributeSpec[] {
  return element.attributes.filter((a) => !CONNECTION_ATTRIBUTES.includes(a.name))
}

/**
 * Whether a pasted text is the token whose prefix the API shows (tokens are `emb_` and word
 * characters; the prefix is their first 12 characters).
 */
export function isTokenOf(value: string, prefix: string): boolean {
  const token = value.trim()
  return looksLikeEmbedToken(token) && token.length > prefix.length && token.startsWith(prefix)
}

/** What the snippet says in place of a token not known to this page. */
export function tokenPlaceholder(prefix: string): string {
  return `${prefix}…`
}

export interface SessionItem {
  id: string
  title: string
  track: string | null
  room: string | null
  tags: string[]
  cancelled?: boolean
}

export interface SpeakerItem {
  id: string
  name: string
  company: string | null
  status: string
}

/**
 * The event's items as the widgets can show them: the embed API lists public speakers only
 * (PUBLIC_SPEAKER_STATUSES), so a speaker card for a hidden one would show nothing.
 */
export function eventItems(sessions: readonly SessionItem[], speakers: readonly SpeakerItem[]): EventItems {
  return {
    sessions: sessions.map((s) => ({ id: s.id, title: s.title, track: s.track, room: s.room, tags: s.tags })),
    speakers: speakers
      .filter((s) => (PUBLIC_SPEAKER_STATUSES as readonly string[]).includes(s.status))
      .map((s) => ({ id: s.id, name: s.name, company: s.company })),
  }
}

/**
 * The values to start an element with: those kept from before (minus ones naming another event's
 * items, when `keepEventValues` is false), and the first choice of each attribute the element
 * cannot do without (a session detail needs a session).
 */
export function startingValues(
  element: ElementSpec,
  items: EventItems | undefined,
  kept: ReadonlyMap<string, string | null> = new Map(),
): Map<string, string | null> {
  const declared = new Set(element.attributes.map((a) => a.name))
  const values = new Map([...kept].filter(([name]) => declared.has(name)))
  for (const attribute of editableAttributes(element)) {
    const choices = idChoices(attribute.name, items)
    const current = values.get(attribute.name)
    const valid = current != null && (!choices || choices.options.some((o) => o.value === current))
    if (EVENT_VALUES.includes(attribute.name) && current != null && !valid) values.delete(attribute.name)
    if (choices?.required && !values.has(attribute.name) && choices.options[0]) values.set(attribute.name, choices.options[0].value)
  }
  return values
}

export interface Snippet {
  /** What the copy button copies: the loader and the element. */
  html: string
  /** The element alone, for the preview (the loader is added by the preview's page). */
  element: string
  /** The theme the widget will draw in, for the stage behind the preview. */
  theme: string
}

/** The snippet for an element, a token and the values chosen. */
export function buildSnippet(
  element: ElementSpec,
  options: {
    embedUrl: string
    eventId: string
    token: string
    values: ReadonlyMap<string, string | null>
    fallbackHref: string
    prefersDark: boolean
  },
): Snippet {
  const values = new Map(options.values)
  const lines = snippetAttributes(element, { eventId: options.eventId, token: options.token }, values)
  const fallback = fallbackLink(element.tagName, options.fallbackHref)
  return {
    html: snippetHtml(loaderUrl(options.embedUrl), element.tagName, lines, fallback),
    element: elementHtml(element.tagName, lines, fallback),
    theme: widgetTheme(element, values, options.prefersDark),
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The preview's page (an iframe's `srcdoc`): the snippet as a site would have it, in a document of
 * its own, because the loader looks for elements in the document and the console's pages live in
 * shadow roots. The page's colour scheme follows the widget's theme (no inline style: the
 * console's Content-Security-Policy would refuse it, and srcdoc documents inherit it).
 */
export function previewDocument(snippet: Snippet, embedUrl: string, lang: string): string {
  const scheme = snippet.theme === 'dark' ? 'dark' : 'light'
  return [
    '<!doctype html>',
    `<html lang="${escapeAttribute(lang)}">`,
    `<head><meta charset="utf-8"><meta name="color-scheme" content="${scheme}"><script async src="${escapeAttribute(loaderUrl(embedUrl))}"></script></head>`,
    `<body>${snippet.element}</body>`,
    '</html>',
  ].join('\n')
}
