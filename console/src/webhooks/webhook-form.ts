// An endpoint's form, for a new one (POST) and an existing one (PATCH of what changed): its URL,
// description, and the events it receives: all (`["*"]`) or the types ticked.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/textarea/textarea.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiSend } from '../api/client.ts'
import { I18nController, t } from '../i18n/index.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { notify } from '../ui/notify.ts'
import { framedGroupStyles, pageStyles } from '../ui/styles.ts'
import { type EventSelection, eventsOf, selectionOf, typeGroups, type WebhookEventType } from './event-types.ts'
import { messages } from './messages.ts'

export type Webhook = components['schemas']['Webhook']
export type CreatedWebhook = components['schemas']['CreatedWebhook']

@customElement('console-webhook-form')
export class ConsoleWebhookForm extends LitElement {
  protected readonly i18n = new I18nController(this)

  /** The endpoint to edit; none for a new one. */
  @property({ attribute: false }) webhook: Webhook | undefined

  @state() private url = ''
  @state() private description = ''
  @state() private selection: EventSelection = { all: true, types: new Set() }
  @state() private eventsError = ''

  @query('form') private form!: HTMLFormElement
  private readonly submission = new FormSubmission(this, () => this.form)

  static override styles = [
    pageStyles,
    framedGroupStyles,
    css`
      fieldset {
        padding: var(--wa-space-s) var(--wa-space-m);
        gap: var(--wa-space-xs);
      }
      .groups {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
        gap: var(--wa-space-s) var(--wa-space-l);
      }
      .group {
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-2xs);
      }
      .group strong {
        font-size: var(--wa-font-size-s);
        color: var(--wa-color-text-quiet);
      }
    `,
  ]

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('webhook') && this.webhook) {
      this.url = this.webhook.url
      this.description = this.webhook.description ?? ''
      this.selection = selectionOf(this.webhook.events)
    }
  }

  private toggle(type: WebhookEventType, on: boolean): void {
    const types = new Set(this.selection.types)
    if (on) types.add(type)
    else types.delete(type)
    this.selection = { ...this.selection, types }
    this.eventsError = ''
  }

  private body(): Record<string, unknown> | undefined {
    const events = eventsOf(this.selection)
    if (events.length === 0) {
      this.eventsError = t(messages).form.noneChosen
      return undefined
    }
    const fields = { url: this.url.trim(), events, description: this.description.trim() || null }
    const before = this.webhook
    if (!before) return fields
    const changes: Record<string, unknown> = {}
    if (fields.url !== before.url) changes.url = fields.url
    if (JSON.stringify(events) !== JSON.stringify(before.events)) changes.events = events
    if (fields.description !== before.description) changes.description = fields.description
    return changes
  }

  private async submit(event: SubmitEvent): Promise<void> {
    if (!this.submission.begin(event)) return
    const body = this.body()
    if (!body) return
    if (this.webhook && Object.keys(body).length === 0) {
      notify(t(messages).detail.nothingChanged, 'neutral')
      return
    }
    await this.submission.send(async () => {
      const saved = this.webhook
        ? await apiSend<Webhook>('PATCH', `/webhooks/${encodeURIComponent(this.webhook.id)}`, body)
        : await apiSend<CreatedWebhook>('POST', '/webhooks', body)
      this.dispatchEvent(new CustomEvent('webhook-saved', { detail: saved, bubbles: true, composed: true }))
    })
  }

  override render() {
    const f = t(messages).form
    return html`<form @submit=${this.submit} novalidate>
      ${this.submission.renderError()}
      <wa-input
        name="url"
        type="url"
        label=${f.url}
        hint=${f.urlHint}
        placeholder="https://"
        required
        .value=${this.url}
        @input=${(e: Event) => {
          this.url = String((e.target as HTMLInputElement).value ?? '')
        }}
      ></wa-input>
      <wa-textarea
        name="description"
        label=${f.description}
        hint=${f.descriptionHint}
        rows="2"
        resize="auto"
        .value=${this.description}
        @input=${(e: Event) => {
          this.description = String((e.target as HTMLTextAreaElement).value ?? '')
        }}
      ></wa-textarea>
      <fieldset name="events">
        <legend>${f.events}</legend>
        <wa-checkbox
          ?checked=${this.selection.all}
          @change=${(e: Event) => {
            this.selection = { ...this.selection, all: (e.target as HTMLInputElement).checked }
            this.eventsError = ''
          }}
          >${f.all}</wa-checkbox
        >
        <div class="groups">
          ${typeGroups().map(
            (group) => html`<div class="group" role="group" aria-label=${f.groups[group.resource] ?? group.resource}>
              <strong aria-hidden="true">${f.groups[group.resource] ?? group.resource}</strong>
              ${group.types.map(
                (type) =>
                  html`<wa-checkbox
                    ?checked=${this.selection.all || this.selection.types.has(type)}
                    ?disabled=${this.selection.all}
                    @change=${(e: Event) => this.toggle(type, (e.target as HTMLInputElement).checked)}
                    >${type}</wa-checkbox
                  >`,
              )}
            </div>`,
          )}
        </div>
        ${this.eventsError ? html`<span class="field-error" role="alert">${this.eventsError}</span>` : nothing}
      </fieldset>
      <div><wa-button type="submit" variant="brand" ?loading=${this.submission.busy}>${this.webhook ? f.save : f.create}</wa-button></div>
    </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-webhook-form': ConsoleWebhookForm
  }
  interface HTMLElementEventMap {
    'webhook-saved': CustomEvent<Webhook | CreatedWebhook>
  }
}
