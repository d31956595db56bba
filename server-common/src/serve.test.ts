import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, type RunningServer, SERVER_TIMEOUTS } from './serve.ts'

/** What a raw socket received before the server closed it, and how the connection ended. */
interface RawExchange {
  text: string
  /** `end` when the server closed gently (FIN), else the socket error's code. */
  ending: 'end' | string
}

function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Writes `request` on a fresh connection and collects everything until the server closes it. */
async function exchange(url: string, request: string): Promise<RawExchange> {
  const socket = await openSocket(url)
  return new Promise((resolve) => {
    let text = ''
    let ending = 'end'
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')))
    socket.on('error', (err: NodeJS.ErrnoException) => (ending = err.code ?? err.message))
    socket.on('close', () => resolve({ text, ending }))
    socket.write(request)
  })
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n')
  const [statusLine = '', ...headerLines] = head.split('\r\n')
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined }
}

const envelope = (code: string) => ({ success: false, error: { code, message: expect.any(String), details: {} } })

describe('listen(): answers to requests the server cannot read', () => {
  let running: RunningServer
  beforeAll(async () => {
    running = await listen(
      (_req, res) => {
        res.setHeader('Content-Type', 'application/json')
        res.end('{"success":true,"data":{"status":"ok"}}')
      },
      { host: '127.0.0.1', port: 0 },
    )
  })
  afterAll(() => running.close(1000))

  it('answers a 64 KB URL with 431 and the envelope, every time', async () => {
    for (let i = 0; i < 20; i++) {
      const { text, ending } = await exchange(running.url, `GET /${'a'.repeat(64 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`)
      expect(ending).toBe('end')
      const res = parse(text)
      expect(res.status).toBe(431)
      expect(res.headers.connection).toBe('close')
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.body).toEqual(envelope('HEADERS_TOO_LARGE'))
    }
  })

  it('answers a 64 KB header with 431 and the envelope, every time', async () => {
    for (let i = 0; i < 20; i++) {
      const { text, ending } = await exchange(running.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(64 * 1024)}\r\n\r\n`)
      expect(ending).toBe('end')
      const res = parse(text)
      expect(res.status).toBe(431)
      expect(res.body).toEqual(envelope('HEADERS_TOO_LARGE'))
    }
  })

  it('answers a malformed request with 400 and the envelope', async () => {
    const { text, ending } = await exchange(running.url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n')
    expect(ending).toBe('end')
    const res = parse(text)
    expect(res.status).toBe(400)
    expect(res.headers.connection).toBe('close')
    expect(res.body).toEqual(envelope('VALIDATION_ERROR'))
  })

  it('still answers normal requests on the same server', async () => {
    const res = await fetch(`${running.url}/healthz`)
    expect(res.status).toBe(200)
  })
})

describe('listen(): slow clients', () => {
  let running: RunningServer
  beforeAll(async () => {
    running = await listen((_req, res) => res.end('{"success":true,"data":{"status":"ok"}}'), { host: '127.0.0.1', port: 0 })
  })
  afterAll(() => running.close(1000))

  it('closes 250 connections that dribble their headers within 15 s, with a 408, while serving others', async () => {
    const COUNT = 250
    const BOUND_MS = 15_000
    // The worst case by configuration: a client that never closes its side after the 408.
    expect(SERVER_TIMEOUTS.headersMs + SERVER_TIMEOUTS.checkIntervalMs + SERVER_TIMEOUTS.lingerMs).toBeLessThan(BOUND_MS)
    const sockets = await Promise.all(Array.from({ length: COUNT }, () => openSocket(running.url)))
    const outcomes = sockets.map(
      (socket, i) =>
        new Promise<{ ms: number; text: string | undefined }>((resolve) => {
          const started = performance.now()
          // Half of them read what comes back; the others never do (nor close their side), as an
          // attacker would not.
          const reads = i % 2 === 0
          let text = ''
          // A partial header line, then one more byte every half second: never a whole header.
          socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ')
          const drip = setInterval(() => socket.write('a'), 500)
          if (reads) socket.on('data', (d: Buffer) => (text += d.toString('latin1')))
          socket.on('error', () => {})
          socket.on('close', () => {
            clearInterval(drip)
            resolve({ ms: performance.now() - started, text: reads ? text : undefined })
          })
        }),
    )
    // Served while every slow connection is still open.
    const res = await fetch(`${running.url}/anything`)
    expect(res.status).toBe(200)
    expect(sockets.every((s) => !s.closed)).toBe(true)

    const results = await Promise.all(outcomes)
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(BOUND_MS)
    for (const { text } of results) {
      if (text === undefined) continue
      const answer = parse(text)
      expect(answer.status).toBe(408)
      expect(answer.body).toEqual(envelope('REQUEST_TIMEOUT'))
    }
  }, 60_000)
})

describe('onShutdownSignal', () => {
  const CHILD = fileURLToPath(new URL('./testing/shutdown-child.ts', import.meta.url))

  /** The child process of `testing/shutdown-child.ts`, once it is ready for signals. */
  async function startChild(env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { PATH: process.env.PATH, ...env } })
    let output = ''
    const printed = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => output.includes(text) && resolve()
        child.stdout.on('data', (d: Buffer) => {
          output += d.toString()
          check()
        })
        check()
      })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    await printed('ready')
    return { child, printed, exited }
  }

  it('takes a copy of the signal that follows at once (npm forwarding a Ctrl+C) as the same request', async () => {
    const { child, printed, exited } = await startChild({ STOP_MS: '300' })
    child.kill('SIGINT')
    await printed('stopping on SIGINT')
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  })

  it('exits at once with 1 on a signal that comes later, while the stop still runs', async () => {
    const { child, printed, exited } = await startChild()
    child.kill('SIGTERM')
    await printed('still stopping')
    child.kill('SIGTERM')
    expect(await exited).toBe(1)
  })
})
