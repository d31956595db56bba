import { html } from 'lit'
import { property } from 'lit/decorators.js'
import { DetailDialog } from '../../base/detail-dialog.js'
import { sessionCalendarLink } from '../../api/calendar-access.js'
import { renderSessionBody } from '../../base/session-templates.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderError, renderSkeleton } from '../../base/templates.js'
import { FavouritesController } from '../../controllers/favourites-controller.js'
import { avatarStyles, dialogStyles, stateStyles } from '../../styles/theme.styles.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { speakerStyles } from '../../styles/speaker.styles.js'
import { sessionDetailStyles } from './session-detail.styles.js'
import { sessionDetailManifest } from './session-detail.manifest.js'

/**
 * One session in detail: title, time in the event's time zone, room, track, format, level,
 * language, tags, the abstract, speakers (each opens their profile in a dialog) and links to
 * slides and recording, with "add to my agenda" (shared with the schedule on the same page) and
 * a link to the session's calendar file on the embed server.
 *
 * @summary One session with its speakers and add-to-calendar.
 *
 * @fires service-session-open - A session opened in the dialog (clicked, or from a link); `detail` is `{ sessionId }`.
 * @fires service-speaker-open - A speaker's profile opened in the dialog; `detail` is `{ speakerId }`.
 * @fires service-favourite-change - The visitor starred or unstarred a session; `detail` is `{ sessionId, favourite, favourites }` (the whole agenda after the change).
 *
 * @cssproperty --service-session-detail-min-height - Height reserved for the session before it has drawn, so that the page does not move as it arrives (`0` for none).
 * @csspart card - The session card.
 * @csspart title - The session title.
 * @csspart description - The description.
 * @csspart speaker - One speaker row.
 * @csspart tag - One of the session's tags.
 * @csspart link - The slides and recording links.
 * @csspart dialog - A speaker's profile dialog.
 * @csspart avatar - A speaker's photo or initials.
 * @csspart track - The track label.
 * @csspart button - Every button.
 * @csspart error - The error state: a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSessionDetail extends ServiceElement {
  static override styles = [
    ...ServiceElement.styles,
    stateStyles,
    avatarStyles,
    dialogStyles,
    sessionStyles,
    speakerStyles,
    sessionDetailStyles,
  ]

  private readonly favourites = new FavouritesController(this, () => this.eventId)

  private readonly data = this.dataTask(sessionDetailManifest)

  private readonly details = new DetailDialog(this, {
    api: () => this.api,
    eventId: () => this.eventId,
    revision: () => this.liveRevision,
  })

  /** UUID of the session to show. */
  @property({ attribute: 'session-id' }) sessionId?: string

  protected override render() {
    return this.renderData(this.data, {
      pending: () => renderSkeleton(this.t, 2, 1),
      error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
      complete: ({ event, session }) => html`<article class="card" part="card" aria-labelledby="title">
        <p class="eyebrow">${event.name}</p>
        <h2 class="title" id="title" part="title">${session.title}</h2>
        ${renderSessionBody(session, {
          t: this.t,
          lang: this.intlLocale,
          timeZone: event.timezone,
          // The visitor's favourites, and whether the server writes calendar files (a question the
          // page asks once for every element), come after the first render.
          favourite: this.afterFirstRender && this.favourites.has(session.id),
          onFavourite: () => this.favourites.toggle(session.id),
          calendar: this.afterFirstRender ? sessionCalendarLink(this.api, session.id) : undefined,
          onSpeaker: (id) => this.details.openSpeaker(id),
          speakerOpensDialog: true,
        })}
        ${this.details.render({ t: this.t, lang: this.intlLocale, timeZone: event.timezone, event })}
      </article>`,
    })
  }
}
