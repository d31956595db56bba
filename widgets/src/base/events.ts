import type { Registration } from '../api/types.js'

/** Detail of `service-session-open`: the session a visitor opened (in a dialog, or from a link). */
export interface SessionOpenDetail {
  sessionId: string
}

/** Detail of `service-speaker-open`: the speaker whose profile a visitor opened. */
export interface SpeakerOpenDetail {
  speakerId: string
}

/** Detail of `service-favourite-change`: the session starred or unstarred, and the whole agenda after it. */
export interface FavouriteChangeDetail {
  sessionId: string
  favourite: boolean
  /** Every session of the visitor's agenda for this event, after the change. */
  favourites: string[]
}

/**
 * Detail of `service-registration-submit`: what the server accepted. A repeat of an email that was
 * already registered is answered alike (the server tells no one whether an email is known).
 */
export interface RegistrationSubmitDetail {
  registration: Registration
}

/**
 * Every event the elements send to the host page, by name: `service-` + what + what happened,
 * after Shoelace's `sl-*` events. All bubble and cross the shadow boundary (`composed`).
 */
export interface ServiceEventMap {
  'service-session-open': SessionOpenDetail
  'service-speaker-open': SpeakerOpenDetail
  'service-favourite-change': FavouriteChangeDetail
  'service-registration-submit': RegistrationSubmitDetail
}

/**
 * Sends one of the documented events from `target` (the element), bubbling and composed.
 *
 * @example emit(this, 'service-session-open', { sessionId: session.id })
 */
export function emit<K extends keyof ServiceEventMap>(target: EventTarget, type: K, detail: ServiceEventMap[K]): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
}

declare global {
  interface GlobalEventHandlersEventMap {
    'service-session-open': CustomEvent<SessionOpenDetail>
    'service-speaker-open': CustomEvent<SpeakerOpenDetail>
    'service-favourite-change': CustomEvent<FavouriteChangeDetail>
    'service-registration-submit': CustomEvent<RegistrationSubmitDetail>
  }
}
