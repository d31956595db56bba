import type { Database } from '@event-service/db'
import { sql, type Transaction } from 'kysely'
import type { SourceSystem } from './formats/imported-schedule.ts'
import {
  type CurrentEvent,
  type CurrentSession,
  type CurrentSpeaker,
  type PlannedImport,
  SESSION_FIELDS,
  SPEAKER_FIELDS,
} from './import-plan.ts'

/** Rows per multi-row insert: well under Postgres's 65,535 bind parameters for the widest row. */
const INSERT_CHUNK = 500

function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Imported speakers are on the schedule: the embed API shows them (docs/admin-api.md#speaker). */
const IMPORTED_SPEAKER_STATUS = 'scheduled'

/**
 * The event, its sessions (with their speakers' ids in order) and its speakers, with the event
 * locked for update until the transaction ends: imports into one event, and changes of its dates,
 * take turns.
 */
export async function readCurrent(
  trx: Transaction<Database>,
  accountId: string,
  eventId: string,
): Promise<{ event: CurrentEvent; sessions: CurrentSession[]; speakers: CurrentSpeaker[] } | undefined> {
  const event = await trx
    .selectFrom('events')
    .select(['id', 'timezone', 'starts_at', 'ends_at', 'rooms', 'tracks'])
    .where('id', '=', eventId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (!event) return undefined
  const [sessions, speakers, assignments] = await Promise.all([
    trx
      .selectFrom('sessions')
      .select(['id', 'source', 'source_id', ...SESSION_FIELDS])
      .where('event_id', '=', eventId)
      .execute(),
    trx
      .selectFrom('speakers')
      .select(['id', 'source', 'source_id', 'email', 'status', ...SPEAKER_FIELDS])
      .where('event_id', '=', eventId)
      .execute(),
    trx
      .selectFrom('session_speakers as ss')
      .innerJoin('sessions as s', 's.id', 'ss.session_id')
      .select(['ss.session_id', 'ss.speaker_id'])
      .where('s.event_id', '=', eventId)
      .orderBy('ss.session_id')
      .orderBy('ss.position')
      .execute(),
  ])
  const speakerIds = new Map<string, string[]>()
  for (const a of assignments) speakerIds.set(a.session_id, [...(speakerIds.get(a.session_id) ?? []), a.speaker_id])
  return { event, sessions: sessions.map((s) => ({ ...s, speaker_ids: speakerIds.get(s.id) ?? [] })), speakers }
}

/**
 * Carries out a plan in the caller's transaction: the event's fields, then speakers (so that
 * sessions can name them), then sessions and their speakers. Each write fires the database's
 * change record like any other, so open widgets and webhooks hear of it. `onWritten` counts items.
 */
export async function writeImport(
  trx: Transaction<Database>,
  target: { accountId: string; eventId: string; system: SourceSystem },
  planned: PlannedImport,
  onWritten: (count: number) => void,
): Promise<void> {
  const { accountId, eventId, system } = target
  if (Object.keys(planned.event).length > 0) {
    await trx
      .updateTable('events')
      .set({ ...planned.event, updated_at: sql`now()` })
      .where('id', '=', eventId)
      .execute()
  }

  const speakerIds = new Map(planned.speakerIds)
  const newSpeakers = planned.speakers.flatMap((w) => (w.kind === 'create' ? [w.values] : []))
  for (const chunk of chunks(newSpeakers)) {
    const rows = await trx
      .insertInto('speakers')
      .values(
        chunk.map((v) => ({
          account_id: accountId,
          event_id: eventId,
          email: v.email,
          name: v.name,
          bio: v.bio,
          photo_url: v.photo_url,
          links: JSON.stringify(v.links),
          status: IMPORTED_SPEAKER_STATUS,
          source: system,
          source_id: v.source_id,
        })),
      )
      .returning(['id', 'source_id'])
      .execute()
    for (const row of rows) speakerIds.set(row.source_id as string, row.id)
    onWritten(chunk.length)
  }
  for (const write of planned.speakers) {
    if (write.kind === 'create') continue
    if (write.kind === 'remove') {
      if (write.action === 'delete') await trx.deleteFrom('speakers').where('id', '=', write.id).execute()
      else await trx.updateTable('speakers').set({ status: 'withdrawn', updated_at: sql`now()` }).where('id', '=', write.id).execute()
    } else {
      // Only what changed: a field the format does not carry (a biography, read from XML) stays.
      const v = write.values
      const changed = new Set(write.fields)
      await trx
        .updateTable('speakers')
        .set({
          ...(changed.has('name') && { name: v.name }),
          ...(changed.has('bio') && { bio: v.bio }),
          ...(changed.has('photo_url') && { photo_url: v.photo_url }),
          ...(changed.has('links') && { links: JSON.stringify(v.links) }),
          // An address the organiser typed is kept as typed when the source has the same one.
          ...(changed.has('email') && { email: v.email }),
          source: system,
          source_id: v.source_id,
          updated_at: sql`now()`,
        })
        .where('id', '=', write.id)
        .execute()
    }
    onWritten(1)
  }

  const sessionFields = (v: PlannedImport['sessions'][number] & { kind: 'create' | 'update' }) => ({
    title: v.values.title,
    description: v.values.description,
    starts_at: v.values.starts_at,
    ends_at: v.values.ends_at,
    room: v.values.room,
    track: v.values.track,
    format: v.values.format,
    language: v.values.language,
    tags: v.values.tags,
    slides_url: v.values.slides_url,
    recording_url: v.values.recording_url,
    cancelled: v.values.cancelled,
  })
  const assignments: { session_id: string; speaker_id: string; position: number }[] = []
  const assign = (sessionId: string, sourceIds: string[]) => {
    const ids = [...new Set(sourceIds.map((id) => speakerIds.get(id)).filter((id): id is string => id !== undefined))]
    for (const [position, speakerId] of ids.entries()) assignments.push({ session_id: sessionId, speaker_id: speakerId, position })
  }

  const creates = planned.sessions.filter((w) => w.kind === 'create')
  for (const chunk of chunks(creates)) {
    const rows = await trx
      .insertInto('sessions')
      .values(
        chunk.map((w) => ({
          account_id: accountId,
          event_id: eventId,
          source: system,
          source_id: w.values.source_id,
          ...sessionFields(w),
        })),
      )
      .returning(['id', 'source_id'])
      .execute()
    const bySourceId = new Map(chunk.map((w) => [w.values.source_id, w.values]))
    for (const row of rows) assign(row.id, bySourceId.get(row.source_id as string)?.speaker_ids ?? [])
    onWritten(chunk.length)
  }
  const respoken: string[] = []
  for (const write of planned.sessions) {
    if (write.kind === 'create') continue
    if (write.kind === 'remove') {
      if (write.action === 'delete') await trx.deleteFrom('sessions').where('id', '=', write.id).execute()
      else await trx.updateTable('sessions').set({ cancelled: true, updated_at: sql`now()` }).where('id', '=', write.id).execute()
    } else {
      await trx
        .updateTable('sessions')
        .set({ ...sessionFields(write), updated_at: sql`now()` })
        .where('id', '=', write.id)
        .execute()
      if (write.speakersChanged) {
        respoken.push(write.id)
        assign(write.id, write.values.speaker_ids)
      }
    }
    onWritten(1)
  }
  for (const chunk of chunks(respoken)) await trx.deleteFrom('session_speakers').where('session_id', 'in', chunk).execute()
  for (const chunk of chunks(assignments, 2000)) await trx.insertInto('session_speakers').values(chunk).execute()
}
