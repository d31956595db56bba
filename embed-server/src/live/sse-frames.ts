/**
 * The bytes of a Server-Sent Events stream (WHATWG HTML, "Server-sent events"). Each frame is
 * built once and written to every stream that gets it.
 */

/** An event frame: `event: <name>` and one `data:` line of JSON (JSON has no raw newlines). */
export function eventFrame(name: 'ready' | 'changed' | 'refused', data: unknown): Buffer {
  return Buffer.from(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)
}

/** A comment line: ignored by EventSource, but traffic for proxies that close quiet connections. */
export const PING_FRAME = Buffer.from(': ping\n\n')

/** The reconnect delay the browser's EventSource uses from now on. */
export const retryFrame = (ms: number): Buffer => Buffer.from(`retry: ${ms}\n\n`)

/** The response headers of a stream (beside the guard's `Vary` and CORS grant). */
export const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  // nginx buffers proxied responses unless told not to; a buffered stream is no stream.
  'X-Accel-Buffering': 'no',
} as const
