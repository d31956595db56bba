import { read } from '../../api/reads.js'
import { defineElement } from '../../element-manifest.js'

/** `<service-speakers>`: the gallery shows times only in its dialog, not in its first screen. */
export const speakersManifest = defineElement({
  tag: 'service-speakers',
  reads: () => ({ event: read.event(), speakers: read.speakers() }),
  showsTimes: false,
  showsLanguages: false,
  firstScreen: { layout: ['grid', 'list', 'carousel'] },
})
