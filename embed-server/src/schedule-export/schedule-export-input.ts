import { roomsAndTracksOf, type ScheduleExport, type ScheduleSession } from '@event-service/server-common'
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
  const { event } = data
  const sessions: ScheduleSession[] = data.sessions.map((s, i) => ({
    id: s.id,
    number: data.sessionNumbers[i] as number,
    title: s.title,
    description: s.description,
    starts_at: s.starts_at,
    ends_at: s.ends_at,
    room: s.room,
    track: s.track,
    format: s.format,
    language: s.language,
    tags: s.tags,
    slides_url: s.slides_url,
    recording_url: s.recording_url,
    cancelled: s.cancelled,
    speakers: s.speakers.map((card) => {
      const speaker = data.speakersById.get(card.id)
      return { id: card.id, name: card.name, bio: speaker?.bio ?? null, photo_url: card.photo_url, links: speaker?.links ?? [] }
    }),
  }))
  return {
    event: {
      id: event.id,
      name: event.name,
      description: event.description,
      timezone: event.timezone,
      starts_at: event.starts_at,
      ends_at: event.ends_at,
      venue: event.venue,
      ...roomsAndTracksOf(sessions),
    },
    sessions,
    sessionUrl: (sessionId) => `${apiRoot}/events/${event.id}/sessions/${sessionId}`,
  }
}
