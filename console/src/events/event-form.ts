// The event's fields as one form, used to create an event and to edit one. It edits a draft
// (event-draft.ts) and fires `console-event-submit` once the draft passes the checks the form
// can make; the page sends it and hands any ApiProblem back to showProblem().
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/radio/radio.js'
import '@awesome.me/webawesome/dist/components/radio-group/radio-group.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/textarea/textarea.js'
import { renderRichText } from '@event-service/widgets/rich-text'
import { css, html, LitElement } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import { I18nController, t } from '../i18n/index.ts'
import type { FieldProblemLike } from '../ui/field-problems.ts'
import { applyFieldProblems, clearFieldProblems } from '../ui/form-errors.ts'
import { framedGroupStyles, pageStyles } from '../ui/styles.ts'
import { type EventDraft, draftProblems, QUESTION_TYPES, type QuestionType, questionDraft, ticketDraft } from './event-draft.ts'
import { messages } from './messages.ts'
import { timeZoneChoices } from './time-zones.ts'

/** Fired with the draft when the form is submitted and passes the form's own checks. */
export const EVENT_SUBMIT = 'console-event-submit'

type Target = EventTarget & { value: string; checked?: boolean }
const inputValue = (event: Event) => (event.target as Target).value
const checkedOf = (event: Event) => !!(event.target as Target).checked

@customElement('console-event-form')
export class ConsoleEventForm extends LitElement {
  protected readonly i18n = new I18nController(this)

  /** Edited in place; the page keeps the reference. */
  @property({ attribute: false }) draft!: EventDraft
  @property({ type: Boolean }) readonly = false
  @property({ type: Boolean }) busy = false
  @property({ attribute: 'submit-label' }) submitLabel = ''
  @state() private summary: string[] = []
  @query('form') private form!: HTMLFormElement

  private zoneList: string[] | undefined

  /** The zones to choose from, made once (the saved zone included even if the browser lacks it). */
  private get zones(): string[] {
    this.zoneList ??= timeZoneChoices(this.draft?.timezone)
    return this.zoneList
  }

  /** Shows the API's field errors at their controls; the rest above the form. */
  showProblem(problem: { fields: readonly FieldProblemLike[]; message?: string }): void {
    const unmatched = applyFieldProblems(this.form, problem)
    this.summary = unmatched.length ? unmatched : [t(messages).fixProblems]
    if (!problem.fields.length && problem.message) this.summary = [problem.message]
  }

  private change(): void {
    this.requestUpdate()
  }

  private submit(event: SubmitEvent): void {
    event.preventDefault()
    if (this.busy || this.readonly) return
    const m = t(messages)
    clearFieldProblems(this.form)
    this.summary = []
    if (!this.zones.includes(this.draft.timezone)) {
      this.showProblem({ fields: [{ path: 'timezone', message: m.fields.timezoneUnknown }] })
      return
    }
    const problems = draftProblems(this.draft)
    if (problems.length) {
      this.showProblem({ fields: problems.map((p) => ({ path: p.path, message: m.issues[p.issue] })) })
      return
    }
    this.dispatchEvent(new CustomEvent(EVENT_SUBMIT, { detail: { draft: this.draft }, bubbles: true, composed: true }))
  }

  static override styles = [
    pageStyles,
    framedGroupStyles,
    css`
      form {
        max-width: 60rem;
      }
      section {
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-m);
        padding-block-end: var(--wa-space-l);
        border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
      }
      h2 {
        font-size: var(--wa-font-size-l);
        margin: 0;
      }
      fieldset {
        padding: var(--wa-space-m);
        gap: var(--wa-space-s);
        min-width: 0;
      }
      fieldset.all {
        border: 0;
        padding: 0;
      }
      .description {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
        gap: var(--wa-space-m);
      }
      .preview {
        border: var(--wa-border-width-s) dashed var(--wa-color-surface-border);
        border-radius: var(--wa-border-radius-m);
        padding: var(--wa-space-s) var(--wa-space-m);
        overflow-wrap: anywhere;
      }
      .preview h3 {
        font-size: var(--wa-font-size-s);
        margin: 0 0 var(--wa-space-xs);
        color: var(--wa-color-text-quiet);
      }
      .native-field {
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-2xs);
      }
      .native-field label {
        font-weight: var(--wa-form-control-label-font-weight, var(--wa-font-weight-semibold));
        font-size: var(--wa-form-control-label-font-size, var(--wa-font-size-m));
      }
      .native-field input {
        font: inherit;
        color: var(--wa-form-control-value-color, inherit);
        background: var(--wa-form-control-background-color, transparent);
        border: var(--wa-form-control-border-width, 1px) var(--wa-form-control-border-style, solid)
          var(--wa-form-control-border-color, var(--wa-color-neutral-border-loud));
        border-radius: var(--wa-form-control-border-radius, var(--wa-border-radius-m));
        height: var(--wa-form-control-height, 2.5rem);
        padding: 0 var(--wa-form-control-padding-inline, var(--wa-space-m));
      }
      .native-field input:focus-visible {
        outline: var(--wa-focus-ring);
        outline-offset: var(--wa-focus-ring-offset);
      }
      .native-field input[aria-invalid='true'] {
        border-color: var(--wa-color-danger-border-loud);
      }
      .hint {
        font-size: var(--wa-font-size-s);
        color: var(--wa-color-text-quiet);
      }
      .item-actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-xs);
        justify-content: flex-end;
      }
      .submit {
        display: flex;
        gap: var(--wa-space-s);
      }
    `,
  ]

