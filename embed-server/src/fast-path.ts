import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  clientIp,
  errorResponse,
  isWellFormedSecret,
  logRequestLine,
  requestIdOf,
  requestLogger,
  requestStart,
  securityHeadersOf,
  type TrustProxy,
} from '@event-service/server-common'
import type { Logger } from 'pino'
import type { EmbedCache } from './cache/embed-cache.ts'
import { PUBLIC_READS, type PublicRead, SESSION_FILTERS } from './events/events.routes.ts'
import type { EventData } from './events/events.service.ts'
import { type ReadAnswer, readAnswer } from './events/read-answer.ts'
import type { GuardStep } from './guard/guard-chain.ts'
import { EMBED_API_OPTIONS } from './openapi/embed-api.ts'
import { UUID_PATTERN } from './guard/path-ids.ts'
import type { PerTokenLimit } from './rate-limit/embed-rate-limit.ts'
import { corsGrantHeaders } from './tokens/cors.ts'
import { corsOriginOf, hashToken, TOKEN_CHECK_HEADERS, tokenOf, tokenRefusal } from './tokens/token-auth.ts'
import type { KnownToken, TokenLookup } from './tokens/token-store.ts'
import type { UsageCounter } from './usage/usage-counter.ts'

/** A `node:http` request handler: Koa's `app.callback()`, which answers everything the hot path does not. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown

/** `(req, res, koa)`: answers a cached read itself, or hands the request to `koa` untouched. */
export type FastPath = (req: IncomingMessage, res: ServerResponse, koa: RequestHandler) => void

/** The guard steps the hot path runs itself, in the order of the guard chain (`guard/guard-chain.ts`). */
export const FAST_PATH_STEPS = ['path-ids', 'token', 'cors', 'rate-limit', 'usage'] as const

export interface FastPathDeps {
  /** The guard chain the Koa pipeline runs; the hot path runs only when it knows every step. */
  guard: readonly GuardStep[]
  cache: EmbedCache<TokenLookup, EventData>
  usage: UsageCounter
  /** The per-token limit, or `undefined` when it is off. */
  perToken: PerTokenLimit | undefined
  logger: Logger
  /** `TRUST_PROXY`: the client's IP comes from `clientIp`, as in the pipeline's `requestContext`. */
  trustProxy: TrustProxy
}

/** A public read and the pattern of its path, from its declaration (`PUBLIC_READS`). */
interface ReadPath {
  pattern: RegExp
  /** The path parameters in the order the pattern captures them. */
  names: string[]
  read: PublicRead
}

/**
 * The public reads' paths in their canonical spelling only (lower-case ids, no trailing slash,
 * nothing encoded): every path parameter of a read is an id.
 */
const READ_PATHS: readonly ReadPath[] = PUBLIC_READS.map((read) => {
  const names: string[] = []
  const source = read.route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name)
    return `(${UUID_PATTERN})`
  })
  return { pattern: new RegExp(`^${EMBED_API_OPTIONS.prefix}${source}$`), names, read }
})

