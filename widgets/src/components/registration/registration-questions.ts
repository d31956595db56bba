import { html, nothing, type TemplateResult } from 'lit'
import type { Question } from '../../api/types.js'
import type { Messages } from '../../i18n/index.js'

/**
 * The organiser's questions: how each is drawn, read and checked. Part of the form's first render
 * (and so of its chunk): a first screen with questions is the form the element hydrates, not a
 * placeholder until a renderer arrives.
 */

/** The answer values the server takes (docs/embed-api.md). */
export type AnswerValue = string | string[] | boolean

/** The form field of a question: where its errors show, and what the server calls it. */
export const fieldOf = (q: Pick<Question, 'id'>): string => `answers.${q.id}`

/** Renders a field's error and ties it to its control (the form's one error renderer, passed in). */
export type FieldErrorRenderer = (field: string, id: string) => TemplateResult | typeof nothing

/** What a question's control needs of the form. */
export interface QuestionContext {
  t: Messages
  errors: Readonly<Record<string, string | undefined>>
  fieldError: FieldErrorRenderer
  clear(field: string): void
}

const controlId = (q: Question) => `q-${q.id}`
const errorId = (q: Question) => `q-${q.id}-error`

const label = (q: Question, t: Messages) =>
  html`${q.label}${q.required ? nothing : html` <span class="field__optional">(${t.optional})</span>`}`

/** One question as a labelled control: a text box, a text area, radio buttons, checkboxes or one checkbox. */
export function renderQuestion(q: Question, ctx: QuestionContext): TemplateResult {
  const field = fieldOf(q)
  const error = ctx.errors[field]
  const invalid = error ? 'true' : 'false'
  const describedBy = error ? errorId(q) : nothing
  const clear = () => ctx.clear(field)
  switch (q.type) {
    case 'text':
    case 'textarea':
      return html`<div class="field" part="field question">
        <label class="field__label" for=${controlId(q)}>${label(q, ctx.t)}</label>
        ${
          q.type === 'text'
            ? html`<input class="field__input" part="input" id=${controlId(q)} name=${field} type="text" maxlength="500"
              ?required=${q.required} aria-invalid=${invalid} aria-describedby=${describedBy} @input=${clear} />`
            : html`<textarea class="field__input field__input--area" part="input" id=${controlId(q)} name=${field} rows="3" maxlength="2000"
              ?required=${q.required} aria-invalid=${invalid} aria-describedby=${describedBy} @input=${clear}></textarea>`
        }
        ${ctx.fieldError(field, errorId(q))}
      </div>`
    case 'choice':
    case 'multi':
      return html`<fieldset class="field choices" part="field question" aria-invalid=${invalid} aria-describedby=${describedBy}>
        <legend class="field__label">${label(q, ctx.t)}</legend>
        ${(q.options ?? []).map(
          (option) => html`<label class="choice">
            <input type=${q.type === 'choice' ? 'radio' : 'checkbox'} name=${field} value=${option} @change=${clear} />
            <span>${option}</span>
          </label>`,
        )}
        ${ctx.fieldError(field, errorId(q))}
      </fieldset>`
    case 'checkbox':
      return html`<div class="field" part="field question">
        <label class="choice choice--single">
          <input type="checkbox" id=${controlId(q)} name=${field} ?required=${q.required} aria-invalid=${invalid}
            aria-describedby=${describedBy} @change=${clear} />
          <span>${label(q, ctx.t)}</span>
        </label>
        ${ctx.fieldError(field, errorId(q))}
      </div>`
  }
}

/** The answers in the form to the questions shown, as the server takes them; blanks are left out. */
export function readAnswers(form: HTMLFormElement, questions: readonly Question[]): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {}
  for (const q of questions) {
    const field = fieldOf(q)
    if (q.type === 'checkbox') {
      const box = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field)}"]`)
      if (box?.checked) answers[q.id] = true
    } else if (q.type === 'multi') {
      const chosen = [...form.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(field)}"]:checked`)].map((i) => i.value)
      if (chosen.length) answers[q.id] = chosen
    } else if (q.type === 'choice') {
      const chosen = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field)}"]:checked`)
      if (chosen) answers[q.id] = chosen.value
    } else {
      const value = (form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null)?.value.trim() ?? ''
      if (value) answers[q.id] = value
    }
  }
  return answers
}

/** The same rules the server applies, in the visitor's language: a required question needs an answer. */
export function checkAnswers(questions: readonly Question[], answers: Record<string, AnswerValue>, t: Messages): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const q of questions) {
    // Own answers only: a question whose id is `constructor` is not answered by Object.prototype.
    const v = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined
    if (q.type === 'text' && typeof v === 'string' && v.length > 500) errors[fieldOf(q)] = t.tooLong(500)
    if (!q.required || v !== undefined) continue
    errors[fieldOf(q)] = q.type === 'checkbox' ? t.tickBox : q.type === 'choice' || q.type === 'multi' ? t.chooseOption : t.required
  }
  return errors
}