  private renderBasics() {
    const m = t(messages)
    const d = this.draft
    const preview = renderRichText(d.description)
    return html`<section>
      <h2>${m.sections.basics}</h2>
      <wa-input
        name="name"
        label=${m.fields.name}
        required
        maxlength="200"
        .value=${d.name}
        @input=${(e: Event) => {
          d.name = inputValue(e)
          this.change()
        }}
      ></wa-input>
      <div class="description">
        <wa-textarea
          name="description"
          label=${m.fields.description}
          ?readonly=${this.readonly}
          hint=${m.fields.descriptionHint}
          rows="8"
          resize="auto"
          maxlength="20000"
          .value=${d.description}
          @input=${(e: Event) => {
            d.description = inputValue(e)
            this.change()
          }}
        ></wa-textarea>
        <div class="preview" role="region" aria-label=${m.fields.preview}>
          <h3 aria-hidden="true">${m.fields.preview}</h3>
          ${preview.length ? preview : html`<p class="muted">${m.fields.previewEmpty}</p>`}
        </div>
      </div>
    </section>`
  }

  private renderWhen() {
    const m = t(messages)
    const d = this.draft
    return html`<section>
      <h2>${m.sections.when}</h2>
      <div class="native-field">
        <label for="timezone">${m.fields.timezone}</label>
        <input
          id="timezone"
          name="timezone"
          list="time-zones"
          autocomplete="off"
          spellcheck="false"
          required
          aria-describedby="timezone-hint"
          .value=${d.timezone}
          @change=${(e: Event) => {
            d.timezone = inputValue(e).trim()
            this.change()
          }}
        />
        <span class="hint" id="timezone-hint">${m.fields.timezoneHint}</span>
        <datalist id="time-zones">${this.zones.map((zone) => html`<option value=${zone}></option>`)}</datalist>
      </div>
      <div class="row">
        <wa-input
          name="starts_at"
          type="datetime-local"
          label=${m.fields.starts}
          hint=${d.timezone}
          required
          .value=${d.starts}
          @change=${(e: Event) => {
            d.starts = inputValue(e)
            // A new event usually ends the day it starts: fill the end once, from the start.
            if (!d.ends && d.starts) d.ends = d.starts
            this.change()
          }}
        ></wa-input>
        <wa-input
          name="ends_at"
          type="datetime-local"
          label=${m.fields.ends}
          hint=${d.timezone}
          required
          .value=${d.ends}
          @change=${(e: Event) => {
            d.ends = inputValue(e)
            this.change()
          }}
        ></wa-input>
      </div>
      <wa-input
        name="venue"
        label=${m.fields.venue}
        maxlength="200"
        .value=${d.venue}
        @input=${(e: Event) => {
          d.venue = inputValue(e)
          this.change()
        }}
      ></wa-input>
      <div class="row">
        <wa-textarea
          name="rooms"
          label=${m.fields.rooms}
          hint=${m.fields.namesHint}
          rows="3"
          resize="auto"
          .value=${d.rooms}
          @input=${(e: Event) => {
            d.rooms = inputValue(e)
            this.change()
          }}
        ></wa-textarea>
        <wa-textarea
          name="tracks"
          label=${m.fields.tracks}
          hint=${m.fields.namesHint}
          rows="3"
          resize="auto"
          .value=${d.tracks}
          @input=${(e: Event) => {
            d.tracks = inputValue(e)
            this.change()
          }}
        ></wa-textarea>
      </div>
    </section>`
  }

