import { hash } from 'node:crypto'
import type { Database } from '@event-service/db'
import { ApiError, isWellFormedSecret, requestOrigin, type RequestState } from '@event-service/server-common'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import type { Kysely } from 'kysely'
import type { InvalidatedCache } from '../cache/embed-cache.ts'
import { findTokenByHash, type KnownToken, type TokenLookup } from './token-store.ts'

/** What the token check leaves in `ctx.state` for the handlers below it. */
export interface EmbedState extends RequestState {
  token: KnownToken
  /** SHA-256 of the token, as its notifications name it (the live streams follow them). */
  tokenHash: string
  /** Whether the caches are known to hold every change committed before this request. */
  cacheCurrent: boolean
  /** The request's `Origin`, when it may be granted CORS. */
  corsOrigin?: string
}

/**
 * Sent with every answer that went through the token check: the answer depends on `Origin` (the
 * token's allowed origins, and the CORS grant of a success).
 */
export const TOKEN_CHECK_HEADERS = { Vary: 'Origin' } as const

const refuse = (status: number, code: ConstructorParameters<typeof ApiError>[1], message: string) => new ApiError(status, code, message)

/**
 * `?token=` (`fromQuery`: the parsed query's value) or `Authorization: Bearer` (`header`: the
 * header or ''); both at once must agree.
 */
export function tokenOf(fromQuery: string | string[] | undefined, header: string): string | undefined {
  if (Array.isArray(fromQuery)) throw refuse(401, 'INVALID_TOKEN', 'Send one embed token, not several')
  let fromHeader: string | undefined
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match) throw refuse(401, 'INVALID_TOKEN', 'The Authorization header must be "Bearer emb_…"')
    fromHeader = match[1]
  }
  if (fromHeader !== undefined && fromQuery !== undefined && fromQuery !== fromHeader) {
    throw refuse(401, 'INVALID_TOKEN', 'The token in the query and the one in the Authorization header differ')
  }
  return fromHeader ?? (fromQuery || undefined)
}

/** SHA-256 hex of a token, as `hashSecret` of the db package computes it (one-shot: no Hash object per request). */
export function hashToken(raw: string): string {
  return hash('sha256', raw, 'hex')
}

/**
 * What a request uses the token for: `read` the JSON API from a web page, or fetch the `feed`
 * (`schedule.ics`) from a calendar app, which sends no Origin.
 */
export type TokenPurpose = 'read' | 'feed'

/** Whether a calendar app may fetch the token's schedule feed: no origin list, or the feed permission. */
export const allowsCalendarFeed = (token: KnownToken): boolean => token.origins.allowsAll || token.calendarFeed

/**
 * Why `token` may not be used for `eventId` from this origin, in the order of docs/embed-api.md#tokens
 * (unknown, revoked, disabled, expired, other event, origin); `undefined` when it may. Expiry is
 * compared with `nowMs`, never cached as a verdict. For the `feed`, the origin check is replaced
 * by the feed permission (`allowsCalendarFeed`): calendar apps send no Origin.
 */
export function tokenRefusal(
  token: TokenLookup,
  eventId: string | undefined,
  originHeader: string,
  refererHeader: string,
  nowMs: number,
  purpose: TokenPurpose = 'read',
): ApiError | undefined {
  if (!token.found) return refuse(401, 'INVALID_TOKEN', 'This embed token does not exist')
  if (token.revoked) return refuse(401, 'TOKEN_REVOKED', 'This embed token has been revoked')
  if (!token.isActive) return refuse(403, 'TOKEN_DISABLED', 'This embed token has been disabled')
  if (token.expiresAtMs !== null && token.expiresAtMs <= nowMs) return refuse(401, 'TOKEN_EXPIRED', 'This embed token has expired')
  if (eventId !== token.eventId) return refuse(403, 'EVENT_MISMATCH', 'This embed token belongs to another event')
  if (purpose === 'feed') {
    if (allowsCalendarFeed(token)) return undefined
    return refuse(
      403,
      'ORIGIN_NOT_ALLOWED',
      'This embed token does not serve the calendar feed: it is limited to its allowed origins, and calendar apps send none. ' +
        'Allow the feed on the token (allowCalendarFeed: true in the admin API)',
    )
  }
  if (!token.origins.allowsAll) {
    const origin = requestOrigin(originHeader, refererHeader)
    if (!origin || !token.origins.matches(origin))
      return refuse(403, 'ORIGIN_NOT_ALLOWED', 'This embed token may not be used from this website')
  }
  return undefined
}

