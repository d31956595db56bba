// Shows an ApiProblem's field errors on the form controls named after the fields (see
// field-problems.ts): the message replaces the control's hint and marks it invalid until cleared.
import { ApiProblem } from '../api/client.ts'
import { type FieldProblemLike, mapFieldProblems } from './field-problems.ts'
import { problemText } from './notify.ts'

const ERROR_ATTRIBUTE = 'data-field-error'
let errorIds = 0

interface ValidatableControl extends HTMLElement {
  name: string
  setCustomValidity?(message: string): void
}

function controlsIn(root: ParentNode): ValidatableControl[] {
  return [...root.querySelectorAll<ValidatableControl>('[name]')].filter(
    (el) => el.localName.startsWith('wa-') || 'setCustomValidity' in el,
  )
}

/** Removes the error texts and invalid marks applyFieldProblems left. */
export function clearFieldProblems(root: ParentNode): void {
  for (const error of root.querySelectorAll(`[${ERROR_ATTRIBUTE}]`)) {
    for (const described of root.querySelectorAll(`[aria-describedby~="${error.id || '-'}"]`)) {
      const rest = (described.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error.id)
      if (rest.length) described.setAttribute('aria-describedby', rest.join(' '))
      else described.removeAttribute('aria-describedby')
    }
    error.remove()
  }
  for (const control of controlsIn(root)) {
    if (!control.hasAttribute('aria-invalid')) continue
    control.removeAttribute('aria-invalid')
    control.setCustomValidity?.('')
  }
}

/**
 * Puts each field's message on its control (by `name`), focuses the first, and returns the
 * messages no control could show, for a summary above the form.
 *
 * @example
 * } catch (error) {
 *   if (error instanceof ApiProblem) this.formError = applyFieldProblems(this.renderRoot, error).join(' ') || error.message
 * }
 */
export function applyFieldProblems(root: ParentNode, problem: { fields: readonly FieldProblemLike[] }): string[] {
  clearFieldProblems(root)
  const controls = controlsIn(root)
  const byName = new Map(controls.map((control) => [control.getAttribute('name') ?? control.name, control]))
  const { byControl, unmatched } = mapFieldProblems(problem.fields, new Set(byName.keys()))
  let first: HTMLElement | undefined
  for (const [name, message] of Object.entries(byControl)) {
    const control = byName.get(name)!
    control.setAttribute('aria-invalid', 'true')
    control.setCustomValidity?.(message)
    const text = document.createElement('span')
    text.setAttribute(ERROR_ATTRIBUTE, '')
    text.className = 'field-error'
    text.textContent = message
    if (control.localName.startsWith('wa-')) {
      // Web Awesome controls show a `hint` slot under themselves and describe the control by it.
      text.slot = 'hint'
      control.append(text)
    } else {
      // A native control has no slot: the text follows it and describes it.
      text.id = `field-error-${++errorIds}`
      control.after(text)
      control.setAttribute('aria-describedby', `${control.getAttribute('aria-describedby') ?? ''} ${text.id}`.trim())
    }
    first ??= control
  }
  first?.focus()
  return unmatched
}

/**
 * A failed form's sentence: a validation error's fields go under their controls (the sentences
 * left over, those no control could show, are returned); any other failure, its text.
 *
 * @example
 * } catch (error) {
 *   this.formError = formProblemText(this.form, error)
 * }
 */
export function formProblemText(root: ParentNode, error: unknown): string {
  return error instanceof ApiProblem && error.fields.length ? applyFieldProblems(root, error).join(' ') : problemText(error)
}
