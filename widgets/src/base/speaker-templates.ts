import { html, nothing } from 'lit'
import type { Speaker } from '../api/types.js'
import { formatSessionWhen, timeZoneName } from '../format/datetime.js'
import { describeLink } from '../format/links.js'
import { renderRichText } from '../format/rich-text.js'
import type { Messages } from '../i18n/index.js'
import { globeIcon, linkIcon } from './icons.js'
import { renderTrack } from './session-facts.js'
import { affiliation, renderAvatar } from './templates.js'

/** A speaker's website and profiles, each named by its label or service and, for assistive technology, the speaker. */
export function renderSpeakerLinks(sp: Pick<Speaker, 'name' | 'links'>, t: Messages) {
  if (!sp.links.length) return nothing
  return html`<ul class="links" aria-label=${t.links}>
    ${sp.links.map((link) => {
      const view = describeLink(link)
      return html`<li>
        <a class="link-chip" part="link" href=${view.url} target="_blank" rel="noopener noreferrer" aria-label=${t.linkOf(view.text, sp.name)}
          >${view.website ? globeIcon() : linkIcon()}<span>${view.text}</span></a
        >
      </li>`
    })}
  </ul>`
}

export interface SpeakerViewContext {
  t: Messages
  lang: string
  timeZone: string
  headingId?: string
  /** Opens one of the speaker's sessions; without it, sessions are plain items. */
  onSession?: ((id: string) => void) | undefined
  /** Whether opening a session opens a dialog (rather than changing the one already open). */
  sessionOpensDialog?: boolean | undefined
}

/**
 * A speaker's profile: photo, name, affiliation, links, biography (the text subset of
 * docs/embed-api.md, never HTML) and their sessions, with the time zone their times are in.
 * Shared by the gallery's dialog, the session dialogs and the card.
 */
export function renderSpeakerProfile(sp: Speaker, ctx: SpeakerViewContext) {
  const sessions = [...sp.sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at))
  const open = ctx.onSession
  return html`
    <header class="profile__head">
      ${renderAvatar(sp, '4.5rem')}
      <div class="profile__who">
        <h2 class="profile__name" id=${ctx.headingId ?? nothing} tabindex="-1" part="name">${sp.name}</h2>
        ${affiliation(sp) ? html`<p class="muted profile__aff">${affiliation(sp)}</p>` : nothing}
      </div>
    </header>
    ${renderSpeakerLinks(sp, ctx.t)}
    ${sp.bio ? html`<div class="rich profile__bio" part="bio">${renderRichText(sp.bio)}</div>` : nothing}
    ${
      sessions.length
        ? html`<section>
          <div class="sv__headrow">
            <h3 class="sv__heading">${ctx.t.sessions}</h3>
            <p class="sv__zone">${ctx.t.timesIn(timeZoneName(ctx.timeZone, ctx.lang, sessions[0]!.starts_at))}</p>
          </div>
          <ul class="talks">
            ${sessions.map((s) => {
              const body = html`<span class="talk__title">${s.title}</span>
                <span class="talk__meta"
                  ><time datetime=${s.starts_at}>${formatSessionWhen(s.starts_at, s.ends_at, ctx.lang, ctx.timeZone)}</time
                  >${s.room ? html` · ${s.room}` : nothing}${s.format ? html` · ${s.format}` : nothing}</span
                >
                ${renderTrack(s.track)}`
              return html`<li class="talk" part="session">
                ${
                  open
                    ? html`<button class="talk__open" aria-haspopup=${ctx.sessionOpensDialog ? 'dialog' : nothing} @click=${() => open(s.id)}>
                      ${body}
                    </button>`
                    : body
                }
              </li>`
            })}
          </ul>
        </section>`
        : nothing
    }
  `
}
