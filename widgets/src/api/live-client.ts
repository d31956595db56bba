import { ApiError } from './api-error.js'
import type { EmbedClient } from './client.js'
import { ERROR_CODES, type LiveChanged, type LivePart, type LiveRefused } from './types.js'

/** What an element hears from its event's live stream. */
export type LiveMessage = { type: 'changed'; parts: readonly LivePart[] } | { type: 'refused'; error: ApiError }

type Listener = (message: LiveMessage) => void

interface Stream {
  source: EventSource
  listeners: Set<Listener>
  /** Whether `ready` came before: a later one follows a reconnect, after which anything may have changed. */
  readied: boolean
}

const ALL_PARTS: readonly LivePart[] = ['event', 'sessions', 'speakers']

/**
 * One EventSource per page per (event, token, server), shared by every element that shows the
 * event: module state on purpose (this module is one chunk, loaded once). Counted by listeners:
 * the last element to leave closes the stream.
 */
const streams = new Map<string, Stream>()

function tell(stream: Stream, message: LiveMessage): void {
  for (const listener of [...stream.listeners]) listener(message)
}

function open(api: EmbedClient, key: string): Stream {
  const source = new EventSource(api.liveUrl)
  const stream: Stream = { source, listeners: new Set(), readied: false }
  const changed = (parts: readonly LivePart[]) => {
    // Forgotten once for all listeners, before any of them reads again.
    api.forget(parts)
    tell(stream, { type: 'changed', parts })
  }
  source.addEventListener('ready', () => {
    // Changes made while the stream was away were not sent: read everything again (304s if nothing changed).
    if (stream.readied) changed(ALL_PARTS)
    stream.readied = true
  })
  source.addEventListener('changed', (e) => {
    const data = parse<LiveChanged>(e)
    const parts = Array.isArray(data?.parts) ? data.parts.filter((p) => ALL_PARTS.includes(p)) : ALL_PARTS
    if (parts.length) changed(parts)
  })
  source.addEventListener('refused', (e) => {
    const data = parse<LiveRefused>(e)
    // Checked, not trusted: the codes a refused read could carry, else a generic failure.
    const error =
      data && ERROR_CODES.includes(data.code) ? new ApiError(0, data.code, data.message) : new ApiError(0, 'INTERNAL_ERROR', 'refused')
    // EventSource would reconnect after the server closes: this refusal is final until a retry.
    source.close()
    if (streams.get(key) === stream) streams.delete(key)
    tell(stream, { type: 'refused', error })
  })
  // Network errors and graceful stops reconnect by themselves (the server's `retry:`); a refusal
  // before the stream started (401/403/429) closes it for good, and the reads report their own errors.
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED && streams.get(key) === stream) streams.delete(key)
  })
  return stream
}

function parse<T>(e: Event): T | undefined {
  try {
    return JSON.parse((e as MessageEvent<string>).data) as T
  } catch {
    return undefined
  }
}

/**
 * Follows the live stream of `api`'s event; returns the function that stops following. Elements
 * of one page with the same event and token share one stream.
 *
 * @example
 * const stop = followLive(api, (m) => (m.type === 'changed' ? refetch() : showError(m.error)))
 */
export function followLive(api: EmbedClient, listener: Listener): () => void {
  const key = api.liveUrl
  let stream = streams.get(key)
  if (!stream) {
    stream = open(api, key)
    streams.set(key, stream)
  }
  const joined = stream
  joined.listeners.add(listener)
  return () => {
    joined.listeners.delete(listener)
    if (joined.listeners.size === 0) {
      joined.source.close()
      if (streams.get(key) === joined) streams.delete(key)
    }
  }
}

/** Test hook: how many streams are open on this page. */
export function openStreamCount(): number {
  return streams.size
}
