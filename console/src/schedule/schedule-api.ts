/**
 * The editor's requests. Lists are read to the end (the API pages at most 100 items), so the grid
 * and conflict detection always see every session and speaker of the event.
 */
import type { components } from '../api/types.ts'
import { apiGet, apiSend } from '../api/client.ts'
import { everyItem } from '../api/every-item.ts'
import type { PlaceBody, SessionChanges } from './patch.ts'

type Schemas = components['schemas']

/** The event, as far as the editor reads it (its zone and dates). */
export type ScheduleEvent = Pick<Schemas['Event'], 'id' | 'name' | 'timezone' | 'starts_at' | 'ends_at' | 'rooms' | 'tracks'>
export type Session = Schemas['Session']
export type SpeakerOption = Pick<Schemas['Speaker'], 'id' | 'name' | 'company'>

export async function loadSchedule(eventId: string): Promise<{ event: ScheduleEvent; sessions: Session[]; speakers: SpeakerOption[] }> {
  const [event, sessions, speakers] = await Promise.all([
    apiGet<ScheduleEvent>(`/events/${encodeURIComponent(eventId)}`),
    everyItem<Session>('/sessions', { event_id: eventId, sort: 'starts_at' }),
    everyItem<SpeakerOption>('/speakers', { event_id: eventId, sort: 'name' }),
  ])
  return { event, sessions, speakers }
}

/** Names the event's rooms anew (a room added in the editor joins the end of the list). */
export function setEventRooms(eventId: string, rooms: string[]): Promise<ScheduleEvent> {
  return apiSend<ScheduleEvent>('PATCH', `/events/${encodeURIComponent(eventId)}`, { rooms })
}

/** One PATCH with start, end and room: a move or a resize. */
export function placeSession(id: string, body: PlaceBody): Promise<Session> {
  return apiSend<Session>('PATCH', `/sessions/${encodeURIComponent(id)}`, body)
}

export function updateSession(id: string, body: SessionChanges & { cancelled?: boolean }): Promise<Session> {
  return apiSend<Session>('PATCH', `/sessions/${encodeURIComponent(id)}`, body)
}

export function createSession(
  body: SessionChanges & { event_id: string; title: string; starts_at: string; ends_at: string },
): Promise<Session> {
  return apiSend<Session>('POST', '/sessions', body)
}

export function deleteSession(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/sessions/${encodeURIComponent(id)}`)
}
