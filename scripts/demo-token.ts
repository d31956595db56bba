import type { Database } from '@event-service/db'
import { generateSecret, hashSecret, secretPrefix } from '@event-service/server-common'
import type { Kysely } from 'kysely'

/** Name of the demo page's token; older ones of this name are revoked at each start. */
export const DEMO_TOKEN_NAME = 'Demo page'

/**
 * Makes the demo page's embed token for this start: revokes the previous "Demo page" tokens of
 * the event (a token's value is shown only once, so each start needs a new one) and creates one
 * restricted to the demo page's origins, which also serves the calendar feed (calendar apps send
 * no Origin), so that the demo's "subscribe" link works.
 */
export async function renewDemoPageToken(
  db: Kysely<Database>,
  { eventId, origins }: { eventId: string; origins: string[] },
): Promise<string> {
  const token = generateSecret('emb')
  await db.transaction().execute(async (trx) => {
    const event = await trx.selectFrom('events').select('account_id').where('id', '=', eventId).executeTakeFirstOrThrow()
    await trx
      .updateTable('embed_tokens')
      .set({ revoked_at: new Date(), updated_at: new Date() })
      .where('event_id', '=', eventId)
      .where('name', '=', DEMO_TOKEN_NAME)
      .where('revoked_at', 'is', null)
      .execute()
    await trx
      .insertInto('embed_tokens')
      .values({
        account_id: event.account_id,
        event_id: eventId,
        name: DEMO_TOKEN_NAME,
        prefix: secretPrefix(token),
        token_hash: hashSecret(token),
        allowed_origins: origins,
        calendar_feed: true,
        expires_at: null,
        revoked_at: null,
        last_used_at: null,
      })
      .execute()
  })
  return token
}
