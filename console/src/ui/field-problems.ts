// The API names an invalid field by its path (`name`, `tickets.0.capacity`); forms name their
// controls the same way, so a VALIDATION_ERROR lands beside the control it is about.

export interface FieldProblemLike {
  path: string
  message: string
}

/**
 * The control a field path belongs to: the control of that exact name, else of its nearest parent
 * path (`tickets.0.capacity` → `tickets.0` → `tickets`), so a problem with a list lands on the list.
 */
export function controlFor(path: string, controlNames: ReadonlySet<string>): string | undefined {
  const parts = path.split('.')
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.')
    if (controlNames.has(candidate)) return candidate
  }
  return undefined
}

/**
 * Sorts field problems onto controls: each control's messages joined, and the messages no control
 * can show (to be shown above the form).
 *
 * @example
 * mapFieldProblems([{path: 'name', message: 'name is required'}], new Set(['name']))
 * // {byControl: {name: 'name is required'}, unmatched: []}
 */
export function mapFieldProblems(
  fields: readonly FieldProblemLike[],
  controlNames: ReadonlySet<string>,
): { byControl: Record<string, string>; unmatched: string[] } {
  const byControl: Record<string, string> = {}
  const unmatched: string[] = []
  for (const field of fields) {
    const control = controlFor(field.path, controlNames)
    if (control === undefined) unmatched.push(field.message)
    else byControl[control] = byControl[control] ? `${byControl[control]}; ${field.message}` : field.message
  }
  return { byControl, unmatched }
}
