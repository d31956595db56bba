import { ApiError } from './api-error.js'
import {
  type AccessVerdict,
  ERROR_CODES,
  type EventInfo,
  type Registration,
  type RegistrationInput,
  type Session,
  type Speaker,
} from './types.js'
import { pathOf, type Read, read } from './reads.js'

/** How long a successful GET is shared between widgets before it is fetched again. */
const TTL_MS = 60_000

interface Shared {
  at: number
  promise: Promise<unknown>
  controller: AbortController
  users: number
}

/**
 * One request per resource per page: every widget asking for the same URL within the TTL gets
 * the same promise. Module state on purpose: the loader puts this module in one shared chunk.
 */
const inflight = new Map<string, Shared>()

/** Test hook: forget every shared response. */
export function clearApiCache(): void {
  inflight.clear()
  verdicts.clear()
}

/**
 * `GET …/access` answers by URL, kept a few seconds: the reads of one widget (or of several widgets
 * with one token) fail together but not at the same instant, and share one question.
 */
const verdicts = new Map<string, Promise<AccessVerdict | undefined>>()
const VERDICT_TTL_MS = 5_000

/**
 * Why a request got no answer the page may read. The embed server grants no CORS to a refused
 * token, so the browser reports a refusal as a network failure; `GET …/access` (readable by every
 * page) says whether the token was refused and why. Anything else stays a network error.
 */
async function explainFailure(err: unknown, accessUrl: string): Promise<ApiError> {
  let verdict = verdicts.get(accessUrl)
  if (!verdict) {
    verdict = fetch(accessUrl, { credentials: 'omit', cache: 'no-store' })
      .then(async (res) => ((await res.json()) as { data?: AccessVerdict }).data)
      .catch(() => undefined)
    const asked = verdict
    setTimeout(() => verdicts.get(accessUrl) === asked && verdicts.delete(accessUrl), VERDICT_TTL_MS)
    verdicts.set(accessUrl, verdict)
  }
  const v = await verdict
  // Checked, not trusted: whatever answers there is not necessarily our server.
  return v?.allowed === false && ERROR_CODES.includes(v.code) ? new ApiError(0, v.code, v.message || v.code) : networkError(err)
}

/**
 * Drops the shared answers of one event's `parts` (`event`, `sessions`, `speakers`), so that the
 * next read asks the server again: a live `changed` said they are out of date. The browser's HTTP
 * cache still revalidates with the ETag, so an answer that did not change costs a 304.
 */
function forgetShared(eventUrl: string, parts: readonly string[]): void {
  for (const url of inflight.keys()) {
    const path = url.split('?')[0]!
    if (!path.startsWith(eventUrl)) continue
    const rest = path.slice(eventUrl.length)
    const part = rest === '' ? 'event' : rest.split('/')[1]
    if (part && parts.includes(part)) inflight.delete(url)
  }
}

function shareGet<T>(url: string, accessUrl: string, signal?: AbortSignal): Promise<T> {
  let entry = inflight.get(url)
  if (!entry || Date.now() - entry.at > TTL_MS) {
    const controller = new AbortController()
    const promise = fetch(url, { signal: controller.signal, credentials: 'omit' })
      .then(async (res) => {
        if (!res.ok) throw await ApiError.fromResponse(res)
        return ((await res.json()) as { data: unknown }).data
      })
      .catch(async (err: unknown) => {
        // Failures are not shared with later callers: a retry must really retry.
        if (inflight.get(url)?.promise === promise) inflight.delete(url)
        throw err instanceof ApiError || controller.signal.aborted ? err : await explainFailure(err, accessUrl)
      })
    entry = { at: Date.now(), promise, controller, users: 0 }
    inflight.set(url, entry)
  }
  return subscribe(entry, url, signal) as Promise<T>
}

/**
 * Each caller may abort its own wait; the shared fetch itself is aborted only when every caller
 * of a still-pending request has gone (a widget removed from the page before its data arrived).
 */
function subscribe(entry: Shared, url: string, signal?: AbortSignal): Promise<unknown> {
  if (!signal) return entry.promise
  if (signal.aborted) return Promise.reject(signal.reason)
  entry.users++
  return new Promise((resolve, reject) => {
    let settled = false
    const onAbort = () => {
      if (settled) return
      settled = true
      if (--entry.users === 0) {
        entry.controller.abort()
        if (inflight.get(url) === entry) inflight.delete(url)
      }
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    entry.promise.then(
      (value) => {
        if (settled) return
        settled = true
        entry.users--
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (err: unknown) => {
        if (settled) return
        settled = true
        entry.users--
        signal.removeEventListener('abort', onAbort)
        reject(err)
      },
    )
  })
}

function networkError(err: unknown): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', err instanceof Error ? err.message : String(err))
}

/**
 * Client of the public embed API for one event (docs/embed-api.md). The token travels as a
 * query parameter rather than a header so that reads stay CORS "simple requests" and need no
 * preflight round trip.
 *
 * @example
 * const api = new EmbedClient('https://embed.example.com/v1/', eventId, 'emb_…');
 * const sessions = await api.sessions(signal);
 */
export class EmbedClient {
  constructor(
    readonly root: string,
    readonly eventId: string,
    readonly token: string,
  ) {}

  private get accessUrl(): string {
    return this.url('/access')
  }

  private url(path: string): string {
    const url = new URL(`events/${encodeURIComponent(this.eventId)}${path}`, this.root)
    if (this.token) url.searchParams.set('token', this.token)
    return url.href
  }

  /** The event's live stream (`GET …/live`, Server-Sent Events). */
  get liveUrl(): string {
    return this.url('/live')
  }

  /** Forgets the shared answers of `parts` of this event (after a live `changed`). */
  forget(parts: readonly string[]): void {
    forgetShared(this.url('').split('?')[0]!, parts)
  }

  /** The answer of `r`; `id` is its item's id, checked by the caller (`r.id` as written otherwise). */
  read<T>(r: Read<T>, id: string | undefined, signal?: AbortSignal): Promise<T> {
    return shareGet(this.url(pathOf(r, id)), this.accessUrl, signal)
  }

  event(signal?: AbortSignal): Promise<EventInfo> {
    return this.read(read.event(), undefined, signal)
  }

  sessions(signal?: AbortSignal): Promise<Session[]> {
    return this.read(read.sessions(), undefined, signal)
  }

  session(id: string, signal?: AbortSignal): Promise<Session> {
    return this.read(
      read.session('session-id', () => id),
      id,
      signal,
    )
  }

  speakers(signal?: AbortSignal): Promise<Speaker[]> {
    return this.read(read.speakers(), undefined, signal)
  }

  speaker(id: string, signal?: AbortSignal): Promise<Speaker> {
    return this.read(
      read.speaker('speaker-id', () => id),
      id,
      signal,
    )
  }

  /**
   * Registers an attendee. A new registration and a repeat of an email already registered are
   * answered alike (201, `{event_id, name, ticket_id}` of what was sent).
   */
  async register(input: RegistrationInput, signal?: AbortSignal): Promise<Registration> {
    let res: Response
    try {
      res = await fetch(this.url('/registrations'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
        credentials: 'omit',
        signal: signal ?? null,
      })
    } catch (err) {
      throw signal?.aborted ? err : await explainFailure(err, this.accessUrl)
    }
    if (!res.ok) throw await ApiError.fromResponse(res)
    return ((await res.json()) as { data: Registration }).data
  }
}
