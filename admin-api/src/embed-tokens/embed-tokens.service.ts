import type { Database, EmbedTokenRow } from '@event-service/db'
import { conflict, generateSecret, hashSecret, notFound, secretPrefix } from '@event-service/server-common'
import { sql, type Kysely } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import { assertEventVisible } from '../events/events.service.ts'
import type { CreateEmbedTokenBody, ListEmbedTokensQuery, UpdateEmbedTokenBody } from './embed-tokens.schema.ts'

const revokedConflict = () => conflict('This embed token has been revoked; a revoked token cannot be changed')

/** Creates an active token; the full value is returned here and stored only as its SHA-256. */
export async function createEmbedToken(
  db: Kysely<Database>,
  accountId: string,
  input: CreateEmbedTokenBody,
): Promise<{ row: EmbedTokenRow; token: string }> {
  await assertEventVisible(db, accountId, input.eventId)
  const token = generateSecret('emb')
  const row = await db
    .insertInto('embed_tokens')
    .values({
      account_id: accountId,
      event_id: input.eventId,
      name: input.name,
      prefix: secretPrefix(token),
      token_hash: hashSecret(token),
      allowed_origins: input.allowedOrigins ?? [],
      calendar_feed: input.allowCalendarFeed ?? false,
      expires_at: input.expiresAt ? new Date(input.expiresAt) : null,
      revoked_at: null,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { row, token }
}

export async function getEmbedToken(db: Kysely<Database>, accountId: string, id: string): Promise<EmbedTokenRow> {
  const row = await db.selectFrom('embed_tokens').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (!row) throw notFound('Embed token')
  return row
}

export async function listEmbedTokens(
  db: Kysely<Database>,
  accountId: string,
  q: ListEmbedTokensQuery,
): Promise<{ rows: EmbedTokenRow[]; total: number }> {
  if (q.event_id) await assertEventVisible(db, accountId, q.event_id)
  let base = db.selectFrom('embed_tokens').where('account_id', '=', accountId)
  if (q.event_id) base = base.where('event_id', '=', q.event_id)
  if (q.include_revoked !== 'true') base = base.where('revoked_at', 'is', null)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** Why an update matched no row: 404 when the token is not the caller's, else 409 (revoked). */
async function explainMiss(db: Kysely<Database>, accountId: string, id: string): Promise<never> {
  await getEmbedToken(db, accountId, id)
  throw revokedConflict()
}

/**
 * Changes settings in one UPDATE (committed before the response, so the NOTIFY trigger reaches
 * every embed server at once), with its `embed_token.updated` webhook. A revoked token cannot be
 * changed: 409, even for an empty body.
 */
export async function updateEmbedToken(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  input: UpdateEmbedTokenBody,
): Promise<EmbedTokenRow> {
  if (Object.keys(input).length === 0) {
    const row = await getEmbedToken(db, accountId, id)
    if (row.revoked_at) throw revokedConflict()
    return row
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('embed_tokens')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.allowedOrigins !== undefined && { allowed_origins: input.allowedOrigins }),
        ...(input.isActive !== undefined && { is_active: input.isActive }),
        ...(input.allowCalendarFeed !== undefined && { calendar_feed: input.allowCalendarFeed }),
        ...(input.expiresAt !== undefined && { expires_at: input.expiresAt === null ? null : new Date(input.expiresAt) }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) return explainMiss(trx, accountId, id)
    return row
  })
}

/** Revokes for good in one UPDATE (announced as `embed_token.revoked`); a second revoke is 409, not a silent success. */
export async function revokeEmbedToken(db: Kysely<Database>, accountId: string, id: string): Promise<EmbedTokenRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('embed_tokens')
      .set({ revoked_at: sql`now()`, is_active: false, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!row) return explainMiss(trx, accountId, id)
    return row
  })
}
