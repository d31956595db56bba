import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo, connect, createServer as createNetServer, type Socket } from 'node:net'
import { Worker } from 'node:worker_threads'
import { Webhook } from 'standardwebhooks'

/** One request the receiver got, verified the way a customer's receiver would. */
export interface ReceivedRequest {
  path: string
  headers: IncomingMessage['headers']
  body: string
  /** `webhook-id` */
  id: string
  /** Parsed body. */
  payload: any
  /** Whether `new Webhook(secret).verify(body, headers)` of the `standardwebhooks` package accepted it. */
  verified: boolean
  verifyError?: string
}

/** What to answer: a status code, or `hold` to keep the request open until `release()` or `close()`. */
export type Answer = number | 'hold' | { status: number; body?: string; headers?: Record<string, string> }

/** A local webhook receiver for tests. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:port` (add any path). */
  url: string
  received: ReceivedRequest[]
  /** Secrets to verify with, by request path (`/` when one endpoint). */
  secrets: Map<string, string>
  /** Decides each answer (default 204), at once or later; `n` counts the requests to that path from 1. */
  answer: (request: ReceivedRequest, n: number) => Answer | Promise<Answer>
  /** Requests of one path, in arrival order. */
  at(path: string): ReceivedRequest[]
  /** Answers the held requests with `status`. */
  release(status?: number): void
  /** Resolves with the next request that arrives (or has arrived) on `path` after `count` others. */
  nth(path: string, count: number): Promise<ReceivedRequest>
  close(): Promise<void>
}

/**
 * Starts a receiver on 127.0.0.1 that records every request and checks its signature with the
 * `standardwebhooks` package, like the README's receiver.
 *
 * @example
 * const receiver = await startWebhookReceiver()
 * receiver.secrets.set('/hook', created.secret)
 * receiver.answer = (_, n) => (n < 3 ? 503 : 204)
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const held: ServerResponse[] = []
  const counts = new Map<string, number>()
  const waiters: { path: string; count: number; resolve: (r: ReceivedRequest) => void }[] = []
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    secrets: new Map(),
    answer: () => 204,
    at: (path) => receiver.received.filter((r) => r.path === path),
    release(status = 204) {
      for (const res of held.splice(0)) res.writeHead(status).end()
    },
    nth(path, count) {
      const existing = receiver.at(path)[count]
      if (existing) return Promise.resolve(existing)
      return new Promise((resolve) => waiters.push({ path, count, resolve }))
    },
    close: async () => {},
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const path = req.url ?? '/'
      const secret = receiver.secrets.get(path)
      let verified = false
      let verifyError: string | undefined
      try {
        if (!secret) throw new Error(`no secret for ${path}`)
        new Webhook(secret).verify(body, req.headers as Record<string, string>)
        verified = true
      } catch (err) {
        verifyError = (err as Error).message
      }
      let payload: unknown
      try {
        payload = JSON.parse(body)
      } catch {
        payload = undefined
      }
      const request: ReceivedRequest = {
        path,
        headers: req.headers,
        body,
        id: String(req.headers['webhook-id']),
        payload,
        verified,
        ...(verifyError ? { verifyError } : {}),
      }
      receiver.received.push(request)
      const n = (counts.get(path) ?? 0) + 1
      counts.set(path, n)
      for (const w of [...waiters]) {
        const match = receiver.at(w.path)[w.count]
        if (match) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve(match)
        }
      }
      void Promise.resolve(receiver.answer(request, n)).then((answer) => {
        if (answer === 'hold') {
          held.push(res)
          return
        }
        const { status, body: text = '', headers = {} } = typeof answer === 'number' ? { status: answer } : answer
        res.writeHead(status, headers).end(text)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  receiver.close = () =>
    new Promise((resolve) => {
      for (const res of held.splice(0)) res.destroy()
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return receiver
}

/** A local server that accepts connections and never answers, for tests of slow receivers. */
export interface SlowReceiver {
  /** `http://127.0.0.1:port` (add any path). */
  url: string
  /** Connections it holds open right now. */
  readonly open: number
  /** Connections it has accepted so far. */
  readonly accepted: number
  /** The most connections it has held open at once. */
  readonly most: number
  close(): Promise<void>
}

/**
 * A tarpit on 127.0.0.1: accepts every connection, reads the request and never answers, until
 * `close()`. Each attempt sent to it holds its slot until the sender's time limit.
 */
export async function startTarpit(): Promise<SlowReceiver> {
  const sockets = new Set<Socket>()
  let accepted = 0
  let most = 0
  const server = createNetServer((socket) => {
    accepted++
    sockets.add(socket)
    most = Math.max(most, sockets.size)
    socket.on('data', () => {})
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get open() {
      return sockets.size
    },
    get accepted() {
      return accepted
    },
    get most() {
      return most
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * A listener on 127.0.0.1 that never accepts: it listens with a backlog of one from a worker
 * thread whose event loop is blocked, and two connections of its own fill the backlog, so every
 * further connection attempt stays in its handshake (like a firewall that drops packets) until
 * `close()`.
 */
export async function startUnacceptingListener(): Promise<{ url: string; close(): Promise<void> }> {
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads')
    const server = require('node:net').createServer()
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      parentPort.postMessage(server.address().port)
      Atomics.wait(workerData, 0, 0)
      server.close()
    })`,
    { eval: true, workerData: stop },
  )
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  const fillers = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket))
          socket.once('error', reject)
        }),
    ),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of fillers) socket.destroy()
      Atomics.store(stop, 0, 1)
      Atomics.notify(stop, 0)
      await new Promise((resolve) => worker.once('exit', resolve))
    },
  }
}
