import type { Database, SessionRow, SpeakerStatus } from '@event-service/db'
import { isPgError, notFound, SQLSTATE } from '@event-service/server-common'
import { sql, type Kysely, type Transaction } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import { assertEventVisible } from '../events/events.service.ts'
import { splitTags } from '../common/fields.ts'
import { assertSessionRules, lockEventDates } from './session-rules.ts'
import type { CreateSessionBody, ListSessionsQuery, UpdateSessionBody } from './sessions.schema.ts'

/** A speaker as a session lists it. */
export interface SessionSpeakerRecord {
  id: string
  name: string
  title: string | null
  company: string | null
  status: SpeakerStatus
  photo_url: string | null
}

export type SessionWithSpeakers = SessionRow & { speakers: SessionSpeakerRecord[] }

/**
 * Replaces the session's speakers. Every id must be a speaker of the session's event (and so of
 * the account); otherwise 404 `NOT_FOUND`, like any reference to something the caller cannot see.
 */
async function setSpeakers(
  trx: Transaction<Database>,
  accountId: string,
  eventId: string,
  sessionId: string,
  ids: string[],
): Promise<void> {
  if (ids.length > 0) {
    const found = await trx
      .selectFrom('speakers')
      .select('id')
      .where('id', 'in', ids)
      .where('event_id', '=', eventId)
      .where('account_id', '=', accountId)
      .execute()
    const known = new Set(found.map((r) => r.id))
    const missing = ids.find((id) => !known.has(id.toLowerCase()))
    if (missing) throw notFound(`Speaker ${missing} in this event`)
  }
  await trx.deleteFrom('session_speakers').where('session_id', '=', sessionId).execute()
  if (ids.length > 0) {
    await trx
      .insertInto('session_speakers')
      .values(ids.map((id, position) => ({ session_id: sessionId, speaker_id: id.toLowerCase(), position })))
      .execute()
  }
}

/** The speakers of each session, in their listed order. */
async function speakersOf(db: Kysely<Database>, sessionIds: string[]): Promise<Map<string, SessionSpeakerRecord[]>> {
  const bySession = new Map<string, SessionSpeakerRecord[]>(sessionIds.map((id) => [id, []]))
  if (sessionIds.length === 0) return bySession
  const rows = await db
    .selectFrom('session_speakers as ss')
    .innerJoin('speakers as s', 's.id', 'ss.speaker_id')
    .select(['ss.session_id', 's.id', 's.name', 's.title', 's.company', 's.status', 's.photo_url'])
    .where('ss.session_id', 'in', sessionIds)
    .orderBy('ss.session_id')
    .orderBy('ss.position')
    .execute()
  for (const { session_id, ...speaker } of rows) bySession.get(session_id)?.push(speaker)
  return bySession
}

async function withSpeakers(db: Kysely<Database>, row: SessionRow): Promise<SessionWithSpeakers> {
  return { ...row, speakers: (await speakersOf(db, [row.id])).get(row.id) ?? [] }
}

function mapForeignKeyViolation(err: unknown): never {
  // An event or speaker deleted while the session was being written.
  if (isPgError(err, SQLSTATE.foreignKeyViolation)) throw notFound('Event or speaker')
  throw err
}

