import { bodyParser } from '@koa/bodyparser'
import type Router from '@koa/router'
import { cancelByToken, type Database, registrationOfCancelToken } from '@event-service/db'
import type { Context } from 'koa'
import type { Kysely } from 'kysely'
import type { EmbedState } from '../tokens/token-auth.ts'
import { type CancelPageView, cancelPageHtml } from './cancel-page.html.ts'
import { CANCEL_PATH } from './confirmation-email.ts'
import { mailMessagesOf } from './registration-mail.messages.ts'

/** The page cannot be framed, fetches nothing, sends no Referer (the URL holds the secret) and is never cached. */
const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
}

const eventNameOf = async (db: Kysely<Database>, eventId: string) =>
  (await db.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirst())?.name ?? ''

function answer(ctx: Context, status: number, locale: string | undefined, view: CancelPageView): void {
  ctx.set(PAGE_HEADERS)
  ctx.status = status
  ctx.type = 'text/html; charset=utf-8'
  ctx.body = cancelPageHtml(mailMessagesOf(locale), view, CANCEL_PATH)
}

/**
 * The cancel link of the confirmation email (no embed token: the link's secret is the credential).
 * `GET` shows the registration and a button, `POST` cancels it, once: the link's hash is cleared
 * as the place is freed. Pages speak the registration's language; an unknown or used link gets
 * 404 in the language the browser asks for.
 */
export function registerCancelPageRoutes(router: Router<EmbedState>, deps: { db: Kysely<Database> }): void {
  const { db } = deps
  router.get(CANCEL_PATH, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : ''
    const row = await registrationOfCancelToken(db, token)
    if (!row) return answer(ctx, 404, ctx.acceptsLanguages()[0], { kind: 'invalid' })
    answer(ctx, 200, row.locale, { kind: 'confirm', name: row.name, event: await eventNameOf(db, row.event_id), token })
  })
  router.post(CANCEL_PATH, bodyParser({ enableTypes: ['form'], formLimit: '2kb' }), async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined
    const token = typeof body?.token === 'string' ? body.token : ''
    const row = await cancelByToken(db, token)
    if (!row) return answer(ctx, 404, ctx.acceptsLanguages()[0], { kind: 'invalid' })
    answer(ctx, 200, row.locale, { kind: 'cancelled', event: await eventNameOf(db, row.event_id) })
  })
}
