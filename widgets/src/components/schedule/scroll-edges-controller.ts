import type { ReactiveController, ReactiveControllerHost } from 'lit'

type Host = ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment }

/**
 * Marks boxes that scroll sideways, so that CSS can show that they do: on each
 * `[data-scroll-edges]` element it sets `data-overflow` while its scroll area (the first
 * `[data-scroll-area]` inside) is wider than its box, and `data-at-start` / `data-at-end` at
 * either end; buttons with `data-scroll-by="±1"` in it scroll by one column (the width of the
 * area's first `.col-head`, else half the box) and are disabled at the end they point to.
 * Attributes, not state: scrolling never re-renders the element.
 */
export class ScrollEdgesController implements ReactiveController {
  private readonly watched = new Map<HTMLElement, () => void>()
  private observer?: ResizeObserver

  /** Made on first use, in a browser: the server draws the element without one. */
  private get resize(): ResizeObserver {
    this.observer ??= new ResizeObserver((entries) => {
      for (const e of entries) this.measure((e.target as HTMLElement).closest<HTMLElement>('[data-scroll-edges]'))
    })
    return this.observer
  }

  constructor(private readonly host: Host) {
    host.addController(this)
  }

  hostUpdated(): void {
    const boxes = new Set(this.host.renderRoot.querySelectorAll<HTMLElement>('[data-scroll-edges]'))
    for (const [box, stop] of this.watched) {
      if (!boxes.has(box)) {
        stop()
        this.watched.delete(box)
      }
    }
    // Measured by the observer once the browser has laid the box out (first thing after
    // `observe`, then on each change of size): reading sizes here would force that layout inside
    // the render, a long task for a day of a hundred cards.
    for (const box of boxes) if (!this.watched.has(box)) this.watch(box)
  }

  hostDisconnected(): void {
    for (const stop of this.watched.values()) stop()
    this.watched.clear()
  }

  private watch(box: HTMLElement): void {
    const area = box.querySelector<HTMLElement>('[data-scroll-area]')
    if (!area) return
    const onScroll = () => this.measure(box)
    const onClick = (e: Event) => {
      const button = (e.target as HTMLElement).closest<HTMLElement>('[data-scroll-by]')
      if (!button) return
      const column = area.querySelector<HTMLElement>('.col-head')
      const step = column
        ? column.offsetWidth + Number.parseFloat(getComputedStyle(column.parentElement!).columnGap || '0')
        : area.clientWidth / 2
      area.scrollBy({ left: Number(button.dataset.scrollBy) * step, behavior: 'smooth' })
    }
    area.addEventListener('scroll', onScroll, { passive: true })
    box.addEventListener('click', onClick)
    this.resize.observe(area)
    if (area.firstElementChild) this.resize.observe(area.firstElementChild)
    this.watched.set(box, () => {
      area.removeEventListener('scroll', onScroll)
      box.removeEventListener('click', onClick)
      this.resize.unobserve(area)
      if (area.firstElementChild) this.resize.unobserve(area.firstElementChild)
    })
  }

  private measure(box: HTMLElement | null): void {
    const area = box?.querySelector<HTMLElement>('[data-scroll-area]')
    if (!box || !area) return
    const overflow = area.scrollWidth > area.clientWidth + 1
    const atStart = area.scrollLeft <= 1
    const atEnd = area.scrollLeft + area.clientWidth >= area.scrollWidth - 1
    box.toggleAttribute('data-overflow', overflow)
    box.toggleAttribute('data-at-start', atStart)
    box.toggleAttribute('data-at-end', atEnd)
    for (const button of box.querySelectorAll<HTMLButtonElement>('[data-scroll-by]')) {
      button.disabled = Number(button.dataset.scrollBy) < 0 ? atStart : atEnd
    }
  }
}
