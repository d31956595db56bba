import type { ReactiveController, ReactiveControllerHost } from 'lit'

/** The time source; tests replace `now` to put a schedule "during the event". */
export const clock = { now: (): number => Date.now() }

/**
 * Re-renders its host every `interval` ms while connected, so a "now" line moves and "live"
 * badges appear without a reload. Stays idle while the tab is hidden, and catches up when it is shown.
 */
export class ClockController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly interval = 60_000,
  ) {
    host.addController(this)
  }

  get now(): number {
    return clock.now()
  }

  /** A tab shown again may have been hidden for hours: the now line moves at once, not at the next tick. */
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.host.requestUpdate()
  }

  hostConnected(): void {
    this.timer = setInterval(this.onVisible, this.interval)
    document.addEventListener('visibilitychange', this.onVisible)
  }

  hostDisconnected(): void {
    clearInterval(this.timer)
    document.removeEventListener('visibilitychange', this.onVisible)
  }
}
