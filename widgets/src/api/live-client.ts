import { ApiError } from './api-error.js'
import type { EmbedClient } from './client.js'
import { ERROR_CODES, type ErrorCode, type LiveChanged, type LivePart, type LiveRefused } from './types.js'

/**
 * What an element hears from its event's live stream: a change, a refusal of its token, or that
 * the stream is back after a refusal or a failed connection (anything may have changed meanwhile).
 */
export type LiveMessage = { type: 'changed'; parts: readonly LivePart[] } | { type: 'refused'; error: ApiError } | { type: 'recovered' }

type Listener = (message: LiveMessage) => void

interface Stream {
  api: EmbedClient
  key: string
  /** The open EventSource; none while waiting to reconnect. */
  source?: EventSource
  listeners: Set<Listener>
  /** Whether `ready` came before: a later one follows a reconnect, after which anything may have changed. */
  readied: boolean
  /** Connections refused or failed in a row since the last `ready`: the back-off's exponent. */
  failures: number
  retry?: ReturnType<typeof setTimeout>
}

const ALL_PARTS: readonly LivePart[] = ['event', 'sessions', 'speakers']

/** A revoked token never comes back (the admin API cannot enable it again): no retry. */
const FINAL_REFUSALS: readonly ErrorCode[] = ['TOKEN_REVOKED']

/**
 * The reconnect back-off after a refusal or a connection that closed: the first wait, doubled
 * per failure up to the cap. A disabled token enabled again, an origin allowed again or the cap
 * on streams freed is seen within it, and the page recovers without a reload.
 */
export const RETRY_FIRST_MS = 1_000
export const RETRY_MAX_MS = 60_000

/**
 * The wait before reconnect number `failures` (1 for the first): `RETRY_FIRST_MS · 2^(failures-1)`,
 * capped at `RETRY_MAX_MS`, of which a random half is taken off so that the pages of one
 * disabled token do not all come back at the same instant.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1))
  return ceiling / 2 + (ceiling / 2) * random()
}

/**
 * One stream per page per (event, token, server), shared by every element that shows the event:
 * module state on purpose (this module is one chunk, loaded once). Counted by listeners: the last
 * element to leave closes the stream (or stops its retries).
 */
const streams = new Map<string, Stream>()

function tell(stream: Stream, message: LiveMessage): void {
  for (const listener of [...stream.listeners]) listener(message)
}

function connect(stream: Stream): void {
  const { api } = stream
  const source = new EventSource(api.liveUrl)
  stream.source = source
  const changed = (parts: readonly LivePart[]) => {
    // Forgotten once for all listeners, before any of them reads again.
    api.forget(parts)
    tell(stream, { type: 'changed', parts })
  }
  source.addEventListener('ready', () => {
    const recovered = stream.failures > 0
    const reconnected = stream.readied
    stream.failures = 0
    stream.readied = true
    // Changes made while the stream was away were not sent: read everything again (304s if nothing changed).
    if (recovered) {
      api.forget(ALL_PARTS)
      tell(stream, { type: 'recovered' })
    } else if (reconnected) changed(ALL_PARTS)
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
    // The server ends the stream after a refusal, and EventSource would reconnect at once and
    // forever: closed here, and tried again with back-off unless the refusal is final.
    source.close()
    tell(stream, { type: 'refused', error })
    if (FINAL_REFUSALS.includes(error.code)) end(stream)
    else waitAndRetry(stream)
  })
  // Network errors and graceful stops reconnect by themselves (the server's `retry:`). A refusal
  // before the stream started (401/403/429, answered like a refused read) closes it: the reads
  // report their own errors, and the stream is tried again with back-off.
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED && stream.source === source) waitAndRetry(stream)
  })
}

function waitAndRetry(stream: Stream): void {
  stream.source = undefined
  stream.failures++
  clearTimeout(stream.retry)
  stream.retry = setTimeout(() => {
    stream.retry = undefined
    if (streams.get(stream.key) === stream) connect(stream)
  }, retryDelay(stream.failures))
}

function end(stream: Stream): void {
  stream.source?.close()
  stream.source = undefined
  clearTimeout(stream.retry)
  if (streams.get(stream.key) === stream) streams.delete(stream.key)
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
 * of one page with the same event and token share one stream, and one retry loop after a refusal.
 *
 * @example
 * const stop = followLive(api, (m) => (m.type === 'refused' ? showError(m.error) : refetch()))
 */
export function followLive(api: EmbedClient, listener: Listener): () => void {
  const key = api.liveUrl
  let stream = streams.get(key)
  if (!stream) {
    stream = { api, key, listeners: new Set(), readied: false, failures: 0 }
    streams.set(key, stream)
    connect(stream)
  }
  const joined = stream
  joined.listeners.add(listener)
  return () => {
    joined.listeners.delete(listener)
    if (joined.listeners.size === 0) end(joined)
  }
}

/** Test hook: how many streams this page follows (open, or waiting to reconnect). */
export function openStreamCount(): number {
  return streams.size
}
