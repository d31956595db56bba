import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A session of a test schedule: what the tests move and rename. */
export interface SourceSession {
  guid: string
  title: string
  /** ISO date-time with an offset, on 2026-06-01. */
  date: string
  /** `HH:MM`. */
  duration: string
  room: string
  speaker: string
}

/**
 * A small c3voc `schedule.json` (the format of test-fixtures/voc-schedule/), one day, as pretalx
 * and frab publish it: enough for an import to create sessions and their speakers.
 */
export function vocScheduleJson(sessions: readonly SourceSession[]): string {
  const rooms = [...new Set(sessions.map((s) => s.room))]
  return JSON.stringify({
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'event-service-tests', version: '1' },
    schedule: {
      version: '1.0',
      base_url: 'https://schedule.example.com/',
      conference: {
        acronym: 'conf',
        title: 'Conf',
        start: '2026-06-01',
        end: '2026-06-01',
        daysCount: 1,
        timeslot_duration: '00:15',
        time_zone_name: 'UTC',
        rooms: rooms.map((name) => ({ name, guid: null })),
        days: [
          {
            index: 0,
            date: '2026-06-01',
            day_start: '2026-06-01T09:00:00+00:00',
            day_end: '2026-06-01T18:00:00+00:00',
            rooms: Object.fromEntries(
              rooms.map((room) => [
                room,
                sessions
                  .filter((s) => s.room === room)
                  .map((s, i) => ({
                    guid: s.guid,
                    id: 100 + i,
                    date: s.date,
                    start: s.date.slice(11, 16),
                    duration: s.duration,
                    room,
                    slug: `conf-${s.guid.slice(0, 8)}`,
                    url: null,
                    title: s.title,
                    subtitle: '',
                    track: null,
                    type: 'talk',
                    language: 'en',
                    abstract: '',
                    description: '',
                    recording_license: '',
                    do_not_record: false,
                    persons: [{ guid: `${s.guid.slice(0, 24)}00000000000a`, public_name: s.speaker, biography: null }],
                    links: [],
                    attachments: [],
                  })),
              ]),
            ),
          },
        ],
      },
    },
  })
}

/** A local HTTP server standing in for pretalx: serves a schedule with an ETag, and broken sources. */
export interface ScheduleSource {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** The schedule `/schedule.json` serves from now on. */
  publish(sessions: readonly SourceSession[]): void
  /** Requests to each path, with the `If-None-Match` each sent. */
  requests: { path: string; ifNoneMatch: string | null }[]
  /** The answers of `/held` requests, in order of arrival, for the test to give when it wants. */
  held: ServerResponse[]
  close(): Promise<void>
}

/**
 * Paths: `/schedule.json` (the published schedule, 304 to its own ETag), `/hangs` (never answers),
 * `/held` (answered when the test says, through `held`),
 * `/not-a-schedule` (JSON of no format), `/broken` (HTTP 500), `/huge` (declares a body larger than any import reads).
 */
export async function startScheduleSource(): Promise<ScheduleSource> {
  let body = ''
  let etag = ''
  const requests: ScheduleSource['requests'] = []
  const held: ServerResponse[] = []
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/schedule.json': (req, res) => {
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end()
      res.writeHead(200, { 'content-type': 'application/json', etag }).end(body)
    },
    '/hangs': () => {},
    '/held': (_req, res) => void held.push(res),
    '/not-a-schedule': (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello": "world"}'),
    '/broken': (_req, res) => void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'),
    '/huge': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) })
      res.flushHeaders()
    },
  }
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    requests.push({ path, ifNoneMatch: (req.headers['if-none-match'] as string | undefined) ?? null })
    // By path alone: tests tell their requests apart by a query.
    const route = routes[new URL(path, 'http://source').pathname]
    if (route) route(req, res)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publish(sessions) {
      body = vocScheduleJson(sessions)
      etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`
    },
    requests,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
