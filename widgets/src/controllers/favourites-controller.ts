import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { emit } from '../base/events.js'
import { prefKey, readPref, writePref } from './storage.js'

type Listener = () => void
const listeners = new Map<string, Set<Listener>>()

function notify(eventId: string): void {
  for (const fn of listeners.get(eventId) ?? []) fn()
}

// Another tab changed the favourites: every widget of that event on this page follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    for (const eventId of listeners.keys()) if (e.key === prefKey(`favourites:${eventId}`)) notify(eventId)
  })
}

/**
 * Favourite sessions of one event, kept in localStorage and shared live between every widget of
 * that event on the page (a star in the schedule shows at once in a session detail).
 */
export class FavouritesController implements ReactiveController {
  private readonly onChange = () => this.host.requestUpdate()

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly eventId: () => string | undefined,
  ) {
    host.addController(this)
  }

  hostConnected(): void {
    this.listen(true)
  }

  hostDisconnected(): void {
    this.listen(false)
  }

  private listen(on: boolean): void {
    // Subscribed under every event id seen, so switching `event-id` keeps working.
    const id = this.eventId() ?? ''
    let set = listeners.get(id)
    if (!set) {
      set = new Set()
      listeners.set(id, set)
    }
    if (on) set.add(this.onChange)
    else for (const s of listeners.values()) s.delete(this.onChange)
  }

  private get key(): string {
    return `favourites:${this.eventId() ?? ''}`
  }

  /** Ids of the favourite sessions. */
  get ids(): Set<string> {
    return new Set(readPref<string[]>(this.key, []))
  }

  has(id: string): boolean {
    return this.ids.has(id)
  }

  /** Stars or unstars a session, and tells the host page (`service-favourite-change`). */
  toggle(id: string): boolean {
    const ids = this.ids
    const added = !ids.has(id)
    if (added) ids.add(id)
    else ids.delete(id)
    writePref(this.key, [...ids])
    this.listen(true)
    notify(this.eventId() ?? '')
    emit(this.host, 'service-favourite-change', { sessionId: id, favourite: added, favourites: [...ids] })
    return added
  }
}
