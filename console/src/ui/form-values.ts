// Reading a <form> of Web Awesome controls (form-associated, so FormData sees their values).

/**
 * The form's text values by control name, trimmed unless `raw` names them (passwords keep spaces).
 *
 * @example
 * const { email, password } = formValues(form, ['password'])
 */
export function formValues(form: HTMLFormElement, raw: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') continue
    values[name] = raw.includes(name) ? value : value.trim()
  }
  return values
}
