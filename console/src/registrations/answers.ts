// A registration's answers as the detail view lists them: one line per question of the event, in
// the form's order, with its label; answers to questions removed since are kept at the end under
// their id, so nothing the registrant wrote is hidden.

export interface QuestionLike {
  id: string
  label: string
  type: string
}

export type AnswerValue = string | string[] | boolean

export interface AnswerLine {
  id: string
  label: string
  /** Text to show; `yes`/`no` words come from the caller for checkboxes. */
  text: string
  /** The question is no longer on the event's form. */
  removed: boolean
}

/**
 * @example
 * answerLines([{id: 'diet', label: 'Diet', type: 'multi'}], {diet: ['vegan', 'no nuts']}, {yes: 'Yes', no: 'No'})
 * // [{id: 'diet', label: 'Diet', text: 'vegan, no nuts', removed: false}]
 */
export function answerLines(
  questions: readonly QuestionLike[],
  answers: Readonly<Record<string, AnswerValue>>,
  words: { yes: string; no: string },
): AnswerLine[] {
  const text = (value: AnswerValue) =>
    typeof value === 'boolean' ? (value ? words.yes : words.no) : Array.isArray(value) ? value.join(', ') : value
  const asked = new Set(questions.map((q) => q.id))
  const lines: AnswerLine[] = []
  for (const q of questions) {
    if (Object.hasOwn(answers, q.id)) lines.push({ id: q.id, label: q.label, text: text(answers[q.id] as AnswerValue), removed: false })
  }
  for (const [id, value] of Object.entries(answers)) {
    if (!asked.has(id)) lines.push({ id, label: id, text: text(value), removed: true })
  }
  return lines
}
