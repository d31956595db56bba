// A form's sending, the same on every screen: one request at a time, the button busy meanwhile,
// field errors under their controls and the rest in a callout above the form.
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit'
import { clearFieldProblems, formProblemText } from './form-errors.ts'

export class FormSubmission {
  /** Whether a request is under way (the submit button shows `?loading`). */
  busy = false
  /** The sentence above the form, '' when there is none. */
  error = ''

  /** `form` finds the form when it is sent (it is drawn after the controller is made). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly form: () => HTMLFormElement,
  ) {}

  /**
   * Starts a submit: keeps the browser from sending the form and clears the last failure.
   * False while a request is still under way (a second press sends nothing).
   */
  begin(event: SubmitEvent): boolean {
    event.preventDefault()
    if (this.busy) return false
    this.error = ''
    clearFieldProblems(this.form())
    this.host.requestUpdate()
    return true
  }

  /**
   * Sends with the form busy. A failure's field errors go under their controls, the rest into
   * `error`; `explain` may say a known failure in the screen's own words instead.
   */
  async send(request: () => Promise<void>, explain?: (error: unknown) => string | undefined): Promise<void> {
    this.busy = true
    this.host.requestUpdate()
    try {
      await request()
    } catch (error) {
      this.error = explain?.(error) ?? formProblemText(this.form(), error)
    } finally {
      this.busy = false
      this.host.requestUpdate()
    }
  }

  /** The callout above the form (announced at once), or nothing. */
  renderError(): TemplateResult | typeof nothing {
    return this.error ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>` : nothing
  }
}
