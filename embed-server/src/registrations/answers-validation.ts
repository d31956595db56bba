import type { AnswerValue, Question } from '@event-service/db'
import type { FieldError } from '@event-service/server-common'

/** Whether a question is asked of someone who chose `ticketId` (null: the event has no tickets). */
export const isAskedWith = (q: Pick<Question, 'ticket_ids'>, ticketId: string | null): boolean =>
  !q.ticket_ids || q.ticket_ids.length === 0 || (ticketId !== null && q.ticket_ids.includes(ticketId))

/** Whether an answer says nothing: empty text, no choice, an unticked box. */
const isBlank = (v: AnswerValue | undefined): boolean =>
  v === undefined || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

/** The problem with one given, non-blank answer to `q`, or undefined when it fits. */
function problemOf(q: Question, v: AnswerValue): string | undefined {
  switch (q.type) {
    case 'text':
    case 'textarea':
      if (typeof v !== 'string') return 'must be text'
      return q.type === 'text' && v.length > 500 ? 'must be at most 500 characters' : undefined
    case 'choice':
      if (typeof v !== 'string') return 'must be one of the options (text)'
      return (q.options ?? []).includes(v) ? undefined : 'Choose one of the options'
    case 'multi':
      if (!Array.isArray(v)) return 'must be a list of options'
      if (new Set(v).size !== v.length) return 'must not repeat an option'
      return v.every((o) => (q.options ?? []).includes(o)) ? undefined : 'Choose only from the options'
    case 'checkbox':
      return typeof v === 'boolean' ? undefined : 'must be true or false'
  }
}

/**
 * Checks answers against the event's questions, as the widget's form asks them (docs/embed-api.md#post-eventseventidregistrations):
 * an answer to no question (or to one not asked with the chosen ticket), a wrong type or choice,
 * and a required question left blank are field errors at `answers.<questionId>`. Returns the
 * errors and the answers to store: those of the questions asked, trimmed, blanks left out.
 */
export function checkAnswers(
  questions: readonly Question[],
  ticketId: string | null,
  answers: Readonly<Record<string, AnswerValue>>,
): { fields: FieldError[]; answers: Record<string, AnswerValue> } {
  const fields: FieldError[] = []
  // Question ids are the organiser's words: one named `constructor` must find its own answer or
  // none, never Object.prototype's (own-property lookups, a prototype-free result).
  const kept: Record<string, AnswerValue> = Object.create(null)
  const byId = new Map(questions.map((q) => [q.id, q]))
  for (const id of Object.keys(answers)) {
    const q = byId.get(id)
    if (!q) fields.push({ path: `answers.${id}`, message: 'This event has no such question' })
    else if (!isAskedWith(q, ticketId)) fields.push({ path: `answers.${id}`, message: 'This question is not asked with the chosen ticket' })
  }
  for (const q of questions) {
    if (!isAskedWith(q, ticketId)) continue
    const v = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined
    if (isBlank(v)) {
      if (q.required)
        fields.push({ path: `answers.${q.id}`, message: q.type === 'checkbox' ? 'Tick this box to register' : 'Answer this question' })
      continue
    }
    const problem = problemOf(q, v as AnswerValue)
    if (problem) fields.push({ path: `answers.${q.id}`, message: problem })
    else kept[q.id] = typeof v === 'string' ? v.trim() : (v as AnswerValue)
  }
  return { fields, answers: kept }
}
