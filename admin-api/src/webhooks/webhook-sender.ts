import http from 'node:http'
import https from 'node:https'
import { ForbiddenTargetError, forbiddenLiteralHost, guardedLookup, type TargetPolicy } from './target-address.ts'

/** A 2xx within this time is a delivery (docs/webhooks.md#delivery-claim-lease-retry); DNS, connect, TLS and the answer included. */
export const ATTEMPT_TIMEOUT_MS = 10_000
/**
 * A receiver whose address does not take the connection (DNS and TCP) within this time is not
 * answering: the attempt ends there rather than holding a slot for the whole 10 s.
 */
export const CONNECT_TIMEOUT_MS = 3_000
/** How much of a response's body is stored. */
export const RESPONSE_BODY_LIMIT = 1024
/** Read past the stored part so the connection can be reused; a longer body closes it instead. */
const DRAIN_LIMIT = 64 * 1024

/** What one POST came to. `ok` is a 2xx answer (within the timeout); anything else is a failed attempt. */
export interface SendResult {
  ok: boolean
  statusCode: number | null
  /** The first 1 KB of the response's body (UTF-8), or null when none arrived. */
  responseBody: string | null
  /** Why the attempt failed, for people (`HTTP 503`, `timed out after 10 s`, …); null when ok. */
  error: string | null
  /** The receiver did not connect or answer in time (as opposed to answering with an error). */
  timedOut: boolean
}

/** One request to send. */
export interface Outgoing {
  url: string
  headers: Record<string, string>
  body: string
}

/** POSTs webhook bodies; `close()` ends its kept-alive connections. */
export interface WebhookSender {
  send(outgoing: Outgoing, signal?: AbortSignal): Promise<SendResult>
  close(): void
}

const USER_AGENT = 'event-service-webhooks/1.0'

/** The attempt ran out of time (connecting, or waiting for the answer). */
class AttemptTimeout extends Error {}

/** A failed connection or request for people (`connection refused`, a refused target's reason, …). */
export function describeError(err: unknown): string {
  if (err instanceof ForbiddenTargetError) return err.message
  const e = err as NodeJS.ErrnoException
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the receiver',
    ENOTFOUND: 'the host name does not resolve',
    EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
    EHOSTUNREACH: 'host unreachable',
    ETIMEDOUT: 'connection timed out',
    CERT_HAS_EXPIRED: 'the TLS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'the TLS certificate is self-signed',
    ERR_TLS_CERT_ALTNAME_INVALID: 'the TLS certificate does not match the host name',
  }
  return (e.code && known[e.code]) ?? e.message ?? String(err)
}

function failureOf(statusCode: number, location: string | undefined): string {
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed${location ? ` (to ${location})` : ''}`
  return `HTTP ${statusCode}`
}

/**
 * Sends webhook POSTs guarded against server-side request forgery: only http(s), the resolved
 * address checked in the socket's own `lookup` (and IP literals before connecting) unless
 * `allowPrivate`, no redirects followed (a 3xx is a failed attempt), one 10 s limit on the whole
 * attempt and 3 s to connect, at most 1 KB of the answer kept. Connections are kept alive and
 * reused per host. `timeoutMs` and `connectTimeoutMs` are for tests; deliveries use the defaults.
 */
export function createWebhookSender(policy: TargetPolicy, options: { timeoutMs?: number; connectTimeoutMs?: number } = {}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS
  const lookup = guardedLookup(policy)
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
  }

  const send = (outgoing: Outgoing, signal?: AbortSignal): Promise<SendResult> =>
    new Promise((resolve) => {
      const fail = (error: string, statusCode: number | null = null, responseBody: string | null = null, timedOut = false) =>
        resolve({ ok: false, statusCode, responseBody, error, timedOut })
      let url: URL
      try {
        url = new URL(outgoing.url)
      } catch {
        return fail('the URL is not valid')
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('only http: and https: URLs are allowed')
      const literal = forbiddenLiteralHost(url, policy)
      if (literal) return fail(literal)
      if (signal?.aborted) return fail('aborted')

      let statusCode: number | null = null
      const chunks: Buffer[] = []
      let kept = 0
      let read = 0
      let settled = false
      const finish = (error?: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        clearTimeout(connectTimer)
        signal?.removeEventListener('abort', onAbort)
        const body = statusCode === null ? null : Buffer.concat(chunks).toString('utf8')
        if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
          // A 2xx in time is a delivery, even if the rest of its body is slow.
          resolve({ ok: true, statusCode, responseBody: body, error: null, timedOut: false })
        } else if (statusCode !== null) {
          fail(failureOf(statusCode, location), statusCode, body)
        } else {
          fail(error === undefined ? 'no answer' : describeError(error), null, null, error instanceof AttemptTimeout)
        }
      }
      let location: string | undefined

      const req = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        agent: agents[url.protocol],
        lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(outgoing.body)),
          'user-agent': USER_AGENT,
          ...outgoing.headers,
        },
      })
      const giveUp = (error: AttemptTimeout) => {
        finish(error)
        req.destroy(error)
      }
      const timer = setTimeout(() => giveUp(new AttemptTimeout(`timed out after ${timeoutMs / 1000} s`)), timeoutMs)
      let connectTimer: NodeJS.Timeout | undefined
      req.on('socket', (socket) => {
        // A kept-alive socket is connected already; a new one gets its own, shorter limit.
        if (!socket.connecting) return
        connectTimer = setTimeout(
          () => giveUp(new AttemptTimeout(`could not connect within ${connectTimeoutMs / 1000} s`)),
          connectTimeoutMs,
        )
        socket.once('connect', () => clearTimeout(connectTimer))
      })
      const onAbort = () => {
        finish(new Error('aborted'))
        req.destroy()
      }
      signal?.addEventListener('abort', onAbort, { once: true })

      req.on('response', (res) => {
        statusCode = res.statusCode ?? null
        location = typeof res.headers.location === 'string' ? res.headers.location : undefined
        res.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (kept < RESPONSE_BODY_LIMIT) {
            const part = chunk.subarray(0, RESPONSE_BODY_LIMIT - kept)
            chunks.push(part)
            kept += part.length
          }
          if (read > DRAIN_LIMIT) {
            finish()
            res.destroy()
          }
        })
        res.on('end', () => finish())
        res.on('error', (err) => finish(err))
        res.on('aborted', () => finish(new Error('the receiver closed the connection mid-answer')))
      })
      req.on('error', (err) => finish(err))
      req.end(outgoing.body)
    })

  return {
    send,
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}
