import { bodyParser } from '@koa/bodyparser'
import type { ApiBuilder } from '@event-service/server-common/openapi.ts'
import type { Database } from '@event-service/db'
import { cancelByToken, registrationOfCancelToken } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { EmbedState } from '../tokens/token-auth.ts'
import { CANCEL_PAGE_ROUTES, CANCEL_PATH } from './link-page-routes.ts'
import { sendInvalidLinkPage, sendLinkPage } from './link-page.html.ts'
import { mailMessagesOf } from './registration-mail.messages.ts'

/** The name of an event, for the link pages. */
export const eventNameOf = async (db: Kysely<Database>, eventId: string): Promise<string> =>
  (await db.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirst())?.name ?? ''

/** The secret of a link page's form, or '' when there is none. */
export const formTokenOf = (body: unknown): string => {
  const token = (body as Record<string, unknown> | undefined)?.token
  return typeof token === 'string' ? token : ''
}

/** The link pages' form parser: a token is all they read. */
export const linkFormBody = () => bodyParser({ enableTypes: ['form'], formLimit: '2kb' })

/**
 * The cancel link of the confirmation email (no embed token: the link's secret is the credential).
 * `GET` shows the registration and a button, `POST` cancels it, once: the link's hash is cleared
 * as the place is freed. Pages speak the registration's language; an unknown or used link gets
 * 404 in the language the browser asks for.
 */
export function registerCancelPageRoutes(api: ApiBuilder<EmbedState>, deps: { db: Kysely<Database> }): void {
  const { db } = deps
  const invalid = (ctx: Parameters<typeof sendInvalidLinkPage>[0]) =>
    sendInvalidLinkPage(ctx, (t) => ({ title: t.cancelTitle, text: t.invalidLink }))
  api.route(CANCEL_PAGE_ROUTES.show, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : ''
    const row = await registrationOfCancelToken(db, token)
    if (!row) return invalid(ctx)
    const t = mailMessagesOf(row.locale)
    const question = t.cancelQuestion(await eventNameOf(db, row.event_id))
    sendLinkPage(ctx, 200, {
      lang: t.lang,
      title: t.cancelTitle,
      view: { kind: 'ask', question, nameLabel: t.name, name: row.name, button: t.cancelButton, token, action: CANCEL_PATH, danger: true },
    })
  })
  api.route(
    CANCEL_PAGE_ROUTES.act,
    async (ctx) => {
      const row = await cancelByToken(db, formTokenOf(ctx.request.body))
      if (!row) return invalid(ctx)
      const t = mailMessagesOf(row.locale)
      sendLinkPage(ctx, 200, {
        lang: t.lang,
        title: t.cancelTitle,
        view: { kind: 'done', text: t.cancelled(await eventNameOf(db, row.event_id)) },
      })
    },
    { before: [linkFormBody()] },
  )
}
