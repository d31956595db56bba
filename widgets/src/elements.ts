import type { ElementManifest } from './element-manifest.js'
import { registrationManifest } from './components/registration/registration.manifest.js'
import { scheduleManifest } from './components/schedule/schedule.manifest.js'
import { sessionDetailManifest } from './components/session-detail/session-detail.manifest.js'
import { sessionListManifest } from './components/session-list/session-list.manifest.js'
import { speakerCardManifest } from './components/speaker-card/speaker-card.manifest.js'
import { speakersManifest } from './components/speakers/speakers.manifest.js'

const byTag = <const M extends readonly ElementManifest[]>(list: M) =>
  Object.fromEntries(list.map((m) => [m.tag, m])) as { [E in M[number] as E['tag']]: E }

/**
 * The elements a site can embed, by tag, in the order the READMEs present them: the one list
 * the build, the loader, the embed server's first screens and the tests go by (see "Adding an
 * element" in the README). Each element's facts are in its own folder's manifest.
 */
export const ELEMENTS = byTag([
  scheduleManifest,
  sessionListManifest,
  sessionDetailManifest,
  speakersManifest,
  speakerCardManifest,
  registrationManifest,
])

export type ElementTag = keyof typeof ELEMENTS

/** The tags of `ELEMENTS`, in its order. */
export const WIDGET_TAGS = Object.keys(ELEMENTS) as [ElementTag, ...ElementTag[]]
