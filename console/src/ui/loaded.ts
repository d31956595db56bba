// One thing a screen reads on arrival (an account, a token, a list read whole): its value, the
// failure to read it, and its place on the page (the failure, the loading line or the content).
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { failureCallout, loadingLine } from './list-state.ts'
import { problemText } from './notify.ts'

export interface LoadedOptions<T> {
  read: () => Promise<T>
  /** The failure's sentence around the problem's own text; by default the problem's text alone. */
  failed?: (problem: string) => string
}

export class Loaded<T> implements ReactiveController {
  /** Undefined until the first read has worked. */
  value: T | undefined
  /** The failure's sentence, '' when the last read worked. */
  failure = ''
  /** Which read is the latest: an older answer arriving late is dropped. */
  private request = 0

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: LoadedOptions<T>,
  ) {
    host.addController(this)
  }

  /** A screen left behind takes no answer that arrives after it. */
  hostDisconnected(): void {
    this.request++
  }

  /** Reads (again); the value read before stays shown meanwhile. */
  async load(): Promise<void> {
    const request = ++this.request
    this.failure = ''
    this.host.requestUpdate()
    try {
      const value = await this.options.read()
      if (request === this.request) this.value = value
    } catch (error) {
      if (request === this.request) this.failure = (this.options.failed ?? String)(problemText(error))
    }
    this.host.requestUpdate()
  }

  /** Shows `value`, as a change made on the screen answered, without reading again. */
  set(value: T): void {
    this.value = value
    this.host.requestUpdate()
  }

  /**
   * The failure (with "Try again" when `labels.retry` is given), the loading line, or `content`.
   * `frame` puts the failure in the page around it (a header with a way back), by default alone.
   */
  render(
    labels: { loading: string; retry?: string },
    content: (value: T) => unknown,
    frame: (failure: unknown) => unknown = (failure) => failure,
  ): unknown {
    if (this.failure) {
      const retry = labels.retry
      return frame(failureCallout(this.failure, retry ? { label: retry, run: () => void this.load() } : undefined))
    }
    return this.value === undefined ? loadingLine(labels.loading) : content(this.value)
  }
}
