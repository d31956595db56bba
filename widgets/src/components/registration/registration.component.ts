import { html, nothing, type PropertyValues } from 'lit'
import { state } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import { ApiError } from '../../api/api-error.js'
import type { EventInfo, Question, Ticket } from '../../api/types.js'
import { emit } from '../../base/events.js'
import { checkIcon } from '../../base/icons.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderError, renderSkeleton } from '../../base/templates.js'
import { stateStyles } from '../../styles/theme.styles.js'
import { registrationStyles } from './registration.styles.js'
import { registrationManifest } from './registration.manifest.js'
import { checkAnswers, readAnswers, renderQuestion } from './registration-questions.js'

/** A field of the form: `name`, `email`, `ticket`, `consent`, or `answers.<questionId>`. */
type Field = string

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** The server's field paths that are not the form's own names. */
const SERVER_FIELDS: Record<string, Field> = { ticket_id: 'ticket' }

/** Questions asked of someone with the chosen ticket (all of them before a ticket is chosen, when none is). */
const questionsFor = (event: EventInfo, ticketId: string | undefined): Question[] =>
  event.questions.filter((q) => !q.ticket_ids?.length || (ticketId !== undefined && q.ticket_ids.includes(ticketId)))

/**
 * The registration form: name, email, the ticket choice when the event sells tickets (sold-out
 * ones shown but not selectable), the organiser's questions in their order, and the privacy
 * notice's consent box when the event has one. Checks fields before sending, shows the server's
 * validation messages at the fields, cannot be sent twice, and ends in a confirmation that says
 * an email is on its way.
 *
 * Its first render is a function of the event and the attributes alone (ids come from the data),
 * so the first screen the server draws is the form itself. A ticket that sells out while the form
 * is open (a live change, or a submit refused `SOLD_OUT`) is marked in place: what the visitor
 * typed stays, a chosen ticket that is gone is named at the ticket choice, and when none is left
 * a notice above the fields says so and the button is disabled.
 *
 * @summary Event registration form with questions, consent, sold-out tickets and a confirmation state.
 *
 * @fires service-registration-submit - A registration was sent and accepted; `detail` is `{ registration }` (`event_id`, `name`, `ticket_id`).
 *
 * @cssproperty --service-registration-min-height - Height reserved for the form before it has drawn, so that the page does not move as it arrives (`0` for none).
 * @csspart form - The form.
 * @csspart field - A field wrapper.
 * @csspart question - The wrapper of one of the organiser's questions (also `field`).
 * @csspart input - Text inputs and text areas.
 * @csspart ticket - One ticket option.
 * @csspart consent - The privacy notice and its checkbox.
 * @csspart field-error - A field's error message.
 * @csspart submit - The submit button.
 * @csspart sold-out - The notice above the fields when every ticket is sold out.
 * @csspart confirmation - The confirmation shown after registering.
 * @csspart error - The error state (event could not be loaded, or the form's failed submit): a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceRegistration extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, registrationStyles]

  private readonly data = this.dataTask(registrationManifest, (before, after) => this.onEventRead(before?.event, after.event))

  @state() private errors: Partial<Record<Field, string>> = {}
  @state() private formError?: unknown
  @state() private submitting = false
  /**
   * Who was just registered, once the server accepted: the thank-you names them and their inbox,
   * and, when the event confirms by email (`pending`), asks them to follow the link sent there.
   */
  @state() private registered?: { name: string; email: string; pending: boolean }
  /** The ticket chosen, for the questions asked only with some tickets. */
  @state() private ticketId?: string
  /** Tickets the server answered `SOLD_OUT` for since the event was read. */
  @state() private soldOutNow: ReadonlySet<string> = new Set()
  /** What a sell-out since the form was drawn means for the visitor, said politely (a status region). */
  @state() private announcement = ''

  /**
   * A ticket picked on the server's first screen before this code ran (hydration keeps the node
   * and its state) is the visitor's choice: read from the page after the first render, as what
   * depends on the visitor is.
   */
  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed)
    const picked = this.renderRoot.querySelector<HTMLInputElement>('input[name=ticket]:checked:enabled')
    if (picked) this.ticketId = picked.value
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed)
    // A radio the visitor clicked follows its `checked` attribute no more: the choice is set here,
    // so that a ticket that sells out is not sent, and one whose place is freed again is chosen again.
    const event = this.data.value?.event
    const chosen = event && this.chosenTicket(event)
    for (const radio of this.renderRoot.querySelectorAll<HTMLInputElement>('input[name=ticket]')) {
      radio.checked = !radio.disabled && radio.value === chosen
    }
  }

  /**
   * A new read of the event is the truth about its places: refusals seen since the last read are
   * forgotten (a cancellation or a hold that ran out may have freed a place, and the visitor's
   * ticket is theirs again), and a visitor whose chosen ticket has sold out since is told so at
   * the ticket choice. Nothing typed is touched.
   */
  private onEventRead(before: EventInfo | undefined, event: EventInfo): void {
    this.soldOutNow = new Set()
    if (!before || this.registered) return
    const chosen = event.tickets.find((k) => k.id === this.ticketId)
    if (chosen && !chosen.sold_out && this.errors.ticket === this.t.ticketSoldOut) {
      this.clearError('ticket')
      this.announcement = ''
    }
    const soldOutSince = (k: Ticket) => k.sold_out && !before.tickets.find((b) => b.id === k.id)?.sold_out
    const gone = event.tickets.filter(soldOutSince)
    if (!gone.length) return
    if (gone.some((k) => k.id === this.ticketId)) this.errors = { ...this.errors, ticket: this.t.ticketSoldOut }
    this.announceSoldOut(event)
  }

  private announceSoldOut(event: EventInfo): void {
    const { t } = this
    if (this.noneLeft(event)) this.announcement = `${t.eventSoldOut} ${t.inputKept}`
    else if (this.errors.ticket === t.ticketSoldOut) this.announcement = t.ticketSoldOut
  }

  private isSoldOut(ticket: Ticket): boolean {
    return ticket.sold_out || this.soldOutNow.has(ticket.id)
  }

  /** Whether the event sells tickets and every one is gone: the form stays, but cannot be sent. */
  private noneLeft(event: EventInfo): boolean {
    return event.tickets.length > 0 && event.tickets.every((k) => this.isSoldOut(k))
  }

  /**
   * The ticket the form is for: the visitor's choice (kept when it sells out, so are the answers to
   * its questions, until they choose another), else the only one on sale.
   */
  private chosenTicket(event: EventInfo): string | undefined {
    if (this.ticketId) return this.ticketId
    const open = event.tickets.filter((k) => !this.isSoldOut(k))
    return open.length === 1 ? open[0]!.id : undefined
  }

  private fieldsOf(form: HTMLFormElement) {
    const get = (n: string) => (form.elements.namedItem(n) as HTMLInputElement | RadioNodeList | null)?.value ?? ''
    const consent = form.elements.namedItem('consent') as HTMLInputElement | null
    return {
      name: get('name').trim(),
      email: get('email').trim(),
      ticket: get('ticket'),
      consent: consent?.checked ?? false,
      website: get('website'),
    }
  }

  private validate(v: ReturnType<ServiceRegistration['fieldsOf']>, event: EventInfo): Partial<Record<Field, string>> {
    const { t } = this
    const errors: Partial<Record<Field, string>> = {}
    if (!v.name) errors.name = t.required
    else if (v.name.length > 200) errors.name = t.tooLong(200)
    if (!v.email) errors.email = t.required
    else if (v.email.length > 254 || !EMAIL.test(v.email)) errors.email = t.invalidEmail
    if (event.tickets.length && !v.ticket) errors.ticket = this.ticketId ? t.ticketSoldOut : t.chooseTicket
    if (event.privacy_notice && !v.consent) errors.consent = t.tickBox
    return errors
  }

  private async onSubmit(e: SubmitEvent, event: EventInfo): Promise<void> {
    e.preventDefault()
    // Checked before any await: a double click must not send two requests.
    if (this.submitting) return
    const form = e.target as HTMLFormElement
    const values = this.fieldsOf(form)
    const questions = questionsFor(event, values.ticket || undefined)
    const answers = readAnswers(form, questions)
    this.errors = { ...this.validate(values, event), ...checkAnswers(questions, answers, this.t) }
    this.formError = undefined
    if (Object.keys(this.errors).length) return this.focusFirstError()
    this.submitting = true
    try {
      const registration = await this.api.register({
        name: values.name,
        email: values.email,
        ...(values.ticket ? { ticket_id: values.ticket } : {}),
        ...(questions.length ? { answers } : {}),
        ...(event.privacy_notice ? { consent: values.consent } : {}),
        locale: this.intlLocale,
        website: values.website,
      })
      this.registered = { name: values.name, email: values.email, pending: registration.status === 'pending' }
      emit(this, 'service-registration-submit', { registration })
      await this.updateComplete
      this.renderRoot.querySelector<HTMLElement>('.done')?.focus()
    } catch (err) {
      this.applyServerError(err, values.ticket, event)
    } finally {
      this.submitting = false
    }
  }

  /** Puts the server's field messages at the fields; anything else goes above the button. */
  private applyServerError(err: unknown, ticketId: string, event: EventInfo): void {
    if (err instanceof ApiError && err.code === 'SOLD_OUT' && ticketId) {
      // Taken by others since the event was read: mark it, and ask for another ticket, or say that
      // none is left (the button is disabled then: focus goes to the notice, not to the page).
      this.soldOutNow = new Set([...this.soldOutNow, ticketId])
      this.errors = { ticket: this.t.ticketSoldOut }
      this.announceSoldOut(event)
      if (this.noneLeft(event)) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part=sold-out]')?.focus())
      else this.focusFirstError()
      return
    }
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') {
      const errors: Partial<Record<Field, string>> = {}
      for (const f of err.fields) {
        const field = SERVER_FIELDS[f.path] ?? f.path
        if (this.renderRoot.querySelector(`[name="${CSS.escape(field)}"]`)) errors[field] ??= f.message
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
    void this.updateComplete.then(() => {
      const invalid = this.renderRoot.querySelector<HTMLElement>('[aria-invalid=true]')
      // A group (choices) is not focusable itself: its first control is.
      const target = invalid instanceof HTMLFieldSetElement ? invalid.querySelector<HTMLElement>('input') : invalid
      target?.focus()
    })
  }

  private reset(): void {
    this.registered = undefined
    this.errors = {}
  }

  private onTicketChange(id: string): void {
    this.ticketId = id
    this.clearError('ticket')
  }

  /** A field's error, tied to its control by `id` (`aria-describedby`): every field's errors render here. */
  private renderFieldError(field: Field, id: string) {
    const error = this.errors[field]
    return error ? html`<p class="field__error" part="field-error" id=${id}>${error}</p>` : nothing
  }

  /**
   * What went wrong with the whole form (network, rate limit, …), above the button: the same box
   * as every element's; what was typed stays in the fields, and a retry sends it again.
   */
  private renderFormError() {
    const { t } = this
    return this.formError
      ? renderError(this.formError, t, () => this.renderRoot.querySelector('form')?.requestSubmit(), {
          title: t.submitFailed,
          note: t.inputKept,
        })
      : nothing
  }

  protected override render() {
    return html`<div class="root">
      ${this.renderData(this.data, {
        pending: () => renderSkeleton(this.t, 1, 2),
        error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
        complete: ({ event }) => (this.registered ? this.renderDone(this.registered) : this.renderForm(event)),
      })}
    </div>`
  }

  private renderDone({ name, email, pending }: { name: string; email: string; pending: boolean }) {
    const { t } = this
    return html`<div class="done" part="confirmation" role="status" tabindex="-1">
      ${checkIcon()}
      <h2 class="done__title">${pending ? t.checkInbox : t.thanks(name)}</h2>
      ${pending ? html`<p>${t.confirmByLink(email)}</p>` : html`<p>${t.confirmed}</p><p>${t.emailOnItsWay(email)}</p>`}
      <button class="btn" part="button" @click=${this.reset}>${t.registerAnother}</button>
    </div>`
  }

  /** Above the fields when every ticket is gone; what was typed stays below it (a place may be freed). */
  private renderNoneLeft() {
    const { t } = this
    return html`<div class="sold-out" part="sold-out" tabindex="-1">
      <p class="sold-out__text">${t.eventSoldOut}</p>
      <p>${t.inputKept}</p>
    </div>`
  }

  private input(field: 'name' | 'email', label: string, type: string, autocomplete: string) {
    const error = this.errors[field]
    return html`<div class="field" part="field">
      <label class="field__label" for=${field}>${label}</label>
      <input class="field__input" part="input" id=${field} name=${field} type=${type} autocomplete=${autocomplete} required
        maxlength=${field === 'name' ? 200 : 254} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${field}-error` : nothing}
        @input=${() => this.clearError(field)} />
      ${this.renderFieldError(field, `${field}-error`)}
    </div>`
  }

  private renderTickets(event: EventInfo) {
    const { t } = this
    const ticketError = this.errors.ticket
    const open = event.tickets.filter((k) => !this.isSoldOut(k))
    const chosen = this.chosenTicket(event)
    return html`<fieldset class="tickets" aria-invalid=${ticketError ? 'true' : 'false'} aria-describedby=${ticketError ? 'ticket-error' : nothing}>
      <legend class="field__label">${t.ticket}</legend>
      ${event.tickets.map((k) => {
        const soldOut = this.isSoldOut(k)
        return html`<label class="ticket ${soldOut ? 'ticket--sold-out' : ''}" part="ticket">
          <input type="radio" name="ticket" value=${k.id} ?disabled=${soldOut} ?checked=${!soldOut && k.id === chosen}
            aria-invalid=${ticketError && k === open[0] ? 'true' : 'false'} @change=${() => this.onTicketChange(k.id)} />
          <span class="ticket__text">
            <span class="ticket__name">${k.name}</span>
            ${k.description ? html`<span class="ticket__desc">${k.description}</span>` : nothing}
            ${
              soldOut
                ? html`<span class="ticket__status">${t.soldOut}</span>`
                : k.remaining !== undefined
                  ? html`<span class="ticket__status">${t.remaining(k.remaining)}</span>`
                  : nothing
            }
          </span>
          ${k.price ? html`<span class="ticket__price">${k.price}</span>` : nothing}
        </label>`
      })}
      ${this.renderFieldError('ticket', 'ticket-error')}
    </fieldset>`
  }

  private renderConsent(event: EventInfo) {
    const notice = event.privacy_notice
    if (!notice) return nothing
    const { t } = this
    const error = this.errors.consent
    return html`<div class="field consent" part="consent">
      <p class="consent__text" id="privacy-text">
        ${notice.text}
        ${notice.url ? html` <a href=${notice.url} target="_blank" rel="noopener noreferrer">${t.privacyPolicy}</a>` : nothing}
      </p>
      <label class="choice choice--single">
        <input type="checkbox" id="consent" name="consent" required aria-invalid=${error ? 'true' : 'false'}
          aria-describedby=${error ? 'privacy-text consent-error' : 'privacy-text'} @change=${() => this.clearError('consent')} />
        <span>${t.consent}</span>
      </label>
      ${this.renderFieldError('consent', 'consent-error')}
    </div>`
  }

  private renderForm(event: EventInfo) {
    const { t } = this
    const noneLeft = this.noneLeft(event)
    const questions = questionsFor(event, this.chosenTicket(event))
    const questionContext = {
      t,
      errors: this.errors,
      fieldError: (field: string, id: string) => this.renderFieldError(field, id),
      clear: (field: string) => this.clearError(field),
    }
    return html`<form class="form" part="form" novalidate aria-labelledby="form-title" @submit=${(e: SubmitEvent) => this.onSubmit(e, event)}>
      <div class="form__head">
        <h2 class="form__title" id="form-title">${t.registration}</h2>
        <p class="muted">${event.name}</p>
      </div>
      ${noneLeft ? this.renderNoneLeft() : nothing}
      ${this.input('name', t.name, 'text', 'name')} ${this.input('email', t.email, 'email', 'email')}
      ${event.tickets.length ? this.renderTickets(event) : nothing}
      ${repeat(
        questions,
        // Keyed: when the questions asked change (another ticket, a live edit), each answer stays with its question.
        (q) => q.id,
        (q) => renderQuestion(q, questionContext),
      )}
      ${this.renderConsent(event)}
      <div class="hp" aria-hidden="true">
        <label>${t.honeypot}<input name="website" type="text" tabindex="-1" autocomplete="off" /></label>
      </div>
      ${this.renderFormError()}
      <p class="sr-only" role="status">${this.announcement}</p>
      <button class="btn btn--primary submit" part="submit" type="submit" ?disabled=${this.submitting || noneLeft}
        aria-disabled=${this.submitting || noneLeft ? 'true' : 'false'}>
        ${this.submitting ? t.submitting : t.submit}
      </button>
    </form>`
  }
}
