/**
 * Library entry for bundler users: importing it defines every element. To ship only some,
 * import `@event-service/widgets/schedule` and friends instead.
 *
 * @example
 * import '@event-service/widgets/schedule';
 * // <service-schedule event-id="…" token="emb_…" api-base="https://embed.example.com">
 */
export { ServiceSchedule } from './components/schedule/schedule.js'
export { ServiceSessionList } from './components/session-list/session-list.js'
export { ServiceSessionDetail } from './components/session-detail/session-detail.js'
export { ServiceSpeakers } from './components/speakers/speakers.js'
export { ServiceSpeakerCard } from './components/speaker-card/speaker-card.js'
export { ServiceRegistration } from './components/registration/registration.js'
export type {
  FavouriteChangeDetail,
  RegistrationSubmitDetail,
  ServiceEventMap,
  SessionOpenDetail,
  SpeakerOpenDetail,
} from './base/events.js'
export { AttributeError } from './base/problem.js'
export { ServiceElement, type Theme } from './base/service-element.js'
export { ApiError } from './api/api-error.js'
export type * from './api/types.js'
