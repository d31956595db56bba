import { html, nothing } from 'lit'
import type { Session } from '../api/types.js'
import { languageName } from '../format/language.js'
import type { Messages } from '../i18n/index.js'
import { trackHue } from './templates.js'

/** A track label in its track's colour. */
export function renderTrack(track: string | null) {
  return track ? html`<span class="tag track-dot" part="track" style="--_hue:${trackHue(track)}">${track}</span>` : nothing
}

/** Format, level and language of a session, as the visitor's language names them. */
export function sessionDetails(s: Pick<Session, 'format' | 'level' | 'language'>, t: Messages, lang: string): [string, string][] {
  const out: [string, string][] = []
  if (s.format) out.push([t.format, s.format])
  if (s.level) out.push([t.level, t.levels[s.level] ?? s.level])
  if (s.language) out.push([t.language, languageName(s.language, lang)])
  return out
}
