import { html, nothing } from 'lit'
import { property } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import type { EventInfo, Session } from '../../api/types.js'
import { DetailDialog, prefetchDetailViews } from '../../base/detail-dialog.js'
import { renderTrack } from '../../base/session-facts.js'
import { ServiceElement } from '../../base/service-element.js'
import { ShowMore } from '../../base/show-more.js'
import { renderEmpty, renderError, renderSkeleton } from '../../base/templates.js'
import { ClockController } from '../../controllers/clock-controller.js'
import { SessionChangesController } from '../../controllers/session-changes-controller.js'
import { describeSessionChanges } from '../../base/session-changes.js'
import { dayKey, formatLongDay, formatSessionWhen, timeZoneName } from '../../format/datetime.js'
import type { Messages } from '../../i18n/index.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { avatarStyles, dialogStyles, stateStyles } from '../../styles/theme.styles.js'
import { sessionListStyles } from './session-list.styles.js'
import { sessionListManifest } from './session-list.manifest.js'

/**
 * A compact list of sessions for a sidebar or a home page: upcoming ones first (sessions that
 * have ended follow, greyed), optionally of one track, room, tag or day and a maximum number.
 * Each session opens its details in a dialog; an empty list says which choice left it empty.
 *
 * @summary Compact list of sessions, upcoming first.
 *
 * @fires service-session-open - A session opened in the dialog (clicked, or from a link); `detail` is `{ sessionId }`.
 * @fires service-speaker-open - A speaker's profile opened in the dialog; `detail` is `{ speakerId }`.
 * @fires service-favourite-change - The visitor starred or unstarred a session; `detail` is `{ sessionId, favourite, favourites }` (the whole agenda after the change).
 *
 * @cssproperty --service-session-list-min-height - Height reserved for the list before it has drawn, so that the page does not move as it arrives (`0` for none).
 * @csspart list - The list.
 * @csspart item - One session.
 * @csspart track - A track label.
 * @csspart zone - The note saying in which time zone the times are.
 * @csspart dialog - The session (and speaker) dialog.
 * @csspart show-more - The "Show 8 more" button under a long list.
 * @csspart show-more-count - How many of how many show, beside it.
 * @csspart error - The error state: a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart empty - The empty state.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSessionList extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, avatarStyles, dialogStyles, sessionStyles, sessionListStyles]

  private readonly clock = new ClockController(this)
  private readonly changes = new SessionChangesController(this)

  private readonly data = this.dataTask(sessionListManifest, (before, { event, sessions }) =>
    this.changes.note(before && this.mine(before.sessions, event), this.mine(sessions, event), (c) =>
      describeSessionChanges(c, this.t, this.intlLocale, event.timezone),
    ),
  )

  /** A long list pages visibly ("Show 8 more") rather than running on for screens. */
  private readonly pages = new ShowMore(this, (i) => this.renderRoot.querySelectorAll<HTMLElement>('.item__open')[i])

  private readonly details = new DetailDialog(this, {
    api: () => this.api,
    eventId: () => this.eventId,
    session: (id) => this.data.value?.sessions.find((s) => s.id === id),
    revision: () => this.liveRevision,
  })

  /** Maximum number of sessions shown (default: all). */
  @property({ type: Number }) limit?: number

  /** Show only the sessions of this track. */
  @property() track?: string

  /** Show only the sessions in this room. */
  @property() room?: string

  /** Show only the sessions with this tag. */
  @property() tag?: string

  /** Show only the sessions of this day, `YYYY-MM-DD` in the event's time zone. */
  @property() day?: string

  /**
   * The time the list is drawn at: none in the first render (`afterFirstRender`: every session
   * upcoming, in their order, none live or ended), the clock's from the update after.
   */
  private get now(): number {
    return this.afterFirstRender ? this.clock.now : Number.NEGATIVE_INFINITY
  }

  protected override updated(): void {
    if (this.data.value) prefetchDetailViews()
  }

  private mine(sessions: Session[], event: EventInfo): Session[] {
    return sessions.filter(
      (s) =>
        (!this.track || s.track === this.track) &&
        (!this.room || s.room === this.room) &&
        (!this.tag || s.tags.includes(this.tag)) &&
        (!this.day || dayKey(s.starts_at, event.timezone) === this.day),
    )
  }

  private pick(mine: Session[]): Session[] {
    const now = this.now
    const upcoming = mine.filter((s) => Date.parse(s.ends_at) > now)
    const ended = mine.filter((s) => Date.parse(s.ends_at) <= now)
    const all = [...upcoming, ...ended]
    return this.limit && this.limit > 0 ? all.slice(0, this.limit) : all
  }

  /** Why the list is empty, in the words of the choice that left it so. */
  private emptyMessage(t: Messages, any: boolean): string {
    if (!any) return t.noSessions
    const day = this.day && formatLongDay(this.day, this.intlLocale)
    const picked: [string | undefined, (v: string) => string, (v: string) => string][] = [
      [this.track, t.noneInTrack, t.criterionTrack],
      [this.room, t.noneInRoom, t.criterionRoom],
      [this.tag, t.noneTagged, t.criterionTag],
      [day, t.noneOnDay, t.criterionDay],
    ]
    const set = picked.filter(([v]) => v)
    if (set.length === 1) return set[0]![1](set[0]![0]!)
    const list = new Intl.ListFormat(this.intlLocale, { type: 'conjunction' }).format(set.map(([v, , criterion]) => criterion(v!)))
    return t.noneMatching(list)
  }

  protected override render() {
    return html`<div class="root">
      ${this.renderData(this.data, {
        pending: () => renderSkeleton(this.t, 0, 3),
        error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
        complete: ({ event, sessions }) => {
          const shown = this.pick(this.mine(sessions, event))
          if (!shown.length) return renderEmpty(this.emptyMessage(this.t, sessions.length > 0))
          const now = this.now
          const zone = timeZoneName(event.timezone, this.intlLocale, shown[0]!.starts_at)
          // Items keyed by session: after a live change focus stays on the same session's item.
          return html`<p class="zone" part="zone">${this.t.timesIn(zone)}</p>
            <ol class="list" part="list" aria-label=${`${event.name}: ${this.t.sessions}`}>
              ${repeat(
                this.pages.shown(shown),
                (s) => s.id,
                (s) => {
                  const live = now >= Date.parse(s.starts_at) && now < Date.parse(s.ends_at)
                  const ended = now >= Date.parse(s.ends_at)
                  const state = [s.cancelled ? 'is-cancelled' : ended ? 'is-past' : '', this.changes.has(s.id) ? 'is-changed' : ''].join(
                    ' ',
                  )
                  return html`<li class="item ${state}" part="item">
                  <button class="item__open" aria-haspopup="dialog" @click=${() => this.details.openSession(s.id)}>
                    <span class="item__when">
                      <time datetime=${s.starts_at}>${formatSessionWhen(s.starts_at, s.ends_at, this.intlLocale, event.timezone)}</time>
                      ${
                        s.cancelled
                          ? html`<span class="badge badge--cancelled">${this.t.cancelled}</span>`
                          : live
                            ? html`<span class="badge">${this.t.liveNow}</span>`
                            : ended
                              ? html`<span class="muted">· ${this.t.ended}</span>`
                              : nothing
                      }
                    </span>
                    <span class="item__title">${s.title}</span>
                    ${s.speakers.length ? html`<span class="item__people">${s.speakers.map((p) => p.name).join(', ')}</span>` : nothing}
                    ${
                      s.room || s.track || s.format
                        ? html`<span class="item__meta">${s.room ? html`<span>${s.room}</span>` : nothing}${renderTrack(s.track)}${
                            s.format ? html`<span>${s.format}</span>` : nothing
                          }</span>`
                        : nothing
                    }
                  </button>
                </li>`
                },
              )}
            </ol>
            ${this.pages.render(this.t, shown.length)}
            <p class="sr-only" role="status" data-live-announcement>${this.changes.announcement}</p>
            ${this.details.render({ t: this.t, lang: this.intlLocale, timeZone: event.timezone, event })}`
        },
      })}
    </div>`
  }
}
