import type { IncomingMessage, ServerResponse } from 'node:http'
import { isWellFormedSecret } from '@event-service/db'
import { requestIdOf, type WindowCount } from '@event-service/server-common'
import type { Logger } from 'pino'
import type { EmbedCache } from './cache/embed-cache.ts'
import { responseKey } from './events/events.routes.ts'
import type { EventData } from './events/events.service.ts'
import { encodingFor, matchesEtag, type Encoding, type SerializedBody } from './events/serialized-body.ts'
import { rateLimitHeaders, type PerTokenLimit } from './rate-limit/embed-rate-limit.ts'
import { EXPOSED_HEADERS } from './tokens/cors.ts'
import { corsOriginOf, hashToken, tokenOf, tokenRefusal } from './tokens/token-auth.ts'
import type { KnownToken, TokenLookup } from './tokens/token-store.ts'
import type { UsageCounter } from './usage/usage-counter.ts'

/** Koa's request handler (`app.callback()`), which answers everything the hot path does not. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown

/** `(req, res, koa)`: answers a cached read itself, or hands the request to `koa` untouched. */
export type FastPath = (req: IncomingMessage, res: ServerResponse, koa: RequestHandler) => void

export interface FastPathDeps {
  cache: EmbedCache<TokenLookup, EventData>
  usage: UsageCounter
  /** The per-token limit, or `undefined` when it is off. */
  perTokenLimit: PerTokenLimit | undefined
  logger: Logger
  /** Koa's `app.proxy`: with it, the client IP comes from a header and Koa answers every request. */
  proxied(): boolean
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** The public reads, in their canonical spelling only (lower-case ids, no trailing slash, nothing encoded). */
const READ_PATH = new RegExp(`^/v1/events/(${UUID})(?:/(sessions|speakers)(?:/(${UUID}))?)?$`)
/** Characters after which `parseurl` (Koa) reads a URL differently from a plain split at `?`. */
const UNUSUAL_URL = /[#\s]/
const VARY = 'Origin, Accept-Encoding'
const CACHE_CONTROL = 'private, no-cache'
const JSON_TYPE = 'application/json; charset=utf-8'
const MEMO_SIZE = 10_000

/** What a request asks for, read without side effects. */
interface Read {
  eventId: string
  path: string
  responseKey: string
  tokenHash: string
}

/** A cached answer that may be sent, decided without side effects. */
interface Answer {
  token: KnownToken
  body: SerializedBody
  /** `undefined`: 304 Not Modified. */
  bytes: Buffer | undefined
  encoding: Encoding
  corsOrigin: string | undefined
}

/**
 * The hot path of the embed API: a cached public read (`GET /v1/events/{id}[/sessions|/speakers[/{id}]]`
 * with `?token=`) answered straight on `node:http`, without Koa's context, router and middleware
 * chain. It runs the same checks with the same functions as the Koa pipeline, in the same order —
 * freshness barrier (`cache.isCurrent()`), token format, token (revoked, disabled, expired, event,
 * origin), per-token rate limit, usage count — and sends the same headers and bytes (ETag/304,
 * negotiated encoding, CORS grant, `X-Request-Id`, request log line).
 *
 * Anything it is not sure about goes to Koa untouched, before any side effect: an unusual URL,
 * `day`/`track`, a token or event not in the cache, any refusal (Koa refuses it with the error
 * envelope), a compressed form not made yet, `app.proxy`. The one hand-over after a side effect is
 * a full rate-limit window: the count is handed to Koa's limiter, which answers the 429 without
 * counting the request again.
 */
export function createFastPath(deps: FastPathDeps): FastPath {
  const { cache, usage, perTokenLimit, logger } = deps
  // Well-formed tokens seen lately and their SHA-256: a widget's page sends the same token again and
  // again (embed tokens are public by design: they sit in the pages that embed the widgets).
  // Cleared when full, so a flood of made-up tokens cannot grow it.
  const hashes = new Map<string, string>()

  const readOf = (req: IncomingMessage): Read | undefined => {
    const url = req.url ?? ''
    if (UNUSUAL_URL.test(url)) return undefined
    const q = url.indexOf('?')
    const path = q < 0 ? url : url.slice(0, q)
    const m = READ_PATH.exec(path)
    if (!m) return undefined
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1))
    if (query.has('day') || query.has('track')) return undefined
    const tokens = query.getAll('token')
    let raw: string | undefined
    try {
      raw = tokenOf(tokens.length === 0 ? undefined : tokens.length === 1 ? tokens[0] : tokens, req.headers.authorization || '')
    } catch {
      return undefined
    }
    if (!raw) return undefined
    let tokenHash = hashes.get(raw)
    if (tokenHash === undefined) {
      if (!isWellFormedSecret(raw, 'emb')) return undefined
      tokenHash = hashToken(raw)
      if (hashes.size >= MEMO_SIZE) hashes.clear()
      hashes.set(raw, tokenHash)
    }
    const [, eventId, collection, itemId] = m
    const key =
      collection === undefined
        ? responseKey.event()
        : collection === 'sessions'
          ? itemId === undefined
            ? responseKey.sessions(undefined, undefined)
            : responseKey.session(itemId)
          : itemId === undefined
            ? responseKey.speakers()
            : responseKey.speaker(itemId)
    return { eventId: eventId!, path, responseKey: key, tokenHash }
  }

