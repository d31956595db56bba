import { read } from '../../api/reads.js'
import { defineElement } from '../../element-manifest.js'

/** `<service-registration>`: the form needs the event alone (its tickets, questions and privacy notice). */
export const registrationManifest = defineElement({
  tag: 'service-registration',
  reads: () => ({ event: read.event() }),
  showsTimes: false,
  showsLanguages: false,
  firstScreen: {},
})
