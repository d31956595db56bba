import { read } from '../../api/reads.js'
import { defineElement } from '../../element-manifest.js'

/**
 * `<service-session-list>`: reads the whole list (and filters it itself), so that it shares one
 * request with a schedule on the same page.
 */
export const sessionListManifest = defineElement({
  tag: 'service-session-list',
  reads: () => ({ event: read.event(), sessions: read.sessions() }),
  showsTimes: true,
  showsLanguages: false,
  firstScreen: { limit: 'count', day: 'day', track: 'text', room: 'text', tag: 'text' },
})
