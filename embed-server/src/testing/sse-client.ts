import { request } from 'node:http'

/** One frame of a Server-Sent Events stream as a test sees it. */
export interface SseFrame {
  event?: string
  data?: string
  retry?: number
  comment?: string
}

/** An open stream in a test: its status and headers, the frames so far, and a way to wait for one. */
export interface SseStream {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The body of a refusal before the stream started (not an event stream). */
  body: string
  frames: SseFrame[]
  /** Resolves with the first frame (from the start) matching `match`, rejecting after `timeoutMs` or at the end of the stream. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>
  close(): void
}

/** Parses one frame's lines (WHATWG HTML 9.2.6, as far as tests need). */
function parseFrame(text: string): SseFrame {
  const frame: SseFrame = {}
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim()
    else if (line.startsWith('event: ')) frame.event = line.slice(7)
    else if (line.startsWith('data: ')) frame.data = (frame.data === undefined ? '' : `${frame.data}\n`) + line.slice(6)
    else if (line.startsWith('retry: ')) frame.retry = Number(line.slice(7))
  }
  return frame
}

/**
 * Opens `url` as an event stream with `headers` (e.g. `Origin`), resolving once the status is in.
 * The waits have generous timeouts: they wait for a condition, they never assert a time.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      const frames: SseFrame[] = []
      const waiters = new Set<() => void>()
      let buffer = ''
      let done = false
      let endedResolve: () => void = () => {}
      const ended = new Promise<void>((r) => (endedResolve = r))
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        frames,
        ended,
        waitFor(match, timeoutMs = 10_000) {
          return new Promise((ok, fail) => {
            const check = () => {
              const found = frames.find(match)
              if (found) return finish(() => ok(found))
              if (done) return finish(() => fail(new Error(`stream ended without the frame; got ${JSON.stringify(frames)}`)))
            }
            const timer = setTimeout(
              () => finish(() => fail(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`))),
              timeoutMs,
            )
            const finish = (then: () => void) => {
              clearTimeout(timer)
              waiters.delete(check)
              then()
            }
            waiters.add(check)
            check()
          })
        },
        close: () => req.destroy(),
      }
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
          stream.body += chunk
          return
        }
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)))
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
        for (const w of [...waiters]) w()
      })
      const stop = () => {
        done = true
        endedResolve()
        for (const w of [...waiters]) w()
      }
      res.on('end', stop)
      res.on('close', stop)
      res.on('error', stop)
      if (String(res.headers['content-type']).startsWith('text/event-stream')) resolve(stream)
      else res.on('end', () => resolve(stream))
    })
    req.on('error', reject)
    req.end()
  })
}