  private renderTickets() {
    const m = t(messages).ticket
    const d = this.draft
    return html`<section>
      <h2>${t(messages).sections.tickets}</h2>
      <fieldset class="all" name="tickets">
        ${d.tickets.length ? null : html`<p class="muted">${m.none}</p>`}
        ${repeat(
          d.tickets,
          (ticket) => ticket.key,
          (ticket, i) => html`<fieldset>
            <legend>${ticket.name || m.legend(i + 1)}</legend>
            ${ticket.saved ? html`<span class="hint">${m.id(ticket.id)}</span>` : null}
            <div class="row">
              <wa-input
                name="tickets.${i}.name"
                label=${m.name}
                required
                maxlength="200"
                .value=${ticket.name}
                @input=${(e: Event) => {
                  ticket.name = inputValue(e)
                  this.change()
                }}
              ></wa-input>
              <wa-input
                name="tickets.${i}.price"
                label=${m.price}
                hint=${m.priceHint}
                maxlength="50"
                .value=${ticket.price}
                @input=${(e: Event) => {
                  ticket.price = inputValue(e)
                  this.change()
                }}
              ></wa-input>
              <wa-input
                name="tickets.${i}.capacity"
                type="number"
                min="1"
                step="1"
                inputmode="numeric"
                label=${m.capacity}
                hint=${m.capacityHint}
                .value=${ticket.capacity}
                @input=${(e: Event) => {
                  ticket.capacity = inputValue(e)
                  this.change()
                }}
              ></wa-input>
            </div>
            <wa-checkbox
              name="tickets.${i}.show_remaining"
              .checked=${ticket.show_remaining}
              @change=${(e: Event) => {
                ticket.show_remaining = checkedOf(e)
                this.change()
              }}
              >${m.showRemaining}</wa-checkbox
            >
            ${
              this.readonly
                ? null
                : html`<div class="item-actions">
                    <wa-button
                      size="s"
                      appearance="outlined"
                      variant="danger"
                      @click=${() => {
                        d.tickets.splice(i, 1)
                        this.change()
                      }}
                      >${m.remove(ticket.name || String(i + 1))}</wa-button
                    >
                  </div>`
            }
          </fieldset>`,
        )}
      </fieldset>
      ${this.renderAdd(m.add, () => d.tickets.push(ticketDraft()))}
    </section>`
  }

  /** The button under a list of items (tickets, questions) that appends a new one; none when read-only. */
  private renderAdd(label: string, add: () => void) {
    if (this.readonly) return null
    return html`<div>
      <wa-button
        appearance="outlined"
        @click=${() => {
          add()
          this.change()
        }}
        >${label}</wa-button
      >
    </div>`
  }

  private moveQuestion(from: number, to: number): void {
    const list = this.draft.questions
    if (to < 0 || to >= list.length) return
    const [item] = list.splice(from, 1)
    list.splice(to, 0, item!)
    this.change()
  }