export async function createSession(db: Kysely<Database>, accountId: string, input: CreateSessionBody): Promise<SessionWithSpeakers> {
  const startsAt = new Date(input.starts_at)
  const endsAt = new Date(input.ends_at)
  return db
    .transaction()
    .execute(async (trx) => {
      assertSessionRules({ starts_at: startsAt, ends_at: endsAt }, await lockEventDates(trx, accountId, input.event_id))
      const session = await trx
        .insertInto('sessions')
        .values({
          account_id: accountId,
          event_id: input.event_id,
          title: input.title,
          description: input.description ?? null,
          starts_at: startsAt,
          ends_at: endsAt,
          track: input.track ?? null,
          room: input.room ?? null,
          format: input.format ?? null,
          level: input.level ?? null,
          language: input.language ?? null,
          tags: input.tags ?? [],
          slides_url: input.slides_url ?? null,
          recording_url: input.recording_url ?? null,
          cancelled: input.cancelled ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await setSpeakers(trx, accountId, input.event_id, session.id, input.speaker_ids)
      return withSpeakers(trx, session)
    })
    .catch(mapForeignKeyViolation)
}

export async function getSession(db: Kysely<Database>, accountId: string, id: string): Promise<SessionWithSpeakers> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (!row) throw notFound('Session')
  return withSpeakers(db, row)
}

export async function listSessions(
  db: Kysely<Database>,
  accountId: string,
  q: ListSessionsQuery,
): Promise<{ rows: SessionWithSpeakers[]; total: number }> {
  await assertEventVisible(db, accountId, q.event_id)
  let base = db.selectFrom('sessions').where('event_id', '=', q.event_id).where('account_id', '=', accountId)
  if (q.track !== undefined) base = base.where('track', '=', q.track)
  if (q.room !== undefined) base = base.where('room', '=', q.room)
  if (q.format !== undefined) base = base.where('format', '=', q.format)
  if (q.level !== undefined) base = base.where('level', '=', q.level)
  // RFC 4647 basic filtering: `pt` matches `pt` and `pt-BR`; tags are stored in canonical case,
  // but subtags compare case-insensitively.
  if (q.language !== undefined) {
    const language = q.language.toLowerCase()
    base = base.where((eb) => eb.or([eb(sql`lower(language)`, '=', language), eb(sql`lower(language)`, 'like', `${language}-%`)]))
  }
  const tags = q.tags === undefined ? [] : splitTags(q.tags)
  if (tags.length > 0) base = base.where(sql<boolean>`tags && ${sql.val(tags)}::text[]`)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  const speakers = await speakersOf(
    db,
    rows.map((r) => r.id),
  )
  return { rows: rows.map((r) => ({ ...r, speakers: speakers.get(r.id) ?? [] })), total: Number(count.total) }
}

/** Changes the fields present (`speaker_ids` replaces the list); an empty body changes nothing. */
export async function updateSession(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  input: UpdateSessionBody,
): Promise<SessionWithSpeakers> {
  if (Object.keys(input).length === 0) return getSession(db, accountId, id)
  return db
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .forUpdate()
        .executeTakeFirst()
      if (!current) throw notFound('Session')
      const startsAt = input.starts_at ? new Date(input.starts_at) : current.starts_at
      const endsAt = input.ends_at ? new Date(input.ends_at) : current.ends_at
      if (input.starts_at !== undefined || input.ends_at !== undefined) {
        assertSessionRules({ starts_at: startsAt, ends_at: endsAt }, await lockEventDates(trx, accountId, current.event_id))
      }
      const updated = await trx
        .updateTable('sessions')
        .set({
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.starts_at !== undefined && { starts_at: startsAt }),
          ...(input.ends_at !== undefined && { ends_at: endsAt }),
          ...(input.track !== undefined && { track: input.track }),
          ...(input.room !== undefined && { room: input.room }),
          ...(input.format !== undefined && { format: input.format }),
          ...(input.level !== undefined && { level: input.level }),
          ...(input.language !== undefined && { language: input.language }),
          ...(input.tags !== undefined && { tags: input.tags }),
          ...(input.slides_url !== undefined && { slides_url: input.slides_url }),
          ...(input.recording_url !== undefined && { recording_url: input.recording_url }),
          ...(input.cancelled !== undefined && { cancelled: input.cancelled }),
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      if (input.speaker_ids !== undefined) await setSpeakers(trx, accountId, current.event_id, id, input.speaker_ids)
      return withSpeakers(trx, updated)
    })
    .catch(mapForeignKeyViolation)
}

/**
 * Deletes the session; the database announces it as `session.deleted` with its last presentation,
 * speakers included (recorded before the delete cascades to their assignments).
 */
export async function deleteSession(db: Kysely<Database>, accountId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw notFound('Session')
}
