import { Task } from '@lit/task'
import { html, nothing } from 'lit'
import { state } from 'lit/decorators.js'
import { ApiError } from '../../api/api-error.js'
import type { EventInfo } from '../../api/types.js'
import { emit } from '../../base/events.js'
import { checkIcon } from '../../base/icons.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderError, renderSkeleton } from '../../base/templates.js'
import { stateStyles } from '../../styles/theme.styles.js'
import { registrationStyles } from './registration.styles.js'

type Field = 'name' | 'email' | 'ticket'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const SERVER_FIELDS: Record<string, Field> = { name: 'name', email: 'email', ticket_id: 'ticket' }

/**
 * The registration form: name, email and, when the event sells tickets, a ticket choice. Checks
 * fields before sending, shows the server's validation messages at the fields, cannot be sent
 * twice, and ends in a confirmation.
 *
 * @summary Event registration form with validation and a confirmation state.
 *
 * @fires service-registration-submit - A registration was sent and accepted; `detail` is `{ registration }` (`event_id`, `name`, `ticket_id`).
 *
 * @csspart form - The form.
 * @csspart field - A field wrapper.
 * @csspart input - Text inputs.
 * @csspart ticket - One ticket option.
 * @csspart field-error - A field's error message.
 * @csspart submit - The submit button.
 * @csspart confirmation - The confirmation shown after registering.
 * @csspart error - The error state (event could not be loaded, or the form's failed submit): a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceRegistration extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, registrationStyles]

  private readonly data = new Task(this, {
    task: (_args, { signal }) => this.api.event(signal),
    args: () => this.source,
    onError: this.warnProblem,
  })

  @state() private errors: Partial<Record<Field, string>> = {}
  @state() private formError?: unknown
  @state() private submitting = false
  /** The name just typed, once the registration was accepted: the thank-you uses it. */
  @state() private registeredName?: string

  private fieldsOf(form: HTMLFormElement) {
    const get = (n: string) => (form.elements.namedItem(n) as HTMLInputElement | RadioNodeList | null)?.value ?? ''
    return { name: get('name').trim(), email: get('email').trim(), ticket: get('ticket'), website: get('website') }
  }

  private validate(v: ReturnType<ServiceRegistration['fieldsOf']>, event: EventInfo): Partial<Record<Field, string>> {
    const { t } = this
    const errors: Partial<Record<Field, string>> = {}
    if (!v.name) errors.name = t.required
    else if (v.name.length > 200) errors.name = t.tooLong(200)
    if (!v.email) errors.email = t.required
    else if (v.email.length > 254 || !EMAIL.test(v.email)) errors.email = t.invalidEmail
    if (event.tickets.length && !v.ticket) errors.ticket = t.chooseTicket
    return errors
  }

  private async onSubmit(e: SubmitEvent, event: EventInfo): Promise<void> {
    e.preventDefault()
    // Checked before any await: a double click must not send two requests.
    if (this.submitting) return
    const form = e.target as HTMLFormElement
    const values = this.fieldsOf(form)
    this.errors = this.validate(values, event)
    this.formError = undefined
    if (Object.keys(this.errors).length) return this.focusFirstError()
    this.submitting = true
    try {
      const registration = await this.api.register({
        name: values.name,
        email: values.email,
        ...(values.ticket ? { ticket_id: values.ticket } : {}),
        website: values.website,
      })
      this.registeredName = values.name
      emit(this, 'service-registration-submit', { registration })
      await this.updateComplete
      this.renderRoot.querySelector<HTMLElement>('.done')?.focus()
    } catch (err) {
      this.applyServerError(err)
    } finally {
      this.submitting = false
    }
  }

  /** Puts the server's field messages at the fields; anything else goes above the button. */
  private applyServerError(err: unknown): void {
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') {
      const errors: Partial<Record<Field, string>> = {}
      for (const f of err.fields) {
        const field = SERVER_FIELDS[f.path]
        if (field) errors[field] ??= f.message
      }
      this.errors = errors
      if (Object.keys(errors).length) {
        this.focusFirstError()
        return
      }
    }
    this.formError = err
    this.warnProblem(err)
  }

  private clearError(field: Field): void {
    if (this.errors[field]) this.errors = { ...this.errors, [field]: undefined }
  }

  private focusFirstError(): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
  }

  private reset(): void {
    this.registeredName = undefined
    this.errors = {}
  }

  protected override render() {
    return html`<div class="root">
      ${this.renderData(this.data, {
        pending: () => renderSkeleton(this.t, 1, 2),
        error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
        complete: (event) => (this.registeredName === undefined ? this.renderForm(event) : this.renderDone(this.registeredName)),
      })}
    </div>`
  }

  private renderDone(name: string) {
    const { t } = this
    return html`<div class="done" part="confirmation" role="status" tabindex="-1">
      ${checkIcon()}
      <h2 class="done__title">${t.thanks(name)}</h2>
      <p>${t.confirmed}</p>
      <button class="btn" part="button" @click=${this.reset}>${t.registerAnother}</button>
    </div>`
  }

  private input(field: 'name' | 'email', label: string, type: string, autocomplete: string) {
    const error = this.errors[field]
    return html`<div class="field" part="field">
      <label class="field__label" for=${field}>${label}</label>
      <input class="field__input" part="input" id=${field} name=${field} type=${type} autocomplete=${autocomplete} required
        maxlength=${field === 'name' ? 200 : 254} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${field}-error` : nothing}
        @input=${() => this.clearError(field)} />
      ${error ? html`<p class="field__error" part="field-error" id=${`${field}-error`}>${error}</p>` : nothing}
    </div>`
  }

  private renderForm(event: EventInfo) {
    const { t } = this
    const ticketError = this.errors.ticket
    return html`<form class="form" part="form" novalidate aria-labelledby="form-title" @submit=${(e: SubmitEvent) => this.onSubmit(e, event)}>
      <div class="form__head">
        <h2 class="form__title" id="form-title">${t.registration}</h2>
        <p class="muted">${event.name}</p>
      </div>
      ${this.input('name', t.name, 'text', 'name')} ${this.input('email', t.email, 'email', 'email')}
      ${
        event.tickets.length
          ? html`<fieldset class="tickets" aria-invalid=${ticketError ? 'true' : 'false'} aria-describedby=${ticketError ? 'ticket-error' : nothing}>
            <legend class="field__label">${t.ticket}</legend>
            ${event.tickets.map(
              (k, i) => html`<label class="ticket" part="ticket">
                <input type="radio" name="ticket" .value=${k.id} ?checked=${event.tickets.length === 1 && i === 0}
                  aria-invalid=${ticketError && i === 0 ? 'true' : 'false'} @change=${() => (this.errors = { ...this.errors, ticket: undefined })} />
                <span class="ticket__text">
                  <span class="ticket__name">${k.name}</span>
                  ${k.description ? html`<span class="ticket__desc">${k.description}</span>` : nothing}
                </span>
                ${k.price ? html`<span class="ticket__price">${k.price}</span>` : nothing}
              </label>`,
            )}
            ${ticketError ? html`<p class="field__error" part="field-error" id="ticket-error">${ticketError}</p>` : nothing}
          </fieldset>`
          : nothing
      }
      <div class="hp" aria-hidden="true">
        <label>${t.honeypot}<input name="website" type="text" tabindex="-1" autocomplete="off" /></label>
      </div>
      ${
        this.formError
          ? // The same box as every element's; what was typed stays in the fields, and a retry sends it again.
            renderError(this.formError, t, () => this.renderRoot.querySelector('form')?.requestSubmit(), {
              title: t.submitFailed,
              note: t.inputKept,
            })
          : nothing
      }
      <button class="btn btn--primary submit" part="submit" type="submit" ?disabled=${this.submitting} aria-disabled=${this.submitting ? 'true' : 'false'}>
        ${this.submitting ? t.submitting : t.submit}
      </button>
    </form>`
  }
}
