import { html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { ApiProblem, apiSend } from '../api/client.ts'
import type { Event } from '../api/types.ts'
import { navigate } from '../app/router.ts'
import { I18nController, t } from '../i18n/index.ts'
import { notify, problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { pageStyles } from '../ui/styles.ts'
import { type EventDraft, draftToFields, emptyDraft } from './event-draft.ts'
import type { ConsoleEventForm } from './event-form.ts'
import './event-form.ts'
import { guardUnsaved } from './leave-guard.ts'
import { eventSectionUrl } from './event-tabs.ts'
import { messages } from './messages.ts'
import { browserTimeZone } from './time-zones.ts'

/** `/console/events/new`: the event form, empty, in the organiser's time zone. */
@customElement('console-event-new-page')
export class ConsoleEventNewPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private busy = false
  @query('console-event-form') private form!: ConsoleEventForm
  private readonly draft: EventDraft = emptyDraft(browserTimeZone())
  /** The blank form, to tell whether anything was typed. */
  private readonly blank = JSON.stringify(this.draft)
  private stopGuard: (() => void) | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    this.stopGuard = guardUnsaved(() => JSON.stringify(this.draft) !== this.blank)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopGuard?.()
  }

  static override styles = pageStyles

  private async create(event: CustomEvent<{ draft: EventDraft }>): Promise<void> {
    this.busy = true
    try {
      const created = await apiSend<Event>('POST', '/events', draftToFields(event.detail.draft))
      notify(t(messages).created(created.name))
      this.stopGuard?.()
      navigate(eventSectionUrl(created.id, 'details'), { replace: true })
    } catch (error) {
      if (error instanceof ApiProblem) this.form.showProblem(error)
      else this.form.showProblem({ fields: [], message: problemText(error) })
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    return html`<console-page-header heading=${m.newEventHeading}></console-page-header>
      <console-event-form .draft=${this.draft} submit-label=${m.createEvent} ?busy=${this.busy} @console-event-submit=${this.create}></console-event-form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-event-new-page': ConsoleEventNewPage
  }
}
