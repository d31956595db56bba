// The states a screen's data passes through before it is shown: a failure (with "Try again" where
// reading again can help), the first load (a spinner with a line that says so), and an empty list.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { html, nothing, type TemplateResult } from 'lit'

/** A failure to read, said at once (role alert), with a button that reads again when `retry` is given. */
export function failureCallout(message: string, retry?: { label: string; run: () => void }): TemplateResult {
  return html`<wa-callout variant="danger" role="alert"
    >${message} ${retry ? html`<wa-button size="s" @click=${() => retry.run()}>${retry.label}</wa-button>` : nothing}</wa-callout
  >`
}

/** The line shown while data is first read (a live status, so screen readers hear it too). */
export function loadingLine(label: string): TemplateResult {
  return html`<p role="status"><wa-spinner></wa-spinner> ${label}</p>`
}

/** The sentence in place of an empty list. */
export function emptyText(text: string): TemplateResult {
  return html`<p class="muted">${text}</p>`
}

export interface ListState {
  /** The failure's sentence, '' when the last read worked. */
  failure: string
  /** Whether the first read is still under way (nothing to show yet). */
  loading: boolean
  /** Reads again; without it the failure offers no button. */
  retry?: () => void
  /** The feature's texts: "Try again" and "Loading…". */
  labels: { retry: string; loading: string }
}

/** A list's place on the page: the failure, the loading line, or the content. */
export function listState({ failure, loading, retry, labels }: ListState, content: () => unknown): unknown {
  if (failure) return failureCallout(failure, retry && { label: labels.retry, run: retry })
  if (loading) return loadingLine(labels.loading)
  return content()
}
