import type { ReadData } from '@event-service/widgets/first-screens'
import { publicSession, publicSpeaker } from '../events/events.routes.ts'
import { type EventData, filterSessions } from '../events/events.service.ts'

/**
 * The event's data for the reads an element's manifest makes (`Read`: a part, and an item's id),
 * as the JSON reads answer them; an id the event does not have throws the read's 404.
 */
export const readerOf =
  (data: EventData): ReadData =>
  (read) => {
    switch (read.part) {
      case 'event':
        return data.event
      case 'sessions':
        return read.attribute === undefined ? filterSessions(data, {}) : publicSession(data, read.id ?? '')
      case 'speakers':
        return read.attribute === undefined ? data.speakers : publicSpeaker(data, read.id ?? '')
    }
  }
