// The token's settings form, for a new token (POST, with its event) and an existing one (PATCH of
// what changed). Origins are checked line by line with the embed server's own rule before
// anything is sent; whatever the API still refuses lands on the field it names.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/textarea/textarea.js'
import type WaCheckbox from '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import type WaInput from '@awesome.me/webawesome/dist/components/input/input.js'
import type WaSelect from '@awesome.me/webawesome/dist/components/select/select.js'
import type WaTextarea from '@awesome.me/webawesome/dist/components/textarea/textarea.js'
import { html, LitElement } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiSend } from '../api/client.ts'
import { I18nController, t } from '../i18n/index.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { pageStyles } from '../ui/styles.ts'
import { fromLocalInput, toLocalInput } from './expiry.ts'
import { messages } from './messages.ts'
import { originLines, parseOriginLines } from './origins.ts'

export type EmbedToken = components['schemas']['EmbedToken']
export type CreatedEmbedToken = components['schemas']['CreatedEmbedToken']

export interface EventOption {
  id: string
  name: string
}

/** Fired with the token as the API answered (a CreatedEmbedToken for a new one). */
export type TokenSavedEvent = CustomEvent<EmbedToken | CreatedEmbedToken>

@customElement('console-token-form')
export class ConsoleTokenForm extends LitElement {
  protected readonly i18n = new I18nController(this)

  /** The token to edit; none for a new one. */
  @property({ attribute: false }) token: EmbedToken | undefined
  /** Events a new token may belong to. */
  @property({ attribute: false }) events: EventOption[] = []
  /** The event preselected for a new token. */
  @property() eventId = ''
  /** The submit button's words. */
  @property() submitLabel = ''

  @state() private originProblems: string[] = []

  @query('form') private form!: HTMLFormElement
  private readonly submission = new FormSubmission(this, () => this.form)
  @query('[name=name]') private nameInput!: WaInput
  @query('[name=eventId]') private eventSelect?: WaSelect
  @query('[name=allowedOrigins]') private originsInput!: WaTextarea
  @query('[name=expiresAt]') private expiryInput!: WaInput
  @query('[name=allowCalendarFeed]') private feedInput!: WaCheckbox

  static override styles = pageStyles

  /** The body of the request, or undefined after showing why it cannot be sent. */
  private body(): Record<string, unknown> | undefined {
    const m = t(messages).form
    const { origins, invalid } = parseOriginLines(this.originsInput.value ?? '')
    this.originProblems = invalid.map((p) => m.originLine(p.line, p.value))
    const expiry = fromLocalInput(String(this.expiryInput.value ?? ''))
    this.expiryInput.setCustomValidity(expiry === undefined ? m.expiryInvalid : '')
    if (invalid.length || expiry === undefined) {
      if (invalid.length) this.originsInput.focus()
      else this.expiryInput.reportValidity()
      return undefined
    }
    const fields = {
      name: String(this.nameInput.value ?? '').trim(),
      allowedOrigins: origins,
      allowCalendarFeed: this.feedInput.checked,
    }
    if (!this.token) {
      return { ...fields, eventId: String(this.eventSelect?.value ?? ''), ...(expiry ? { expiresAt: expiry } : {}) }
    }
    // An edit sends what changed (an unchanged past expiry would be refused as "in the past").
    const changes: Record<string, unknown> = {}
    if (fields.name !== this.token.name) changes.name = fields.name
    if (JSON.stringify(origins) !== JSON.stringify(this.token.allowed_origins)) changes.allowedOrigins = origins
    if (fields.allowCalendarFeed !== this.token.calendar_feed) changes.allowCalendarFeed = fields.allowCalendarFeed
    if (toLocalInput(expiry) !== toLocalInput(this.token.expires_at)) changes.expiresAt = expiry
    return changes
  }

  private async submit(event: SubmitEvent): Promise<void> {
    if (!this.submission.begin(event)) return
    const body = this.body()
    if (!body) return
    await this.submission.send(async () => {
      const saved = this.token
        ? await apiSend<EmbedToken>('PATCH', `/embed-tokens/${encodeURIComponent(this.token.id)}`, body)
        : await apiSend<CreatedEmbedToken>('POST', '/embed-tokens', body)
      this.dispatchEvent(new CustomEvent('token-saved', { detail: saved, bubbles: true, composed: true }))
    })
  }

  override render() {
    const m = t(messages).form
    const token = this.token
    if (!token && this.events.length === 0) return html`<wa-callout variant="warning">${m.noEvents}</wa-callout>`
    return html`<form @submit=${this.submit} novalidate>
      ${this.submission.renderError()}
      <wa-input name="name" label=${m.name} hint=${m.nameHint} required maxlength="100" .value=${token?.name ?? ''}></wa-input>
      ${
        token
          ? null
          : html`<wa-select name="eventId" label=${m.event} required .value=${this.eventId || this.events[0]?.id || ''}>
            ${this.events.map((e) => html`<wa-option value=${e.id}>${e.name}</wa-option>`)}
          </wa-select>`
      }
      <wa-textarea
        name="allowedOrigins"
        label=${m.origins}
        hint=${m.originsHint}
        rows="4"
        resize="auto"
        spellcheck="false"
        autocapitalize="off"
        .value=${originLines(token?.allowed_origins ?? [])}
        aria-invalid=${this.originProblems.length ? 'true' : 'false'}
        @input=${() => {
          this.originProblems = []
        }}
      ></wa-textarea>
      ${
        this.originProblems.length
          ? html`<ul class="field-error" role="alert">
            ${this.originProblems.map((p) => html`<li>${p}</li>`)}
          </ul>`
          : null
      }
      <wa-input name="expiresAt" type="datetime-local" label=${m.expiry} hint=${m.expiryHint} .value=${toLocalInput(token?.expires_at)}></wa-input>
      <wa-checkbox name="allowCalendarFeed" hint=${m.calendarFeedHint} ?checked=${token?.calendar_feed ?? false}>${m.calendarFeed}</wa-checkbox>
      <div class="row">
        <wa-button type="submit" variant="brand" ?loading=${this.submission.busy} style="flex: 0 0 auto">${this.submitLabel || m.save}</wa-button>
        <slot name="actions"></slot>
      </div>
    </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-token-form': ConsoleTokenForm
  }
  interface HTMLElementEventMap {
    'token-saved': TokenSavedEvent
  }
}
