import { html } from 'lit'
import type { CalendarLink } from '../api/calendar-access.js'
import type { Session, Speaker } from '../api/types.js'
import type { FavouritesController } from '../controllers/favourites-controller.js'
import type { DetailContext, DetailView } from './detail-dialog.js'
import { renderSessionBody } from './session-templates.js'
import { renderSpeakerProfile } from './speaker-templates.js'

/** Styles of the speaker view, which the elements that open a dialog add when it first opens. */
export { speakerStyles as viewStyles } from '../styles/speaker.styles.js'

/** What a view needs besides the data: the favourites and the ways to the other views. */
export interface DetailViewContext extends DetailContext {
  favourites: FavouritesController
  openSession: (id: string) => void
  openSpeaker: (id: string) => void
  /** A session's calendar file on the embed server. */
  calendarOf: (sessionId: string) => CalendarLink
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
