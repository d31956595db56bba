import { read } from '../../api/reads.js'
import { defineElement } from '../../element-manifest.js'

/** `<service-speaker-card>`: one speaker's profile, with the times of their sessions. */
export const speakerCardManifest = defineElement({
  tag: 'service-speaker-card',
  reads: (attr) => ({ event: read.event(), speaker: read.speaker('speaker-id', attr) }),
  showsTimes: true,
  showsLanguages: false,
  firstScreen: { 'speaker-id': 'id' },
})
