// /console/events/:eventId/import: bringing a schedule from pretalx, frab or Sessionize into the
// event, once (an import, previewed first) or continuously (the event follows a source URL).
import { html, LitElement } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { apiGet } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import '../events/event-tabs.ts'
import { I18nController, t } from '../i18n/index.ts'
import { failureCallout, loadingLine } from '../ui/list-state.ts'
import { problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { pageStyles, sectionStyles } from '../ui/styles.ts'
import './import-form.ts'
import type { SyncedEvent } from './import-types.ts'
import { messages } from './messages.ts'
import './sync-section.ts'

@customElement('console-import-page')
export class ConsoleImportPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() eventId = ''
  @state() private event: SyncedEvent | undefined
  @state() private error = ''

  static override styles = [pageStyles, sectionStyles]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.error = ''
    try {
      this.event = await apiGet<SyncedEvent>(`/events/${encodeURIComponent(this.eventId)}`)
    } catch (error) {
      this.error = t(messages).loadFailed(problemText(error))
    }
  }

  override render() {
    const m = t(messages)
    const header = html`<console-page-header heading=${m.title} subheading=${this.event?.name ?? ''}></console-page-header>
      <console-event-tabs event-id=${this.eventId} current="import"></console-event-tabs>`
    if (this.error) return html`${header}${failureCallout(this.error, { label: m.retry, run: () => void this.load() })}`
    if (!this.event) return html`${header}${loadingLine(m.loading)}`
    const readonly = !canWrite(currentRole())
    return html`${header}
      ${readonly ? html`<wa-callout variant="neutral" style="margin-bottom: var(--wa-space-m)">${m.readOnly}</wa-callout>` : null}
      <section aria-labelledby="import-heading">
        <h2 id="import-heading">${m.form.heading}</h2>
        <p class="muted">${m.form.intro}</p>
        <console-import-form event-id=${this.eventId} ?readonly=${readonly}></console-import-form>
      </section>
      <section aria-labelledby="sync-heading">
        <h2 id="sync-heading">${m.sync.heading}</h2>
        <p class="muted">${m.sync.intro}</p>
        <console-sync-section .event=${this.event} ?readonly=${readonly}></console-sync-section>
      </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-import-page': ConsoleImportPage
  }
}
