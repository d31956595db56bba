import type { Database, SpeakerLink } from '@event-service/db'
import { SCHEDULE_SESSION_FIELDS, type ScheduleExport, type ScheduleSpeaker, scheduleExport } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { getEvent } from '../events/events.service.ts'

/**
 * The schedule exports' input from the database: the event (404 `NOT_FOUND` when it is not the
 * account's), every session of it, cancelled ones too (the builder decides what the formats can
 * say of them), and every speaker assigned to a session, in the session's order, whatever the
 * speaker's status. Each session's `url` is its address in the embed API (`embedUrl`), as on the
 * embed server's own export.
 *
 * @example
 * const text = c3vocXml(await scheduleExportInput(db, accountId, eventId, 'https://embed.example'))
 */
export async function scheduleExportInput(
  db: Kysely<Database>,
  accountId: string,
  eventId: string,
  embedUrl: string,
): Promise<ScheduleExport> {
  const event = await getEvent(db, accountId, eventId)
  const [sessions, assigned] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['id', 'number', ...SCHEDULE_SESSION_FIELDS])
      .where('event_id', '=', eventId)
      .orderBy('starts_at')
      .orderBy('room')
      .orderBy('title')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('session_speakers as ss')
      .innerJoin('sessions as s', 's.id', 'ss.session_id')
      .innerJoin('speakers as sp', 'sp.id', 'ss.speaker_id')
      .select(['ss.session_id', 'sp.id', 'sp.name', 'sp.bio', 'sp.photo_url', 'sp.links'])
      .where('s.event_id', '=', eventId)
      .orderBy('ss.position')
      .orderBy('ss.speaker_id')
      .execute(),
  ])
  const speakersOf = new Map<string, ScheduleSpeaker[]>()
  for (const { session_id, links, ...speaker } of assigned) {
    const list = speakersOf.get(session_id) ?? []
    list.push({ ...speaker, links: (Array.isArray(links) ? links : []).map((l: SpeakerLink) => ({ url: l.url, label: l.label ?? null })) })
    speakersOf.set(session_id, list)
  }
  const exported = sessions.map((s) => ({ ...s, speakers: speakersOf.get(s.id) ?? [] }))
  return scheduleExport(event, exported, `${embedUrl.replace(/\/+$/, '')}/v1`)
}
