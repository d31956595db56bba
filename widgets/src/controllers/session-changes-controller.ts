import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { Session } from '../api/types.js'
import { type SessionChanges, sessionChanges } from '../base/session-changes.js'

/** How long a moved or cancelled session stays highlighted after a live change. */
export const HIGHLIGHT_MS = 8_000

/**
 * Remembers which sessions a live change moved or cancelled, for a few seconds: their cards are
 * highlighted and one sentence about them is announced politely (`announcement`, for a
 * `role="status"` region). One timer per element, however many sessions changed.
 */
export class SessionChangesController implements ReactiveController {
  private ids = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | undefined
  /** What to announce: the latest change, in words. */
  announcement = ''

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this)
  }

  /** Whether `id` was just moved or cancelled. */
  has(id: string): boolean {
    return this.ids.has(id)
  }

  /** Compares the data before and after a change; `describe` words what changed (empty: nothing to say). */
  note(before: readonly Session[] | undefined, after: readonly Session[], describe: (changes: SessionChanges) => string): void {
    if (!before) return
    const changes = sessionChanges(before, after)
    const changed = [...changes.moved, ...changes.cancelled]
    if (!changed.length) return
    this.ids = new Set(changed.map((s) => s.id))
    this.announcement = describe(changes)
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.ids = new Set()
      this.announcement = ''
      this.host.requestUpdate()
    }, HIGHLIGHT_MS)
    this.host.requestUpdate()
  }

  hostDisconnected(): void {
    clearTimeout(this.timer)
  }
}