/** The origin an accepted request is granted CORS for: its `Origin` header exactly as sent; none for `null` or an unparsable one. */
export function corsOriginOf(originHeader: string): string | undefined {
  return originHeader && requestOrigin(originHeader, undefined) ? originHeader : undefined
}

/**
 * The CORS grant of an accepted request. A read passed the origin check already; the feed did
 * not need to, so a page may read it only from an origin the token allows: the feed permission
 * opens the feed to calendar apps, not the token to every web page.
 */
function grantedOrigin(token: KnownToken, originHeader: string, purpose: TokenPurpose): string | undefined {
  const origin = corsOriginOf(originHeader)
  if (origin === undefined || purpose === 'read' || token.origins.allowsAll) return origin
  const parsed = requestOrigin(originHeader, undefined)
  return parsed && token.origins.matches(parsed) ? origin : undefined
}

/** Checks a request's token, leaving `ctx.state.token`, `cacheCurrent` and `corsOrigin` when it may be used. */
export type TokenVerifier = (ctx: RouterContext<EmbedState>) => Promise<void>

/**
 * The one place embed tokens are enforced, in the order of docs/embed-api.md#tokens: missing,
 * malformed or unknown, revoked, disabled, expired, bound to another event, origin not allowed.
 * A malformed or look-alike token (bad checksum) is refused before any lookup. On success it sets
 * `ctx.state.token`, `tokenHash`, `ctx.state.cacheCurrent` and `ctx.state.corsOrigin`; a refusal is thrown as
 * an `ApiError`. `checkToken` uses it for every data route, `access.routes.ts` to explain a refusal.
 */
export function tokenVerifier(
  deps: {
    db: Kysely<Database>
    cache: { tokens: InvalidatedCache<TokenLookup>; isCurrent(): boolean | Promise<boolean> }
  },
  purpose: TokenPurpose = 'read',
): TokenVerifier {
  const { db, cache } = deps
  return async (ctx) => {
    const raw = tokenOf(ctx.query.token, ctx.get('Authorization'))
    if (!raw) throw refuse(401, 'TOKEN_MISSING', 'An embed token is required: add ?token=emb_… or an Authorization: Bearer header')
    if (!isWellFormedSecret(raw, 'emb')) throw refuse(401, 'INVALID_TOKEN', 'This is not a valid embed token')

    const tokenHash = hashToken(raw)
    const current = cache.isCurrent()
    const cacheCurrent = current === true || current === false ? current : await current
    const token =
      (cacheCurrent && cache.tokens.get(tokenHash)) ||
      (await cache.tokens.getOrLoad(tokenHash, () => findTokenByHash(db, tokenHash), cacheCurrent))
    const eventId = ctx.params.eventId
    const originHeader = ctx.get('Origin')
    const refusal = tokenRefusal(token, eventId, originHeader, ctx.get('Referer'), Date.now(), purpose)
    if (refusal) throw refusal
    ctx.state.token = token as KnownToken
    ctx.state.tokenHash = tokenHash
    ctx.state.cacheCurrent = cacheCurrent
    // Echo the header exactly as the browser sent it; an opaque (`null`) or unparsable origin gets nothing.
    const corsOrigin = grantedOrigin(token as KnownToken, originHeader, purpose)
    if (corsOrigin) ctx.state.corsOrigin = corsOrigin
  }
}

/**
 * Middleware of `tokenVerifier`. A refusal carries no CORS grant (docs/embed-api.md#tokens): a browser page
 * cannot read it, and a widget learns why from `GET …/access` instead (`access.routes.ts`).
 *
 * @example
 * const verify = tokenVerifier({ db, cache })
 * router.get('/v1/events/:eventId', checkToken(verify), grantCors, handler)
 */
export function checkToken(verify: TokenVerifier): RouterMiddleware<EmbedState> {
  return async (ctx, next) => {
    ctx.set(TOKEN_CHECK_HEADERS)
    await verify(ctx)
    await next()
  }
}
