import http from 'node:http'
import https from 'node:https'
import { type ApiError, DEFAULT_SOURCE_FETCH_TIMEOUT, parseDuration } from '@event-service/server-common'
import { describeError } from '../webhooks/webhook-sender.ts'
import { forbiddenLiteralHost, guardedLookup, type TargetPolicy } from '../webhooks/target-address.ts'
import { MAX_SOURCE_BYTES, sourceError } from './import-errors.ts'

/** How long a whole fetch may take (every redirect and the body included) unless told otherwise (`SOURCE_FETCH_TIMEOUT`). */
export const SOURCE_FETCH_TIMEOUT_MS = parseDuration(DEFAULT_SOURCE_FETCH_TIMEOUT) as number
/** Redirects followed at most; each new address is checked like the first. */
export const MAX_SOURCE_REDIRECTS = 5

const USER_AGENT = 'event-service-sync'
/** The formats an import reads are JSON and XML; anything else is still taken, and told apart by content. */
const ACCEPT = 'application/json, application/xml;q=0.9, */*;q=0.5'

/** The validators of the last answer taken, sent back so that an unchanged source answers 304. */
export interface SourceValidators {
  etag: string | null
  lastModified: string | null
}

export interface SourceFetchOptions extends TargetPolicy {
  /** Default {@link SOURCE_FETCH_TIMEOUT_MS}. */
  timeoutMs?: number
  /** Ends the fetch early (the server is stopping); it then rejects with SOURCE_UNAVAILABLE. */
  signal?: AbortSignal
}

export type FetchedSource =
  | { kind: 'not-modified' }
  | { kind: 'body'; bytes: Uint8Array; contentType: string | null; etag: string | null; lastModified: string | null }

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const MiB = 1024 * 1024
const tooLarge = (url: string) =>
  sourceError('SOURCE_TOO_LARGE', `The source at ${url} is larger than the ${MAX_SOURCE_BYTES / MiB} MiB an import reads`)
const unavailable = (url: string, why: string) => sourceError('SOURCE_UNAVAILABLE', `The source at ${url} could not be fetched: ${why}`)
const header = (value: string | string[] | undefined): string | null => (typeof value === 'string' ? value : null)

/**
 * GETs a schedule for an import or a sync, under the webhooks' rules against server-side request
 * forgery (docs/webhooks.md): http(s) only, the address checked where the socket resolves it
 * (and IP literals before connecting) unless `allowPrivate`, each redirect's target checked the
 * same way, at most {@link MAX_SOURCE_REDIRECTS} of them. One time limit covers the whole fetch;
 * the body stops being read past `MAX_SOURCE_BYTES` (a larger Content-Length is refused before it).
 * Sends the validators it is given: a 304 resolves to `not-modified`. Rejects with an `ApiError`
 * (SOURCE_UNAVAILABLE, SOURCE_TOO_LARGE) whose message says why.
 *
 * @example
 * const got = await fetchSource(url, { etag: row.etag, lastModified: row.last_modified }, { allowPrivate: false })
 * if (got.kind === 'body') parse(got.bytes)
 */
export function fetchSource(url: string, validators: SourceValidators, options: SourceFetchOptions): Promise<FetchedSource> {
  const timeoutMs = options.timeoutMs ?? SOURCE_FETCH_TIMEOUT_MS
  const lookup = guardedLookup(options)
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: ACCEPT,
    ...(validators.etag && { 'if-none-match': validators.etag }),
    ...(validators.lastModified && { 'if-modified-since': validators.lastModified }),
  }

  return new Promise((resolve, reject) => {
    let settled = false
    let current: http.ClientRequest | undefined
    const fail = (error: ApiError) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      current?.destroy()
      reject(error)
    }
    const succeed = (result: FetchedSource) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      resolve(result)
    }
    const timer = setTimeout(() => fail(unavailable(url, `it did not answer within ${timeoutMs / 1000} s`)), timeoutMs)
    const onAbort = () => fail(unavailable(url, 'the fetch was stopped (the server is shutting down)'))
    if (options.signal?.aborted) return onAbort()
    options.signal?.addEventListener('abort', onAbort, { once: true })

    const get = (target: string, redirectsLeft: number) => {
      let parsed: URL
      try {
        parsed = new URL(target)
      } catch {
        return fail(unavailable(url, `${target} is not a valid URL`))
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return fail(unavailable(url, `${target} is not an http: or https: URL`))
      const literal = forbiddenLiteralHost(parsed, options)
      if (literal) return fail(unavailable(url, literal))

      const req = (parsed.protocol === 'https:' ? https : http).request(parsed, { method: 'GET', lookup, headers })
      current = req
      req.on('error', (err) => fail(unavailable(url, describeError(err))))
      req.on('response', (res) => {
        const status = res.statusCode ?? 0
        if (REDIRECTS.has(status)) {
          res.resume()
          const location = header(res.headers.location)
          if (!location) return fail(unavailable(url, `it answered HTTP ${status} without a Location`))
          if (redirectsLeft === 0) return fail(unavailable(url, `it redirected more than ${MAX_SOURCE_REDIRECTS} times`))
          req.destroy()
          return get(new URL(location, parsed).href, redirectsLeft - 1)
        }
        if (status === 304) {
          res.resume()
          return succeed({ kind: 'not-modified' })
        }
        if (status < 200 || status >= 300) {
          res.resume()
          return fail(unavailable(url, `it answered HTTP ${status}`))
        }
        const declared = Number(res.headers['content-length'])
        if (Number.isFinite(declared) && declared > MAX_SOURCE_BYTES) return fail(tooLarge(url))
        const chunks: Buffer[] = []
        let length = 0
        res.on('data', (chunk: Buffer) => {
          length += chunk.length
          if (length > MAX_SOURCE_BYTES) return fail(tooLarge(url))
          chunks.push(chunk)
        })
        res.on('end', () =>
          succeed({
            kind: 'body',
            bytes: new Uint8Array(Buffer.concat(chunks, length)),
            contentType: header(res.headers['content-type']),
            etag: header(res.headers.etag),
            lastModified: header(res.headers['last-modified']),
          }),
        )
        res.on('error', (err) => fail(unavailable(url, describeError(err))))
        res.on('aborted', () => fail(unavailable(url, 'the connection closed before the whole body arrived')))
      })
      req.end()
    }
    get(url, MAX_SOURCE_REDIRECTS)
  })
}
