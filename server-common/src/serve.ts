import { createServer, maxHeaderSize, type RequestListener, STATUS_CODES, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { ApiError, errorResponse } from './api-error.ts'
import { securityHeadersOf } from './security-headers.ts'

/**
 * How long the servers wait for clients (docs/operations.md, "Timeouts"). A connection that
 * dribbles its headers (slowloris) is answered 408 `headersMs` after its first byte (at most
 * `checkIntervalMs` later) and closed at once if it closes its side too, `lingerMs` later if not.
 */
export const SERVER_TIMEOUTS = {
  /**
   * From a request's first byte to the end of its headers: generous for any real client (headers
   * come in one packet), and short enough that a slow-header connection is gone within 11 s
   * (this, one check interval, and the linger of a client that never closes its side).
   */
  headersMs: 8_000,
  /** From a request's first byte to the end of its body (bodies are at most 1 MiB). */
  requestMs: 30_000,
  /**
   * An idle keep-alive connection is closed after this. Longer than the 60 s idle timeout of
   * common load balancers and proxies (AWS ALB, nginx), so they never reuse a connection we are
   * closing at that very moment (which they answer with a 502).
   */
  keepAliveMs: 65_000,
  /** How often Node looks for requests past `headersMs`/`requestMs` (its default is 30 s). */
  checkIntervalMs: 1_000,
  /**
   * After an error answer, how long we keep reading (and dropping) what the client still sends
   * before we close: closing with unread bytes makes the kernel reset the connection, and the
   * reset can destroy the answer before the client has read it.
   */
  lingerMs: 2_000,
} as const

/** A listening HTTP server and how to stop it gracefully. */
export interface RunningServer {
  server: Server
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  url: string
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes. */
  close(graceMs?: number): Promise<void>
}

/** The answer to a request Node could not read, by the error its parser or timer reported. */
function clientErrorAnswer(code: string | undefined): ApiError | undefined {
  if (code === 'HPE_HEADER_OVERFLOW')
    return new ApiError(431, 'HEADERS_TOO_LARGE', `The request line and headers together must be smaller than ${maxHeaderSize / 1024} KiB`)
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new ApiError(
      408,
      'REQUEST_TIMEOUT',
      `The request did not arrive in time (headers within ${SERVER_TIMEOUTS.headersMs / 1000} s, all of it within ${SERVER_TIMEOUTS.requestMs / 1000} s)`,
    )
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The chunk extensions are too large')
  if (code?.startsWith('HPE_')) return new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid HTTP/1.1')
  // A socket error (ECONNRESET, EPIPE, …): there is nobody left to answer.
  return undefined
}

/** Connections that were answered already: Node reports the error again for each chunk that follows. */
const answered = new WeakSet<Duplex>()

/**
 * Node's `clientError`: answers 431, 408, 413 or 400 with the error envelope and
 * `Connection: close`, then closes gently (Node's default writes a bare status line and destroys
 * the socket at once, which resets it when request bytes are still unread).
 */
function onClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (answered.has(socket)) return
  answered.add(socket)
  const answer = clientErrorAnswer(err.code)
  // A response of this connection has begun: another status line would corrupt it.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage
  if (!answer || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const { status, headers, body } = errorResponse(answer)
  const head = Object.entries({
    ...headers,
    ...securityHeadersOf(headers['Content-Type']),
    'Cache-Control': 'no-store',
    Connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`, 'latin1'), body]))
  // Keep reading (the parser drops what follows its error) until the client closes too.
  socket.resume()
  const linger = setTimeout(() => socket.destroy(), SERVER_TIMEOUTS.lingerMs)
  linger.unref()
  socket.once('close', () => clearTimeout(linger))
}

/**
 * Listens with `handler` (e.g. `app.callback()`) on `host:port`, with the timeouts of
 * `SERVER_TIMEOUTS` and error answers for requests that cannot be read.
 *
 * @example
 * const { url, close } = await listen(app.callback(), { host: '127.0.0.1', port: 0 })
 */
export async function listen(handler: RequestListener, { host, port }: { host: string; port: number }): Promise<RunningServer> {
  const server = createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs }, handler)
  server.headersTimeout = SERVER_TIMEOUTS.headersMs
  server.requestTimeout = SERVER_TIMEOUTS.requestMs
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs
  server.on('clientError', onClientError)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    server,
    url: `http://${shownHost}:${address.port}`,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs)
        force.unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        // Keep-alive connections with no request in flight would otherwise hold close() open.
        server.closeIdleConnections()
      }),
  }
}

/**
 * A signal repeated within this is the same request to stop: a Ctrl+C in a terminal signals the
 * whole foreground process group, and `npm start` forwards the SIGINT it got to us as well.
 */
const REPEAT_WINDOW_MS = 1_000

/**
 * Runs `stop` once on the first SIGTERM or SIGINT, then exits 0 (1 if `stop` failed). A later
 * signal exits at once with 1; one that follows the first within a second is taken as a copy of it.
 *
 * @example
 * onShutdownSignal(async (signal) => { await server.close(); await handle.close() })
 */
export function onShutdownSignal(stop: (signal: string) => Promise<void>): void {
  let first: { signal: string; at: number } | undefined
  const handle = (signal: string) => {
    if (first) {
      if (signal === first.signal && performance.now() - first.at < REPEAT_WINDOW_MS) return
      process.exit(1)
    }
    first = { signal, at: performance.now() }
    stop(signal).then(
      () => process.exit(0),
      (err) => {
        console.error(err)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => handle('SIGTERM'))
  process.on('SIGINT', () => handle('SIGINT'))
}