  private renderQuestions() {
    const m = t(messages).question
    const d = this.draft
    const ticketChoices = d.tickets.filter((ticket) => ticket.saved && ticket.id)
    return html`<section>
      <h2>${t(messages).sections.questions}</h2>
      <fieldset class="all" name="questions">
        ${d.questions.length ? null : html`<p class="muted">${m.none}</p>`}
        ${repeat(
          d.questions,
          (question) => question.key,
          (question, i) => {
            const label = question.label || String(i + 1)
            const hasOptions = question.type === 'choice' || question.type === 'multi'
            return html`<fieldset>
              <legend>${question.label || m.legend(i + 1)}</legend>
              <div class="row">
                <wa-input
                  name="questions.${i}.label"
                  label=${m.label}
                  required
                  maxlength="200"
                  .value=${question.label}
                  @input=${(e: Event) => {
                    question.label = inputValue(e)
                    this.change()
                  }}
                ></wa-input>
                <wa-select
                  name="questions.${i}.type"
                  label=${m.type}
                  .value=${question.type}
                  @change=${(e: Event) => {
                    question.type = inputValue(e) as QuestionType
                    this.change()
                  }}
                >
                  ${QUESTION_TYPES.map((type) => html`<wa-option value=${type}>${m.types[type]}</wa-option>`)}
                </wa-select>
              </div>
              <wa-checkbox
                name="questions.${i}.required"
                .checked=${question.required}
                @change=${(e: Event) => {
                  question.required = checkedOf(e)
                  this.change()
                }}
                >${m.required}</wa-checkbox
              >
              ${
                hasOptions
                  ? html`<wa-textarea
                      name="questions.${i}.options"
                      label=${m.options}
                      hint=${m.optionsHint}
                      rows="4"
                      resize="auto"
                      .value=${question.options}
                      @input=${(e: Event) => {
                        question.options = inputValue(e)
                        this.change()
                      }}
                    ></wa-textarea>`
                  : null
              }
              ${
                ticketChoices.length
                  ? html`<fieldset name="questions.${i}.ticket_ids">
                      <legend>${m.tickets}</legend>
                      <span class="hint">${m.ticketsHint}</span>
                      ${d.tickets.some((ticket) => !ticket.saved) ? html`<span class="hint">${m.newTicketsLater}</span>` : null}
                      ${ticketChoices.map(
                        (ticket) =>
                          html`<wa-checkbox
                            .checked=${question.ticket_ids.includes(ticket.id)}
                            @change=${(e: Event) => {
                              question.ticket_ids = checkedOf(e)
                                ? [...question.ticket_ids, ticket.id]
                                : question.ticket_ids.filter((id) => id !== ticket.id)
                              this.change()
                            }}
                            >${ticket.name}</wa-checkbox
                          >`,
                      )}
                    </fieldset>`
                  : null
              }
              ${
                this.readonly
                  ? null
                  : html`<div class="item-actions">
                      <wa-button size="s" appearance="outlined" ?disabled=${i === 0} @click=${() => this.moveQuestion(i, i - 1)}
                        >${m.moveUp(label)}</wa-button
                      >
                      <wa-button
                        size="s"
                        appearance="outlined"
                        ?disabled=${i === d.questions.length - 1}
                        @click=${() => this.moveQuestion(i, i + 1)}
                        >${m.moveDown(label)}</wa-button
                      >
                      <wa-button
                        size="s"
                        appearance="outlined"
                        variant="danger"
                        @click=${() => {
                          d.questions.splice(i, 1)
                          this.change()
                        }}
                        >${m.remove(label)}</wa-button
                      >
                    </div>`
              }
            </fieldset>`
          },
        )}
      </fieldset>
      ${this.renderAdd(m.add, () => d.questions.push(questionDraft()))}
    </section>`
  }

  private renderPrivacy() {
    const m = t(messages)
    const d = this.draft
    return html`<section>
      <h2>${m.sections.privacy}</h2>
      <wa-checkbox
        .checked=${d.privacy}
        @change=${(e: Event) => {
          d.privacy = checkedOf(e)
          this.change()
        }}
        >${m.privacy.ask}</wa-checkbox
      >
      ${
        d.privacy
          ? html`<wa-textarea
                name="privacy_notice.text"
                label=${m.privacy.text}
                required
                rows="3"
                resize="auto"
                maxlength="2000"
                .value=${d.privacy_text}
                @input=${(e: Event) => {
                  d.privacy_text = inputValue(e)
                  this.change()
                }}
              ></wa-textarea>
              <wa-input
                name="privacy_notice.url"
                type="url"
                label=${m.privacy.url}
                placeholder="https://"
                .value=${d.privacy_url}
                @input=${(e: Event) => {
                  d.privacy_url = inputValue(e)
                  this.change()
                }}
              ></wa-input>`
          : null
      }
    </section>`
  }

  private renderConfirmation() {
    const m = t(messages)
    const d = this.draft
    return html`<section>
      <h2>${m.sections.confirmation}</h2>
      <wa-radio-group
        name="registration_confirmation"
        label=${m.confirmation.label}
        .value=${d.registration_confirmation}
        @change=${(e: Event) => {
          d.registration_confirmation = inputValue(e) as 'email' | 'none'
          this.change()
        }}
      >
        <wa-radio value="email">${m.confirmation.email}</wa-radio>
        <wa-radio value="none">${m.confirmation.none}</wa-radio>
      </wa-radio-group>
    </section>`
  }

  override render() {
    if (!this.draft) return null
    return html`<form @submit=${this.submit} novalidate>
      ${
        this.summary.length
          ? html`<wa-callout variant="danger" role="alert">${this.summary.length === 1 ? this.summary[0] : html`<ul>${this.summary.map((s) => html`<li>${s}</li>`)}</ul>`}</wa-callout>`
          : null
      }
      <fieldset class="all" ?disabled=${this.readonly}>
        <div class="stack">
          ${this.renderBasics()} ${this.renderWhen()} ${this.renderTickets()} ${this.renderQuestions()} ${this.renderPrivacy()}
          ${this.renderConfirmation()}
        </div>
      </fieldset>
      ${
        this.readonly
          ? null
          : html`<div class="submit">
              <wa-button type="submit" variant="brand" ?loading=${this.busy}>${this.submitLabel}</wa-button>
              <slot name="actions"></slot>
            </div>`
      }
    </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-event-form': ConsoleEventForm
  }
}