/** The read `path` names and its path parameters, or `undefined`. */
function matchRead(path: string): { read: PublicRead; params: Record<string, string> } | undefined {
  for (const { pattern, names, read } of READ_PATHS) {
    const m = pattern.exec(path)
    if (!m) continue
    const params: Record<string, string> = {}
    names.forEach((name, i) => {
      params[name] = m[i + 1]!
    })
    return { read, params }
  }
  return undefined
}
/** Characters after which `parseurl` (Koa) reads a URL differently from a plain split at `?`. */
const UNUSUAL_URL = /[#\s]/
const MEMO_SIZE = 10_000
/** Every answer of the hot path is a JSON read or its 429. */
const JSON_TYPE = 'application/json'

/** What a request asks for, read without side effects. */
interface Read {
  eventId: string
  path: string
  responseKey: string
  tokenHash: string
}

/** A request the hot path will answer: everything decided, nothing done yet. */
interface Accepted {
  token: KnownToken
  /** The client's IP address, for the per-token limit and the log line. */
  ip: string
  /** The guard's headers so far, in the order the Koa pipeline sets them. */
  headers: Record<string, string>
  answer: ReadAnswer
}

/**
 * The hot path of the embed API: a cached public read (`PUBLIC_READS`, unfiltered)
 * answered straight on `node:http`, without Koa's context, router and middleware chain. It runs
 * the guard's steps (`FAST_PATH_STEPS`) with the same functions as the Koa pipeline, in the same
 * order, after the same freshness barrier (`cache.isCurrent()`); the answer comes from
 * `readAnswer`, the 429 from `errorResponse`, the security headers from `securityHeadersOf`, the
 * client's IP from `clientIp`, the log line from `logRequestLine`: the functions the pipeline uses
 * for the same bytes.
 *
 * Anything it is not sure about goes to Koa untouched, before any side effect: an unusual URL,
 * `day`/`track`, a token or event not in the cache, any refusal of the token (Koa refuses it with
 * the error envelope), a compressed form not made yet. Returns `undefined` (no hot
 * path, with a warning) when the guard chain has a step it does not know.
 *
 * @example
 * const fast = createFastPath({ guard, cache, usage, perToken, logger, trustProxy: config.trustProxy })
 * http.createServer((req, res) => fast ? fast(req, res, app.callback()) : app.callback()(req, res))
 */
export function createFastPath(deps: FastPathDeps): FastPath | undefined {
  const { cache, usage, perToken, logger } = deps
  const names = deps.guard.map((step) => step.name)
  if (names.length !== FAST_PATH_STEPS.length || names.some((name, i) => name !== FAST_PATH_STEPS[i])) {
    logger.warn({ guard: names, known: FAST_PATH_STEPS }, 'embed hot path off: the guard chain has a step it does not know')
    return undefined
  }
  // Well-formed tokens seen lately and their SHA-256: a widget's page sends the same token again and
  // again (embed tokens are public by design: they sit in the pages that embed the widgets).
  // Cleared when full, so a flood of made-up tokens cannot grow it.
  const hashes = new Map<string, string>()

  /** Step `path-ids` (and the route): the read a canonical URL names. */
  const readOf = (req: IncomingMessage): Read | undefined => {
    const url = req.url ?? ''
    if (UNUSUAL_URL.test(url)) return undefined
    const q = url.indexOf('?')
    const path = q < 0 ? url : url.slice(0, q)
    const matched = matchRead(path)
    if (!matched) return undefined
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
    if (SESSION_FILTERS.some((name) => query.has(name))) return undefined
    const tokens = query.getAll('token')
    let raw: string | undefined
    try {
      raw = tokenOf(tokens.length === 0 ? undefined : tokens.length === 1 ? tokens[0] : tokens, req.headers.authorization || '')
    } catch {
      return undefined // Koa refuses it.
    }
    if (!raw) return undefined
    let tokenHash = hashes.get(raw)
    if (tokenHash === undefined) {
      if (!isWellFormedSecret(raw, 'emb')) return undefined
      tokenHash = hashToken(raw)
      if (hashes.size >= MEMO_SIZE) hashes.clear()
      hashes.set(raw, tokenHash)
    }
    const { read, params } = matched
    return { eventId: params.eventId!, path, responseKey: read.answer({ params }).key, tokenHash }
  }

  /** Steps `token` and `cors`, and the answer, all decided without side effects (after the barrier). */
  const accept = (req: IncomingMessage, read: Read, requestId: string): Accepted | undefined => {
    const token = cache.tokens.get(read.tokenHash)
    if (token === undefined) return undefined
    const h = req.headers
    const originHeader = h.origin || ''
    // Koa's ctx.get('Referer') reads `referrer` first.
    const referer = (h.referrer as string | undefined) || h.referer || ''
    if (tokenRefusal(token, read.eventId, originHeader, referer, Date.now())) return undefined
    const body = cache.events.get(read.eventId)?.responses.get(read.responseKey)
    if (body === undefined) return undefined
    const answer = readAnswer(body, { ifNoneMatch: h['if-none-match'] || '', acceptEncoding: h['accept-encoding'] || '' })
    if (answer === undefined) return undefined
    // In the order the pipeline sets them: requestContext, securityHeaders, then the guard's.
    const headers = {
      'X-Request-Id': requestId,
      ...securityHeadersOf(JSON_TYPE),
      ...TOKEN_CHECK_HEADERS,
      ...corsGrantHeaders(corsOriginOf(originHeader)),
    }
    return { token: token as KnownToken, ip: clientIp(req, deps.trustProxy), headers, answer }
  }

  /** Steps `rate-limit` and `usage`, then the answer (or the 429), and the log line. */
  const answer = async (req: IncomingMessage, res: ServerResponse, read: Read, accepted: Accepted, requestId: string, started: bigint) => {
    const { headers } = accepted
    let status: number = accepted.answer.status
    let body = accepted.answer.body
    const verdict = perToken && (await perToken.consume(accepted.token.id, accepted.ip))
    if (verdict) Object.assign(headers, verdict.headers)
    if (verdict?.exceeded) {
      const refusal = errorResponse(verdict.exceeded)
      Object.assign(headers, refusal.headers)
      status = refusal.status
      body = refusal.body
    } else {
      usage.count(accepted.token.id)
      Object.assign(headers, accepted.answer.headers)
    }
    res.writeHead(status, headers)
    res.end(body)
    if (logger.isLevelEnabled('info'))
      logRequestLine(requestLogger(logger, requestId), { method: 'GET', path: read.path, status, ip: accepted.ip, started })
  }

  const serve = (req: IncomingMessage, res: ServerResponse, koa: RequestHandler, read: Read, started: bigint): void => {
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined)
    let accepted: Accepted | undefined
    try {
      accepted = accept(req, read, requestId)
    } catch (err) {
      logger.error({ err, requestId }, 'embed hot path failed; the request goes to the Koa pipeline')
    }
    if (!accepted) return void koa(req, res)
    answer(req, res, read, accepted, requestId, started).catch((err: unknown) => {
      logger.error({ err, requestId }, 'embed hot path failed while answering')
      // Nothing sent yet: the pipeline answers (it may count the request once more; this is an error path).
      if (!res.headersSent) koa(req, res)
      else res.destroy()
    })
  }

  return (req, res, koa) => {
    if (req.method !== 'GET' || !cache.enabled) return void koa(req, res)
    let read: Read | undefined
    try {
      read = readOf(req)
    } catch (err) {
      logger.error({ err }, 'embed hot path could not read the request; the request goes to the Koa pipeline')
    }
    if (!read) return void koa(req, res)
    const started = requestStart()
    // The cache is trusted only when it holds every change committed FRESHNESS_BOUND_MS before this
    // request (cache/freshness.ts); synchronous, without a round trip, under steady traffic.
    const current = cache.isCurrent()
    if (current === true) return serve(req, res, koa, read, started)
    if (current === false) return void koa(req, res)
    const known = read
    current.then(
      (ok) => (ok ? serve(req, res, koa, known, started) : void koa(req, res)),
      (err: unknown) => {
        logger.error({ err }, 'embed cache freshness check failed; the request goes to the Koa pipeline')
        koa(req, res)
      },
    )
  }
}
