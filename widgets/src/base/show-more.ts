import { html, nothing, type ReactiveControllerHost } from 'lit'
import type { Messages } from '../i18n/index.js'

/** How many items a list or gallery shows at first, and how many more each "Show more" adds. */
export const PAGE_SIZE = 8

/**
 * A list that pages visibly instead of hiding its end in a box: the first `PAGE_SIZE` items, then
 * a "Show 8 more" button with how many of how many show. A click shows the next page and takes the
 * focus to its first item (the button may be gone), so a keyboard carries on where it was.
 */
export class ShowMore {
  /** How many items show: a function of nothing but the clicks, the same on the server's screen. */
  count = PAGE_SIZE

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The focusable item at an index, once drawn. */
    private readonly itemAt: (index: number) => HTMLElement | null | undefined,
  ) {}

  /** The items to draw of `all`. */
  shown<T>(all: T[]): T[] {
    return all.slice(0, this.count)
  }

  /** The button and the count, when some of `total` items do not show yet. */
  render(t: Messages, total: number) {
    const shown = Math.min(this.count, total)
    if (shown >= total) return nothing
    return html`<div class="more">
      <span class="more__count" part="show-more-count">${t.shownOf(shown, total)}</span>
      <button class="btn" part="button show-more" type="button" @click=${() => this.more(shown)}>
        ${t.showMore(Math.min(PAGE_SIZE, total - shown))}
      </button>
    </div>`
  }

  private more(shown: number): void {
    this.count = shown + PAGE_SIZE
    this.host.requestUpdate()
    void this.host.updateComplete.then(() => this.itemAt(shown)?.focus())
  }
}
