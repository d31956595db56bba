import { css, html } from 'lit'
import type { CalendarLink } from '../api/calendar-access.js'
import type { Session, Speaker } from '../api/types.js'
import type { FavouritesController } from '../controllers/favourites-controller.js'
import type { DetailContext, DetailView } from './detail-dialog.js'
import { renderSessionBody } from './session-templates.js'
import { renderSpeakerProfile } from './speaker-templates.js'
import { speakerStyles } from '../styles/speaker.styles.js'

/** What a live change did to the open session, said under its title until the dialog closes. */
const changeNoticeStyles = css`
  .dialog__notice {
    margin: 0;
    padding: 0.5rem 0.75rem;
    border-left: 3px solid var(--_accent);
    border-radius: var(--_radius);
    background: var(--_accent-soft);
    font-weight: 600;
  }
  /* There while empty, so that a screen reader hears the sentence when it comes. */
  .dialog__notice:empty {
    display: none;
  }
`

/** Styles of the views, which the elements that open a dialog add when it first opens. */
export const viewStyles = [speakerStyles, changeNoticeStyles]

/** What a view needs besides the data: the favourites and the ways to the other views. */
export interface DetailViewContext extends DetailContext {
  favourites: FavouritesController
  openSession: (id: string) => void
  openSpeaker: (id: string) => void
  /** A session's calendar file on the embed server. */
  calendarOf: (sessionId: string) => CalendarLink
  /** What live changes did to the session since the visitor opened it (`describeChangeOf`); empty if nothing to say. */
  notice: string
}

/**
 * The inside of the session and speaker dialog. A module of its own, loaded when a dialog first
 * opens (or when the page is idle), so that a schedule's first screen does not wait for the
 * abstracts' text renderer, the speakers' links and the profile (see `DetailDialog`).
 */
export function renderDetailView(view: DetailView, value: Session | Speaker, ctx: DetailViewContext) {
  const { t } = ctx
  if (view.kind === 'speaker') {
    return renderSpeakerProfile(value as Speaker, {
      t,
      lang: ctx.lang,
      timeZone: ctx.timeZone,
      headingId: 'dialog-title',
      onSession: ctx.openSession,
    })
  }
  const s = value as Session
  return html`<h2 class="dialog__title" id="dialog-title" tabindex="-1">${s.title}</h2>
    <p class="dialog__notice" part="notice" role="status">${ctx.notice}</p>
    ${renderSessionBody(s, {
      t,
      lang: ctx.lang,
      timeZone: ctx.timeZone,
      favourite: ctx.favourites.has(s.id),
      onFavourite: () => ctx.favourites.toggle(s.id),
      calendar: ctx.calendarOf(s.id),
      onSpeaker: ctx.openSpeaker,
    })}`
}
