import { html, nothing } from 'lit'
import { until } from 'lit/directives/until.js'
import type { CalendarLink } from '../api/calendar-access.js'
import type { Session } from '../api/types.js'
import { formatSessionWhen, timeZoneName } from '../format/datetime.js'
import { renderRichText } from '../format/rich-text.js'
import type { Messages } from '../i18n/index.js'
import { calendarIcon, clockIcon, pinIcon, playIcon, slidesIcon, starIcon } from './icons.js'
import { renderTrack, sessionDetails } from './session-facts.js'
import { affiliation, renderAvatar } from './templates.js'

export interface SessionViewContext {
  t: Messages
  lang: string
  timeZone: string
  /** Present when favourites apply: whether this session is one. */
  favourite?: boolean | undefined
  onFavourite?: (() => void) | undefined
  /** The session's calendar file, written by the embed server (`sessionCalendarLink`); none in an element's first render. */
  calendar: CalendarLink | undefined
  /** Opens a speaker's profile; without it, speakers are plain rows. */
  onSpeaker?: ((id: string) => void) | undefined
  /** Whether opening a speaker opens a dialog (rather than changing the one already open). */
  speakerOpensDialog?: boolean | undefined
}

/**
 * "Add to calendar": a link to the server's file, which the browser downloads. A cancelled
 * session keeps it: the file says `STATUS:CANCELLED` with the feed's UID and a higher `SEQUENCE`,
 * so a visitor who added the session before takes the cancellation into their calendar with it.
 */
function renderCalendarLink(link: CalendarLink | undefined, t: Messages) {
  // A first render (the server's first screen) asks nothing: the verdict is the page's to ask
  // (once, for every element), and the element's update after shows the link once it is known.
  if (!link) return nothing
  const anchor = html`<a class="btn" part="button" href=${link.href}>${calendarIcon()} ${t.addToCalendar}</a>`
  const known = link.servedNow()
  if (known !== undefined) return known ? anchor : nothing
  return until(
    link.served().then((served) => (served ? anchor : nothing)),
    nothing,
  )
}

/** Format, level, language and tags as a description list (omitted when the session has none). */
function renderDetails(s: Session, t: Messages, lang: string) {
  const details = sessionDetails(s, t, lang)
  if (!details.length && !s.tags.length) return nothing
  return html`<dl class="sv__details">
    ${details.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}
    ${
      s.tags.length
        ? html`<div class="sv__tags"><dt>${t.tags}</dt>${s.tags.map((tag) => html`<dd class="tag" part="tag">${tag}</dd>`)}</div>`
        : nothing
    }
  </dl>`
}

/** A speaker of a session: a row, or a button that opens the profile. */
function renderPerson(p: Session['speakers'][number], ctx: SessionViewContext) {
  const body = html`${renderAvatar(p)}
    <span class="person__text"
      ><span class="person__name">${p.name}</span>
      ${affiliation(p) ? html`<span class="muted">${affiliation(p)}</span>` : nothing}</span
    >`
  const open = ctx.onSpeaker
  return html`<li class="person" part="speaker">
    ${
      open
        ? html`<button class="person__open" aria-haspopup=${ctx.speakerOpensDialog ? 'dialog' : nothing} @click=${() => open(p.id)}>
          ${body}
        </button>`
        : body
    }
  </li>`
}

/**
 * The full description of a session: when, where, track, format, level, language, tags, the
 * abstract (the text subset of docs/embed-api.md), speakers, then actions and the links to slides
 * and recording. Shared by every dialog and by `<service-session-detail>`. API text goes through
 * Lit text bindings only, so it is never parsed as HTML.
 */
export function renderSessionBody(s: Session, ctx: SessionViewContext) {
  const { t } = ctx
  return html`
    <div class="sv__facts">
      ${s.cancelled ? html`<p class="sv__fact"><span class="badge badge--cancelled">${t.cancelled}</span></p>` : nothing}
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
    ${renderDetails(s, t, ctx.lang)}
    ${s.description ? html`<div class="rich sv__desc" part="description">${renderRichText(s.description)}</div>` : nothing}
    ${
      s.speakers.length
        ? html`<section class="sv__speakers">
          <h3 class="sv__heading">${t.speakers}</h3>
          <ul class="people">
            ${s.speakers.map((p) => renderPerson(p, ctx))}
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
      ${renderCalendarLink(ctx.calendar, t)}
      ${s.slides_url ? html`<a class="btn" part="link" href=${s.slides_url} target="_blank" rel="noopener noreferrer">${slidesIcon()} ${t.slides}</a>` : nothing}
      ${
        s.recording_url
          ? html`<a class="btn" part="link" href=${s.recording_url} target="_blank" rel="noopener noreferrer">${playIcon()} ${t.recording}</a>`
          : nothing
      }
    </div>
  `
}
