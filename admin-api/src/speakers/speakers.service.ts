import type { Database, SpeakerRow } from '@event-service/db'
import { isPgError, notFound, SQLSTATE } from '@event-service/server-common'
import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import { assertEventVisible } from '../events/events.service.ts'
import { splitTags } from '../common/fields.ts'
import type { ListSpeakersQuery, UpdateSpeakerBody, UpsertSpeakerBody } from './speakers.schema.ts'

/** What the presenter needs; `search_text` is never read back. */
export type SpeakerRecord = Omit<SpeakerRow, 'search_text'>

const COLUMNS = [
  'speakers.id',
  'speakers.account_id',
  'speakers.event_id',
  'speakers.email',
  'speakers.name',
  'speakers.title',
  'speakers.company',
  'speakers.bio',
  'speakers.photo_url',
  'speakers.status',
  'speakers.tags',
  'speakers.links',
  'speakers.source',
  'speakers.source_id',
  'speakers.created_at',
  'speakers.updated_at',
] as const

/** `\`, `%` and `_` match themselves in the search term, not as LIKE wildcards. */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The optional fields of the body, as column values, only where present. */
function optionalColumns(input: Partial<UpsertSpeakerBody>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.company !== undefined && { company: input.company }),
    ...(input.bio !== undefined && { bio: input.bio }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.tags !== undefined && { tags: input.tags }),
    ...(input.photo_url !== undefined && { photo_url: input.photo_url }),
    ...(input.links !== undefined && { links: JSON.stringify(input.links) }),
  }
}

/**
 * Creates the speaker, or updates the one of this event with the same email (compared
 * case-insensitively) in the same statement, so that concurrent upserts of one email yield one
 * speaker. On update, fields absent from the body keep their values. `created` tells which
 * happened (`xmax = 0` only on a freshly inserted row version); the database announces it as
 * `speaker.created` or `speaker.updated`.
 */
export async function upsertSpeaker(
  db: Kysely<Database>,
  accountId: string,
  input: UpsertSpeakerBody,
): Promise<{ speaker: SpeakerRecord; created: boolean }> {
  await assertEventVisible(db, accountId, input.event_id)
  const optional = optionalColumns(input)
  try {
    const row = await db
      .insertInto('speakers')
      .values({
        account_id: accountId,
        event_id: input.event_id,
        email: input.email,
        name: input.name,
        title: null,
        company: null,
        bio: null,
        photo_url: null,
        ...optional,
      })
      .onConflict((oc) =>
        oc.expression(sql`event_id, lower(email)`).doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          name: eb.ref('excluded.name'),
          ...Object.fromEntries(Object.keys(optional).map((column) => [column, eb.ref(`excluded.${column as keyof typeof optional}`)])),
          updated_at: sql`now()`,
        })),
      )
      .returning([...COLUMNS, sql<boolean>`xmax = 0`.as('created')])
      .executeTakeFirstOrThrow()
    // The database announces the change (`speaker.created` or `speaker.updated`).
    const { created, ...speaker } = row
    return { speaker, created }
  } catch (err) {
    // The event was deleted between the check and the insert.
    if (isPgError(err, SQLSTATE.foreignKeyViolation)) throw notFound('Event')
    throw err
  }
}

export async function getSpeaker(db: Kysely<Database>, accountId: string, id: string): Promise<SpeakerRecord> {
  const row = await db.selectFrom('speakers').select(COLUMNS).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (!row) throw notFound('Speaker')
  return row
}

function filters(q: ListSpeakersQuery, accountId: string) {
  const search = q.search?.trim()
  const tags = q.tags === undefined ? [] : splitTags(q.tags)
  return (eb: ExpressionBuilder<Database, 'speakers'>) =>
    eb.and([
      eb('speakers.event_id', '=', q.event_id),
      eb('speakers.account_id', '=', accountId),
      ...(q.status ? [eb('speakers.status', '=', q.status)] : []),
      ...(tags.length > 0 ? [sql<boolean>`speakers.tags && ${sql.val(tags)}::text[]`] : []),
      // search_text is lower(name ⏎ email ⏎ company) with a trigram GIN index, which serves
      // LIKE '%term%' for terms of 3 characters or more.
      ...(search ? [sql<boolean>`speakers.search_text like '%' || lower(${escapeLike(search)}) || '%'`] : []),
    ])
}

/**
 * The exact number of an event's speakers (of one status), from the `speaker_counts` table that
 * triggers keep in step with `speakers`: a few rows read instead of the event's speakers counted.
 */
function totalFromCounters(eventId: string, status: string | undefined) {
  return sql<number | string>`(select coalesce(sum(n), 0) from speaker_counts
    where event_id = ${eventId} ${status ? sql`and status = ${status}` : sql``})`
}

/**
 * One page of an event's speakers and the exact number of matches, in one query. Without
 * `search` or `tags` the total comes from the maintained counters; with them, from
 * `count(*) over ()`, since the matches are scanned for the page anyway (a second query would
 * scan them again). `withTotal: false` skips counting (used by the benchmark to price it).
 */
export async function listSpeakers(
  db: Kysely<Database>,
  accountId: string,
  q: ListSpeakersQuery,
  options: { withTotal?: boolean } = {},
): Promise<{ rows: SpeakerRecord[]; total: number }> {
  await assertEventVisible(db, accountId, q.event_id)
  const where = filters(q, accountId)
  const page = db
    .selectFrom('speakers')
    .select(COLUMNS)
    .where(where)
    .orderBy(`speakers.${q.sort}`, q.order)
    .orderBy('speakers.id', q.order)
    .limit(q.limit)
    .offset(offsetOf(q))
  if (options.withTotal === false) return { rows: await page.execute(), total: -1 }
  const scansMatches = Boolean(q.search?.trim()) || q.tags !== undefined
  const total = scansMatches ? sql<number | string>`count(*) over ()` : totalFromCounters(q.event_id, q.status)
  const counted = await page.select(total.as('full_count')).execute()
  if (counted.length === 0) {
    // Past the last page the total has no row to ride on: count on its own.
    const count = scansMatches
      ? db
          .selectFrom('speakers')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where(where)
      : db.selectNoFrom(totalFromCounters(q.event_id, q.status).as('total'))
    const { total: alone } = await count.executeTakeFirstOrThrow()
    return { rows: [], total: Number(alone) }
  }
  return { rows: counted.map(({ full_count: _, ...row }) => row), total: Number(counted[0]?.full_count ?? 0) }
}

/** Changes the fields present (with a `speaker.updated` webhook); an empty body returns the speaker untouched. */
export async function updateSpeaker(db: Kysely<Database>, accountId: string, id: string, input: UpdateSpeakerBody): Promise<SpeakerRecord> {
  if (Object.keys(input).length === 0) return getSpeaker(db, accountId, id)
  // An email another speaker of the event has is 409 by the constraint's name (server-common's constraint table).
  const row = await db
    .updateTable('speakers')
    .set({
      ...(input.email !== undefined && { email: input.email }),
      ...(input.name !== undefined && { name: input.name }),
      ...optionalColumns(input),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning(COLUMNS)
    .executeTakeFirst()
  if (!row) throw notFound('Speaker')
  return row
}

/**
 * Deletes the speaker for good; its session assignments go with it (foreign key cascade). The
 * `speaker.deleted` webhook carries its last presentation.
 */
export async function deleteSpeaker(db: Kysely<Database>, accountId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('speakers').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw notFound('Speaker')
}
