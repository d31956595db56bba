// Shows an ApiProblem's field errors on the form controls named after the fields (see
// field-problems.ts): the message replaces the control's hint and marks it invalid until cleared.
import type { ApiProblem } from '../api/client.ts'
import { mapFieldProblems } from './field-problems.ts'

const ERROR_ATTRIBUTE = 'data-field-error'

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
  for (const error of root.querySelectorAll(`[${ERROR_ATTRIBUTE}]`)) error.remove()
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
export function applyFieldProblems(root: ParentNode, problem: ApiProblem): string[] {
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
    text.slot = 'hint'
    text.setAttribute(ERROR_ATTRIBUTE, '')
    text.className = 'field-error'
    text.textContent = message
    control.append(text)
    first ??= control
  }
  first?.focus()
  return unmatched
}
