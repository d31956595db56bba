import { html, nothing } from 'lit'
import type { Session } from '../api/types.js'
import { formatSessionWhen, timeZoneName } from '../format/datetime.js'
import { buildIcs, downloadIcs, icsFileName, type IcsEntry } from '../format/ics.js'
import type { Messages } from '../i18n/index.js'
import { calendarIcon, clockIcon, pinIcon, starIcon } from './icons.js'
import { affiliation, renderAvatar, trackHue } from './templates.js'

export interface SessionViewContext {
  t: Messages
  lang: string
  timeZone: string
  /** Present when favourites apply: whether this session is one. */
  favourite?: boolean | undefined
  onFavourite?: (() => void) | undefined
  onCalendar: () => void
}

/** A track label in its track's colour. */
export function renderTrack(track: string | null) {
  return track ? html`<span class="tag track-dot" part="track" style="--_hue:${trackHue(track)}">${track}</span>` : nothing
}

/**
 * The full description of a session: when, where, track, text and speakers, then actions.
 * Shared by the schedule's dialog and by `<service-session-detail>`. All API text goes through
 * Lit text bindings, so it is never parsed as HTML.
 */
export function renderSessionBody(s: Session, ctx: SessionViewContext) {
  const { t } = ctx
  return html`
    <div class="sv__facts">
      <p class="sv__fact">
        ${clockIcon()}
        <span
          >${formatSessionWhen(s.starts_at, s.ends_at, ctx.lang, ctx.timeZone)}
          <span class="muted">${timeZoneName(ctx.timeZone, ctx.lang, s.starts_at)}</span></span
        >
      </p>
      ${s.room ? html`<p class="sv__fact">${pinIcon()}<span>${s.room}</span></p>` : nothing}
      ${renderTrack(s.track)}
    </div>
    ${s.description ? html`<p class="text sv__desc" part="description">${s.description}</p>` : nothing}
    ${
      s.speakers.length
        ? html`<section class="sv__speakers">
          <h3 class="sv__heading">${t.speakers}</h3>
          <ul class="people">
            ${s.speakers.map(
              (p) => html`<li class="person" part="speaker">
                ${renderAvatar(p)}
                <span class="person__text"
                  ><span class="person__name">${p.name}</span>
                  ${affiliation(p) ? html`<span class="muted">${affiliation(p)}</span>` : nothing}</span
                >
              </li>`,
            )}
          </ul>
        </section>`
        : nothing
    }
    <div class="dialog__actions">
      ${
        ctx.onFavourite
          ? html`<button class="btn ${ctx.favourite ? 'btn--on' : ''}" part="button" aria-pressed=${ctx.favourite ? 'true' : 'false'} @click=${ctx.onFavourite}>
            ${starIcon(!!ctx.favourite)} ${ctx.favourite ? t.inAgenda : t.addToAgenda}
          </button>`
          : nothing
      }
      <button class="btn" part="button" @click=${ctx.onCalendar}>${calendarIcon()} ${t.addToCalendar}</button>
    </div>
  `
}

/** One session as a calendar entry. */
export function sessionEntry(
  s: Pick<Session, 'id' | 'title' | 'starts_at' | 'ends_at' | 'room'> & { description?: string | null },
  eventName?: string,
): IcsEntry {
  return {
    uid: s.id,
    title: s.title,
    description: s.description ?? null,
    location: [s.room, eventName].filter(Boolean).join(', ') || null,
    start: s.starts_at,
    end: s.ends_at,
  }
}

/** Downloads one or more sessions as an .ics file. */
export function downloadSessions(sessions: Parameters<typeof sessionEntry>[0][], calendarName: string, fileTitle: string): void {
  downloadIcs(
    icsFileName(fileTitle),
    buildIcs(
      sessions.map((s) => sessionEntry(s, calendarName)),
      calendarName,
    ),
  )
}