  /** Only after the freshness barrier: the cached answer, if everything is cached and the token may read it. */
  const answerOf = (req: IncomingMessage, read: Read): Answer | undefined => {
    const token = cache.tokens.get(read.tokenHash)
    if (token === undefined) return undefined
    const h = req.headers
    const originHeader = h.origin || ''
    // Koa's ctx.get('Referer') reads `referrer` first.
    if (tokenRefusal(token, read.eventId, originHeader, (h.referrer as string | undefined) || h.referer || '', Date.now())) return undefined
    const body = cache.events.get(read.eventId)?.responses.get(read.responseKey)
    if (body === undefined) return undefined
    let bytes: Buffer | undefined
    let encoding: Encoding = 'identity'
    if (!matchesEtag(h['if-none-match'] || '', body.etag)) {
      encoding = encodingFor(body, h['accept-encoding'] || '')
      bytes = encoding === 'br' ? body.brBytes : encoding === 'gzip' ? body.gzipBytes : body.json
      if (bytes === undefined) return undefined
    }
    return { token: token as KnownToken, body, bytes, encoding, corsOrigin: corsOriginOf(originHeader) }
  }

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    koa: RequestHandler,
    read: Read,
    answer: Answer,
    counted: { key: string; window: WindowCount | null } | undefined,
    started: bigint | undefined,
  ): void => {
    const window = counted?.window
    const h = req.headers
    const requestId = requestIdOf(h['x-request-id'] as string | undefined)
    // The headers, in the order the Koa pipeline sets them.
    const headers: Record<string, string> = { 'X-Request-Id': requestId, Vary: VARY }
    if (answer.corsOrigin !== undefined) {
      headers['Access-Control-Allow-Origin'] = answer.corsOrigin
      headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS
    }
    if (window && perTokenLimit)
      for (const [name, value] of rateLimitHeaders(perTokenLimit.limit, window, Date.now())) headers[name] = value
    headers['Cache-Control'] = CACHE_CONTROL
    headers.ETag = answer.body.etag
    const status = answer.bytes === undefined ? 304 : 200
    if (answer.bytes !== undefined) {
      headers['Content-Type'] = JSON_TYPE
      if (answer.encoding !== 'identity') headers['Content-Encoding'] = answer.encoding
      headers['Content-Length'] = String(answer.bytes.length)
    }
    try {
      res.writeHead(status, headers)
    } catch {
      // Nothing is sent yet: let Koa answer (it reports whatever is wrong), without counting twice.
      if (counted) perTokenLimit!.handOver(req, counted.key, counted.window)
      return void koa(req, res)
    }
    usage.count(answer.token.id)
    if (started !== undefined) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      logger.child({ requestId }).info({ method: 'GET', path: read.path, status, ms: Math.round(ms * 10) / 10 }, 'request')
    }
    res.end(answer.bytes)
  }

  /** After the barrier: answer from the cache, or let Koa answer. */
  const serve = (req: IncomingMessage, res: ServerResponse, koa: RequestHandler, read: Read, started: bigint | undefined): void => {
    let answer: Answer | undefined
    try {
      answer = answerOf(req, read)
    } catch {
      answer = undefined
    }
    if (!answer) return void koa(req, res)
    if (!perTokenLimit) {
      send(req, res, koa, read, answer, undefined, started)
      return
    }
    const key = perTokenLimit.keyOf(answer.token.id, req.socket.remoteAddress || '')
    const limited = answer
    perTokenLimit.hit(key).then(
      (window) => {
        if (window && window.count > perTokenLimit.limit) {
          // Counted already: Koa's limiter answers the 429 (with the error envelope) from this count.
          perTokenLimit.handOver(req, key, window)
          return void koa(req, res)
        }
        send(req, res, koa, read, limited, { key, window }, started)
      },
      (err: unknown) => {
        logger.error({ err }, 'embed fast path: rate limit failed')
        koa(req, res)
      },
    )
  }

  return (req, res, koa) => {
    if (req.method !== 'GET' || !cache.enabled || deps.proxied()) return void koa(req, res)
    let read: Read | undefined
    try {
      read = readOf(req)
    } catch {
      read = undefined
    }
    if (!read) return void koa(req, res)
    const started = logger.isLevelEnabled('info') ? process.hrtime.bigint() : undefined
    // Every change committed before this request must be in the cache before it is trusted.
    const current = cache.isCurrent()
    if (current === true) return serve(req, res, koa, read, started)
    if (current === false) return void koa(req, res)
    const ready = read
    current.then(
      (ok) => (ok ? serve(req, res, koa, ready, started) : void koa(req, res)),
      () => void koa(req, res),
    )
  }
}
