import type { RouteSpec } from '@event-service/server-common/openapi.ts'
import { EMBED_API_OPTIONS } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'

const secret = z.string().openapi({ description: 'The secret of the link in the email' })
// Read by the page itself: a missing, repeated or unknown secret is the invalid-link page, not a 400.
const LinkQuery = z.object({ token: secret.optional() })
const LinkForm = z.object({ token: secret })
const html = (description: string) => ({ 'text/html': z.string().openapi({ description }) })

/**
 * The two routes of a link page of an email (`GET` shows it, `POST` acts), on `path`. No embed
 * token: the link's secret is the credential; every answer is an HTML page in the registration's
 * language (an invalid link's in the browser's).
 */
function linkPageRoutes(
  path: string,
  names: { show: string; act: string },
  words: { show: string; act: string; done: string; gone?: string },
): { show: RouteSpec; act: RouteSpec } {
  const invalid = { description: 'An unknown or used link: a page that says so', alternatives: html('The page') }
  const gone = words.gone ? { 410: { description: words.gone, alternatives: html('The page') } } : {}
  const common = { path, tag: 'Email links', security: [], errors: [500] }
  return {
    show: {
      ...common,
      method: 'get',
      operationId: names.show,
      summary: words.show,
      documentedQuery: LinkQuery,
      responses: { 200: { description: 'The page, with its button', headers: {}, alternatives: html('The page') }, 404: invalid, ...gone },
    },
    act: {
      ...common,
      method: 'post',
      operationId: names.act,
      summary: words.act,
      documentedBody: { 'application/x-www-form-urlencoded': LinkForm },
      responses: { 200: { description: words.done, headers: {}, alternatives: html('The page') }, 404: invalid, ...gone },
    },
  }
}

/** The cancel link of the confirmation email. */
export const CANCEL_PAGE_ROUTES = linkPageRoutes(
  '/registrations/cancel',
  { show: 'showCancelPage', act: 'cancelRegistration' },
  { show: 'The cancel page: the registration and a button', act: 'Cancels the registration, once', done: 'Cancelled: a page that says so' },
)

/** The confirm link of a pending registration (double opt-in). */
export const CONFIRM_PAGE_ROUTES = linkPageRoutes(
  '/registrations/confirm',
  { show: 'showConfirmPage', act: 'confirmRegistration' },
  {
    show: 'The confirm page: the registration and a button; it changes nothing (mail scanners open links)',
    act: 'Confirms the registration, once',
    done: 'Confirmed (or confirmed already): a page that says so',
    gone: 'The hold ran out (or the ticket sold out meanwhile): a page that says to register again',
  },
)

/** The path of the cancel page; the secret follows as `?token=`. */
export const CANCEL_PATH = `${EMBED_API_OPTIONS.prefix}${CANCEL_PAGE_ROUTES.show.path}`

/** The path of the confirm page (double opt-in); the secret follows as `?token=`. */
export const CONFIRM_PATH = `${EMBED_API_OPTIONS.prefix}${CONFIRM_PAGE_ROUTES.show.path}`
