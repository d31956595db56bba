import { read } from '../../api/reads.js'
import { defineElement } from '../../element-manifest.js'

/** `<service-session-detail>`: one session, with its time and language. */
export const sessionDetailManifest = defineElement({
  tag: 'service-session-detail',
  reads: (attr) => ({ event: read.event(), session: read.session('session-id', attr) }),
  showsTimes: true,
  showsLanguages: true,
  firstScreen: { 'session-id': 'id' },
})
