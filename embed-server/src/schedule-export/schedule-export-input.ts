import { type ScheduleExport, type ScheduleSession, scheduleExport } from '@event-service/server-common'
import type { EventData } from '../events/events.service.ts'

/**
 * The schedule exports' input from the event's public data: what the embed API publishes and
 * nothing else (public speakers only, their public bio and web links), plus each session's
 * `number`, which the data carries for the exports without presenting it.
 *
 * @example
 * const text = c3vocJson(scheduleExportOf(data, 'https://embed.example/v1'))
 */
export function scheduleExportOf(data: EventData, apiRoot: string): ScheduleExport {
  const sessions: ScheduleSession[] = data.sessions.map((s, i) => ({
    ...s,
    number: data.sessionNumbers[i] as number,
    speakers: s.speakers.map((card) => {
      const speaker = data.speakersById.get(card.id)
      return { id: card.id, name: card.name, bio: speaker?.bio ?? null, photo_url: card.photo_url, links: speaker?.links ?? [] }
    }),
  }))
  return scheduleExport(data.event, sessions, apiRoot)
}
