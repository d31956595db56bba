import { Task } from '@lit/task'
import { html, nothing } from 'lit'
import { property } from 'lit/decorators.js'
import type { Session } from '../../api/types.js'
import { renderTrack } from '../../base/session-templates.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderEmpty, renderError, renderSkeleton } from '../../base/templates.js'
import { ClockController } from '../../controllers/clock-controller.js'
import { formatSessionWhen } from '../../format/datetime.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { stateStyles } from '../../styles/theme.styles.js'
import { sessionListStyles } from './session-list.styles.js'

/**
 * A compact list of sessions for a sidebar or a home page: upcoming ones first (sessions that
 * have ended follow, greyed), optionally one track and a maximum number.
 *
 * @summary Compact list of sessions, upcoming first.
 *
 * @csspart list - The list.
 * @csspart item - One session.
 * @csspart track - A track label.
 * @csspart error - The error state.
 * @csspart empty - The empty state.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSessionList extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, sessionStyles, sessionListStyles]

  private readonly clock = new ClockController(this)

  private readonly data = new Task(this, {
    task: async (_args, { signal }) => {
      // The whole list is fetched (and filtered here) so it shares one request with a schedule
      // on the same page.
      const api = this.api
      const [event, sessions] = await Promise.all([api.event(signal), api.sessions(signal)])
      return { event, sessions }
    },
    args: () => this.source,
  })

  /** Maximum number of sessions shown (default: all). */
  @property({ type: Number }) limit?: number

  /** Show only the sessions of this track. */
  @property() track?: string

  private pick(sessions: Session[]): Session[] {
    const now = this.clock.now
    const mine = this.track ? sessions.filter((s) => s.track === this.track) : sessions
    const upcoming = mine.filter((s) => Date.parse(s.ends_at) > now)
    const ended = mine.filter((s) => Date.parse(s.ends_at) <= now)
    const all = [...upcoming, ...ended]
    return this.limit && this.limit > 0 ? all.slice(0, this.limit) : all
  }

  protected override render() {
    return html`<div class="root">
      ${this.data.render({
        pending: () => renderSkeleton(this.t, 0, 3),
        error: (err) => renderError(err, this.t, () => void this.data.run()),
        complete: ({ event, sessions }) => {
          const shown = this.pick(sessions)
          if (!shown.length) return renderEmpty(this.t.noSessions)
          const now = this.clock.now
          return html`<ol class="list" part="list" aria-label=${`${event.name}: ${this.t.sessions}`}>
            ${shown.map((s) => {
              const live = now >= Date.parse(s.starts_at) && now < Date.parse(s.ends_at)
              const ended = now >= Date.parse(s.ends_at)
              return html`<li class="item ${ended ? 'is-past' : ''}" part="item">
                <p class="item__when">
                  <time datetime=${s.starts_at}>${formatSessionWhen(s.starts_at, s.ends_at, this.intlLocale, event.timezone)}</time>
                  ${live ? html`<span class="badge">${this.t.liveNow}</span>` : ended ? html`<span class="muted">· ${this.t.ended}</span>` : nothing}
                </p>
                <p class="item__title">${s.title}</p>
                ${s.speakers.length ? html`<p class="item__people">${s.speakers.map((p) => p.name).join(', ')}</p>` : nothing}
                ${s.room || s.track ? html`<p class="item__meta">${s.room ? html`<span>${s.room}</span>` : nothing}${renderTrack(s.track)}</p>` : nothing}
              </li>`
            })}
          </ol>`
        },
      })}
    </div>`
  }
}
