import { connect, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/** A TCP proxy in the test process, to take a real service away from a client and give it back. */
export interface TcpProxy {
  /** `host:port` to give the client instead of the service's. */
  readonly host: string
  readonly port: number
  /** Drops every connection and refuses new ones, as a service that went down. */
  cut(): Promise<void>
  /**
   * Drops every connection and accepts new ones without ever forwarding or answering them, as a
   * host that stopped replying (a client without a connect timeout waits forever).
   */
  blackhole(): void
  /** How many connections the black hole holds now. */
  held(): number
  /** Accepts (and forwards) connections again, on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/**
 * Forwards connections on a free local port to `target` (e.g. the local Redis or Postgres), so
 * that a test can simulate an outage of a shared service without stopping it for anyone else.
 *
 * @example
 * const proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 })
 * const store = createRateLimitStore(`redis://${proxy.host}:${proxy.port}`, logger)
 * await proxy.cut() // … the outage … await proxy.restore()
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  }
  let blackholed = false
  const held = new Set<Socket>()
  const handle = (client: Socket) => {
    track(client)
    if (blackholed) {
      held.add(client)
      client.on('close', () => held.delete(client))
      client.on('error', () => {})
      return
    }
    const upstream = connect(target.port, target.host)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  }
  let server: Server = createServer(handle)
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
    })
  const port = await listen(0)
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server.listening) return resolve()
      server.close(() => resolve())
    })
  return {
    host: '127.0.0.1',
    port,
    cut: stop,
    blackhole() {
      blackholed = true
      for (const socket of sockets) socket.destroy()
    },
    held: () => held.size,
    async restore() {
      blackholed = false
      if (server.listening) return
      server = createServer(handle)
      await listen(port)
    },
    close: stop,
  }
}
