import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A listening HTTP server and how to stop it gracefully. */
export interface RunningServer {
  server: Server
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  url: string
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes. */
  close(graceMs?: number): Promise<void>
}

/**
 * Listens with `handler` (e.g. `app.callback()`) on `host:port`.
 *
 * @example
 * const { url, close } = await listen(app.callback(), { host: '127.0.0.1', port: 0 })
 */
export async function listen(handler: RequestListener, { host, port }: { host: string; port: number }): Promise<RunningServer> {
  const server = createServer(handler)
  // Shorter than typical load-balancer idle timeouts would cause spurious 502s; keep Node's
  // defaults but make sure a slow client cannot hold a request open forever.
  server.requestTimeout = 30_000
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
 * Runs `stop` once on the first SIGTERM or SIGINT; a second signal exits at once.
 */
export function onShutdownSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false
  const handle = (signal: string) => {
    if (stopping) process.exit(1)
    stopping = true
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
