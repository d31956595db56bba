import { html, nothing } from 'lit'
import type { Speaker } from '../api/types.js'
import { formatSessionWhen } from '../format/datetime.js'
import type { Messages } from '../i18n/index.js'
import { affiliation, renderAvatar } from './templates.js'
import { renderTrack } from './session-templates.js'

/**
 * A speaker's profile: photo, name, affiliation, biography (as text: a bio holding markup shows
 * that markup literally) and their sessions. Shared by the gallery's dialog and the card.
 */
export function renderSpeakerProfile(
  sp: Speaker,
  ctx: { t: Messages; lang: string; timeZone: string; headingId?: string; heading?: 'h2' | 'h3' },
) {
  const sessions = [...sp.sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at))
  return html`
    <header class="profile__head">
      ${renderAvatar(sp, '4.5rem')}
      <div class="profile__who">
        <h2 class="profile__name" id=${ctx.headingId ?? nothing} part="name">${sp.name}</h2>
        ${affiliation(sp) ? html`<p class="muted profile__aff">${affiliation(sp)}</p>` : nothing}
      </div>
    </header>
    ${sp.bio ? html`<p class="text profile__bio" part="bio">${sp.bio}</p>` : nothing}
    ${
      sessions.length
        ? html`<section>
          <h3 class="sv__heading">${ctx.t.sessions}</h3>
          <ul class="talks">
            ${sessions.map(
              (s) => html`<li class="talk" part="session">
                <span class="talk__title">${s.title}</span>
                <span class="talk__meta"
                  ><time datetime=${s.starts_at}>${formatSessionWhen(s.starts_at, s.ends_at, ctx.lang, ctx.timeZone)}</time
                  >${s.room ? html` · ${s.room}` : nothing}</span
                >
                ${renderTrack(s.track)}
              </li>`,
            )}
          </ul>
        </section>`
        : nothing
    }
  `
}
