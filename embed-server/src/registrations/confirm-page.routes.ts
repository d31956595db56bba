import type { ApiBuilder } from '@event-service/server-common/openapi.ts'
import type { Database } from '@event-service/db'
import { type Config, registrationOfConfirmToken } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import { type EventData, eventDataOf } from '../events/events.service.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { eventNameOf, formTokenOf, linkFormBody } from './cancel-page.routes.ts'
import { CONFIRM_PAGE_ROUTES, CONFIRM_PATH } from './link-page-routes.ts'
import { sendInvalidLinkPage, sendLinkPage } from './link-page.html.ts'
import { mailMessagesOf } from './registration-mail.messages.ts'
import { publicBaseOf } from './registrations.routes.ts'
import { confirmByLink } from './registrations.service.ts'

/**
 * The confirm link of a pending registration's email (double opt-in; no embed token: the link's
 * secret is the credential). `GET` shows the registration and a button and changes nothing (mail
 * scanners open links), `POST` confirms it, once: the registration becomes `registered`, the
 * confirmation email with the cancel link and `event.ics` goes out, `registration.confirmed` is
 * announced. A link whose hold ran out answers 410 (the place is free again: register again); an
 * unknown or used one 404, in the language the browser asks for.
 */
export function registerConfirmPageRoutes(
  api: ApiBuilder<EmbedState>,
  deps: { db: Kysely<Database>; cache: EmbedCache<TokenLookup, EventData>; config: Pick<Config, 'embedPublicUrl' | 'host'> },
): void {
  const { db } = deps
  const invalid = (ctx: Parameters<typeof sendInvalidLinkPage>[0]) =>
    sendInvalidLinkPage(ctx, (t) => ({ title: t.confirmTitle, text: t.invalidConfirmLink }))
  api.route(CONFIRM_PAGE_ROUTES.show, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : ''
    const row = await registrationOfConfirmToken(db, token)
    if (!row) return invalid(ctx)
    const t = mailMessagesOf(row.locale)
    // Expired, or about to be by the clock: the button would only say so.
    if (row.status === 'expired' || (row.hold_expires_at && row.hold_expires_at.getTime() <= Date.now())) {
      return sendLinkPage(ctx, 410, { lang: t.lang, title: t.confirmTitle, view: { kind: 'refused', text: t.expiredLink } })
    }
    const question = t.confirmQuestion(await eventNameOf(db, row.event_id))
    sendLinkPage(ctx, 200, {
      lang: t.lang,
      title: t.confirmTitle,
      view: {
        kind: 'ask',
        question,
        nameLabel: t.name,
        name: row.name,
        button: t.confirmButton,
        token,
        action: CONFIRM_PATH,
        danger: false,
      },
    })
  })
  api.route(
    CONFIRM_PAGE_ROUTES.act,
    async (ctx) => {
      const result = await confirmByLink(db, formTokenOf(ctx.request.body), (eventId) => eventDataOf(db, deps.cache, eventId, false), {
        publicBase: publicBaseOf(deps.config, ctx),
      })
      if (!result) return invalid(ctx)
      const { outcome, event } = result
      const t = mailMessagesOf(outcome.row.locale)
      const page = (status: number, kind: 'done' | 'refused', text: string) =>
        sendLinkPage(ctx, status, { lang: t.lang, title: t.confirmTitle, view: { kind, text } })
      switch (outcome.outcome) {
        case 'confirmed':
          return page(200, 'done', t.confirmed(event.event.name))
        case 'already_registered':
          return page(200, 'done', t.alreadyRegistered(event.event.name))
        case 'expired':
        case 'sold_out':
          return page(410, 'refused', t.expiredLink)
      }
    },
    { before: [linkFormBody()] },
  )
}
