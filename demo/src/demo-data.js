// Everything the page learns at start: where the servers are (from the demo server), which
// elements exist (from the widgets' manifest) and a little of the demo event (from the embed API,
// with the demo's own origin-restricted token, exactly as a site owner's page would read it).

import { elementsFromManifest } from './manifest.js'

/**
 * @typedef {object} DemoConfig
 * @property {string} adminUrl
 * @property {string} embedUrl
 * @property {string} loaderUrl
 * @property {string} eventId
 * @property {string} token
 *
 * @typedef {object} DemoData
 * @property {DemoConfig} config
 * @property {import('./manifest.js').ElementSpec[]} elements
 * @property {any | null} event
 * @property {any[]} sessions
 * @property {any[]} speakers
 */

/** @returns {Promise<DemoData>} */
export async function loadDemoData() {
  const config = await fetchJson('config.json', 'the demo configuration')
  if (!config.eventId || !config.token) {
    // The start seeds only an empty database; one that already held other data has no demo event.
    throw new Error('This database has no demo event. Add it with `npm run seed`, then restart `npm start`.')
  }
  const embedUrl = String(config.embedUrl).replace(/\/+$/, '')
  const manifestUrl = `${embedUrl}/v1/custom-elements.json`
  const manifest = await fetchJson(manifestUrl, 'the widgets manifest')
  const elements = elementsFromManifest(manifest)
  if (elements.length === 0) throw new Error(`The widgets manifest at ${manifestUrl} lists no elements.`)
  // The id pickers of the builder need these; the widgets work without them, so a failure here
  // only leaves the pickers as plain text fields.
  const demo = await loadEventChoices(embedUrl, config.eventId, config.token)
  const event = demo.status === 'ok' ? demo.event : null
  const sessions = demo.status === 'ok' ? demo.sessions : []
  const speakers = demo.status === 'ok' ? demo.speakers : []
  return { config: { ...config, embedUrl }, elements, event, sessions, speakers }
}

/**
 * @typedef {{ status: 'ok', event: any, sessions: any[], speakers: any[] }
 *   | { status: 'refused', code: string, message: string }} EventChoices
 */

/**
 * An event's sessions and speakers read through the embed API with `token`, from this page's
 * origin, exactly as a widget on this page would read them. A token restricted to other origins
 * is refused here: the answer then says why (the embed server lets any page read a refusal's
 * code, and `GET …/access` answers when nothing else does).
 *
 * @param {string} embedUrl
 * @param {string} eventId
 * @param {string} token
 * @returns {Promise<EventChoices>}
 */
export async function loadEventChoices(embedUrl, eventId, token) {
  const url = (path) => `${embedUrl}/v1/events/${encodeURIComponent(eventId)}${path}?token=${encodeURIComponent(token)}`
  const read = async (path) => {
    const response = await fetch(url(path), { cache: 'no-store', credentials: 'omit' })
    const body = await response.json().catch(() => null)
    if (!response.ok || !body?.success) {
      throw { code: body?.error?.code ?? `HTTP_${response.status}`, message: body?.error?.message ?? response.statusText }
    }
    return body.data
  }
  try {
    const [event, sessions, speakers] = await Promise.all([read(''), read('/sessions'), read('/speakers')])
    return { status: 'ok', event, sessions, speakers }
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error)
      return { status: 'refused', code: String(error.code), message: String(error.message) }
    // No readable answer at all: ask the embed server why, as the widgets do.
    try {
      const verdict = (await (await fetch(url('/access'), { cache: 'no-store', credentials: 'omit' })).json()).data
      if (verdict && verdict.allowed === false) return { status: 'refused', code: verdict.code, message: verdict.message }
    } catch {
      // Neither answered: the server is down or unreachable from here.
    }
    return { status: 'refused', code: 'NETWORK_ERROR', message: `The embed server at ${embedUrl} did not answer.` }
  }
}

async function fetchJson(url, what) {
  let response
  try {
    response = await fetch(url, { cache: 'no-store' })
  } catch {
    throw new Error(`Could not load ${what} from ${url}: is the system running (npm start)?`)
  }
  if (!response.ok) throw new Error(`Could not load ${what} from ${url}: HTTP ${response.status}.`)
  return response.json()
}

/** Adds the widgets' loader to this page, exactly as the snippet does. */
export function addLoader(loaderUrl) {
  const script = document.createElement('script')
  script.async = true
  script.src = loaderUrl
  document.head.append(script)
}
