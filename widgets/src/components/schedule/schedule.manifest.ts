import { read } from '../../api/reads.js'
import { defineElement } from '../../element-manifest.js'

/** `<service-schedule>`: its first screen is the first day's grid, with times and the sessions' languages. */
export const scheduleManifest = defineElement({
  tag: 'service-schedule',
  reads: () => ({ event: read.event(), sessions: read.sessions() }),
  showsTimes: true,
  showsLanguages: true,
  firstScreen: { view: ['grid', 'list'], 'group-by': ['room', 'track'] },
})
