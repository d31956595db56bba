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
  const read = (path) =>
    fetchJson(`${embedUrl}/v1/events/${encodeURIComponent(config.eventId)}${path}?token=${encodeURIComponent(config.token)}`, 'demo data')
      .then((body) => body.data)
      .catch(() => null)
  const [event, sessions, speakers] = await Promise.all([read(''), read('/sessions'), read('/speakers')])
  return { config: { ...config, embedUrl }, elements, event, sessions: sessions ?? [], speakers: speakers ?? [] }
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
