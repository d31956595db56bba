import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { html, LitElement } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { ApiProblem, apiGet, apiList, apiSend } from '../api/client.ts'
import type { Event } from '../api/types.ts'
import { canWrite } from '../app/roles.ts'
import { navigate } from '../app/router.ts'
import { currentRole } from '../app/session.ts'
import { formatDateRange, I18nController, t } from '../i18n/index.ts'
import { confirmAction } from '../ui/confirm.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { failureCallout, loadingLine } from '../ui/list-state.ts'
import { pageStyles } from '../ui/styles.ts'
import { type EventDraft, draftFromEvent, patchFromDraft } from './event-draft.ts'
import type { ConsoleEventForm } from './event-form.ts'
import './event-form.ts'
import './event-tabs.ts'
import { guardUnsaved } from './leave-guard.ts'
import { messages } from './messages.ts'

/** `/console/events/:eventId`: the event's details, saved as a PATCH of what changed; delete. */
@customElement('console-event-page')
export class ConsoleEventPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() eventId = ''
  @state() private event: Event | undefined
  @state() private draft: EventDraft | undefined
  @state() private error = ''
  @state() private busy = false
  @state() private deleting = false
  @query('console-event-form') private form!: ConsoleEventForm

  static override styles = pageStyles

  private stopGuard: (() => void) | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    this.stopGuard = guardUnsaved(() => this.dirty)
    void this.load()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopGuard?.()
  }

  /** Whether the form holds changes not saved (viewers never have any). */
  private get dirty(): boolean {
    if (!this.event || !this.draft || !canWrite(currentRole())) return false
    return Object.keys(patchFromDraft(this.draft, this.event)).length > 0
  }

  private async load(): Promise<void> {
    this.error = ''
    try {
      this.show(await apiGet<Event>(`/events/${encodeURIComponent(this.eventId)}`))
    } catch (error) {
      this.error = problemText(error)
    }
  }

  private show(event: Event): void {
    this.event = event
    this.draft = draftFromEvent(event)
  }

  private async save(submit: CustomEvent<{ draft: EventDraft }>): Promise<void> {
    const m = t(messages)
    const event = this.event
    if (!event) return
    const patch = patchFromDraft(submit.detail.draft, event)
    if (!Object.keys(patch).length) {
      notify(m.nothingToSave, 'neutral')
      return
    }
    this.busy = true
    try {
      this.show(await apiSend<Event>('PATCH', `/events/${encodeURIComponent(event.id)}`, patch))
      notify(m.saved)
    } catch (error) {
      if (error instanceof ApiProblem) this.form.showProblem(error)
      else this.form.showProblem({ fields: [], message: problemText(error) })
    } finally {
      this.busy = false
    }
  }

  /** How many of each kind go with the event (each list's total); a count that fails is left out as 0. */
  private async dependants(eventId: string): Promise<[number, number, number, number]> {
    const total = (path: string) =>
      apiList(path, { event_id: eventId, limit: 1 }).then(
        ({ meta }) => meta.total,
        () => 0,
      )
    return Promise.all([total('/sessions'), total('/speakers'), total('/registrations'), total('/embed-tokens')])
  }

  private async deleteEvent(): Promise<void> {
    const m = t(messages)
    const event = this.event
    if (!event || this.deleting) return
    this.deleting = true
    try {
      const [sessions, speakers, registrations, tokens] = await this.dependants(event.id)
      this.deleting = false
      const confirmed = await confirmAction({
        heading: m.deleteHeading(event.name),
        message: [m.deleteWhat(sessions, speakers, registrations, tokens), m.deleteCannotUndo],
        confirmLabel: m.deleteEvent,
      })
      if (!confirmed) return
      this.deleting = true
      await apiSend('DELETE', `/events/${encodeURIComponent(event.id)}`)
      notify(m.deleted(event.name))
      navigate('/console/', { replace: true })
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.deleting = false
    }
  }

  override render() {
    const m = t(messages)
    if (this.error) return failureCallout(this.error, { label: m.retry, run: () => void this.load() })
    const event = this.event
    if (!event || !this.draft) return loadingLine(m.loading)
    const writable = canWrite(currentRole())
    return html`<console-page-header
        heading=${event.name}
        subheading=${[formatDateRange(event.starts_at, event.ends_at, event.timezone), event.venue].filter(Boolean).join(' · ')}
      ></console-page-header>
      <console-event-tabs event-id=${event.id} current="details"></console-event-tabs>
      ${writable ? null : html`<wa-callout variant="neutral" style="margin-bottom: var(--wa-space-m)">${m.readOnly}</wa-callout>`}
      <console-event-form .draft=${this.draft} ?readonly=${!writable} submit-label=${m.save} ?busy=${this.busy} @console-event-submit=${this.save}>
        <wa-button slot="actions" variant="danger" appearance="outlined" ?loading=${this.deleting} @click=${this.deleteEvent}>${m.deleteEvent}</wa-button>
      </console-event-form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-event-page': ConsoleEventPage
  }
}
