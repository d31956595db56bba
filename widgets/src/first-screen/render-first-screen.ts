/**
 * The first screen of an element, drawn on the server with the element's own templates
 * (`@lit-labs/ssr`), so that a page shows it before any of our JavaScript has run. The embed
 * server calls this with the same data its JSON reads answer; `loader.js` sets the result as the
 * element's shadow root, and the element swaps in its own render once it has drawn it
 * (`ServiceElement`).
 *
 * Server-only. Without `@lit-labs/ssr`'s global DOM shim, which would replace the process's
 * `fetch` and add a `window` and a `document`: Lit's Node build brings the little it needs (an
 * `HTMLElement` and a `customElements` registry), and our render touches nothing else of the DOM.
 */
import { render } from '@lit-labs/ssr'
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js'
import { html, unsafeStatic } from 'lit/static-html.js'
import '../index.js'
import { drawWith } from '../base/server-drawn.js'
import { loadMessages } from '../i18n/index.js'
import type { EventInfo, Session, Speaker } from '../api/types.js'
import {
  FIRST_SCREEN_ATTRIBUTES,
  FIRST_SCREEN_LOCALE,
  type FirstScreenTag,
  type ReadPath,
  type RenderFirstScreen,
} from './first-screens.js'

/** Each element's data as its first render shows it (the value of its data task). */
const FIRST_SCREENS = {
  'service-schedule': (read: ReadPath) => ({ event: read('') as EventInfo, sessions: read('/sessions') as Session[] }),
  'service-session-list': (read: ReadPath) => ({ event: read('') as EventInfo, sessions: read('/sessions') as Session[] }),
  'service-session-detail': (read: ReadPath, attrs: Partial<Record<string, string>>) => ({
    event: read('') as EventInfo,
    session: read(`/sessions/${attrs['session-id']}`) as Session,
  }),
  'service-speakers': (read: ReadPath) => ({ event: read('') as EventInfo, speakers: read('/speakers') as Speaker[] }),
  'service-speaker-card': (read: ReadPath, attrs: Partial<Record<string, string>>) => ({
    event: read('') as EventInfo,
    speaker: read(`/speakers/${attrs['speaker-id']}`) as Speaker,
  }),
  'service-registration': (read: ReadPath) => read('') as EventInfo,
} satisfies Record<FirstScreenTag, (read: ReadPath, attrs: Partial<Record<string, string>>) => unknown>

const SHADOW = /^[\s\S]*?<template shadowroot="open" shadowrootmode="open">([\s\S]*)<\/template><\/[\w-]+>\s*$/
// Lit's hydration markers: nothing hydrates this markup (the element draws anew), so they are only bytes.
const LIT_MARKERS = /<!--\/?lit-[^>]*-->|<\?>/g

/** `RenderFirstScreen`: the elements' own templates under Lit's server renderer. */
export const renderFirstScreen: RenderFirstScreen = async (tag, request, read) => {
  // `loader.js` sends the page's language as `locale` when the element names none.
  const attrs = { ...request.attrs, locale: request.attrs.locale || FIRST_SCREEN_LOCALE }
  const data = FIRST_SCREENS[tag](read, attrs)
  // The catalogue loads on demand in a browser; here it must be in before the one render.
  await loadMessages(attrs.locale)
  const opening = [
    tag,
    `event-id="${escapeAttribute(request.eventId)}"`,
    `token="${escapeAttribute(request.token)}"`,
    ...FIRST_SCREEN_ATTRIBUTES.filter((name) => attrs[name] !== undefined).map((name) => `${name}="${escapeAttribute(attrs[name]!)}"`),
  ]
  const element = html`<${unsafeStatic(opening.join(' '))}></${unsafeStatic(tag)}>`
  // Where the element's links point (as `loader.js` records it in a browser); the render is synchronous.
  const global = globalThis as { serviceWidgets?: { base: string; prefetch: Record<string, never> } }
  global.serviceWidgets = { base: request.apiRoot, prefetch: {} }
  let markup: string
  try {
    markup = drawWith(data, () => collectResultSync(render(element)))
  } finally {
    delete global.serviceWidgets
  }
  const [, shadow] = SHADOW.exec(markup.replace(LIT_MARKERS, '')) ?? []
  if (shadow === undefined) throw new Error(`${tag} drew no shadow root`)
  return shadow
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
