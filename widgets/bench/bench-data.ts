import type { EventInfo, Session, Speaker } from '../src/api/types.js'

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')

/** A deterministic conference of 300 sessions (3 days × 100, 6 rooms) for the benchmark. */
export const BENCH_EVENT_ID = 'b0000000-0000-4000-8000-000000000000'

const WORDS = [
  'Scaling',
  'Rust',
  'Kernels',
  'Typed',
  'Edge',
  'Streams',
  'Graphs',
  'Caching',
  'Compilers',
  'Observability',
  'Queues',
  'Security',
  'Design',
  'WebAssembly',
  'Testing',
  'Latency',
]
const FIRST_NAMES = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Barbara Liskov',
  'Edsger Dijkstra',
  'Margaret Hamilton',
  'Donald Knuth',
  'Frances Allen',
  'Ken Thompson',
  'Radia Perlman',
]
const SURNAMES = ['', ' Jr', ' II', ' III']
/** 40 speakers: the ten names above, four times over. */
const NAMES = SURNAMES.flatMap((suffix) => FIRST_NAMES.map((name) => name + suffix))
const speakerId = (k: number) => `5bea0000-0000-4000-8000-${hex(k, 12)}`
const ROOMS = ['Main Hall', 'Room A', 'Room B', 'Room C', 'Workshop 1', 'Workshop 2']
const COMPANIES = ['Acme', 'Initech', 'Globex', 'Umbrella', 'Hooli']
const TRACKS = ['Systems', 'Web', 'Languages', 'Data', 'Security']

export function benchEvent(): EventInfo {
  return {
    id: BENCH_EVENT_ID,
    name: 'BenchConf',
    description: null,
    timezone: 'Europe/Berlin',
    starts_at: '2031-09-01T06:00:00.000Z',
    ends_at: '2031-09-03T18:00:00.000Z',
    venue: null,
    tickets: [
      {
        id: '71c40000-0000-4000-8000-000000000001',
        name: 'Conference pass',
        description: 'All three days',
        price: '€ 450',
        sold_out: false,
      },
      {
        id: '71c40000-0000-4000-8000-000000000002',
        name: 'Student',
        description: 'With a valid student ID',
        price: '€ 90',
        sold_out: false,
      },
    ],
    questions: [],
    privacy_notice: null,
  }
}

export function benchSessions(): Session[] {
  const sessions: Session[] = []
  let n = 0
  for (let day = 0; day < 3; day++) {
    for (let i = 0; i < 100; i++) {
      const room = i % ROOMS.length
      const slot = Math.floor(i / ROOMS.length)
      const start = Date.UTC(2031, 8, 1 + day, 7) + slot * 30 * 60_000
      const who = [n % NAMES.length, ...(n % 3 === 0 ? [(n + 3) % NAMES.length] : [])]
      sessions.push({
        id: `5e55${hex(n, 4)}-0000-4000-8000-${hex(n, 12)}`,
        title: `${WORDS[n % WORDS.length]} and ${WORDS[(n * 7 + 3) % WORDS.length]} in practice`,
        description: 'A talk about things that matter.',
        format: 'Talk',
        level: null,
        language: n % 4 === 0 ? 'de' : 'en',
        tags: [WORDS[n % WORDS.length]!.toLowerCase()],
        slides_url: null,
        recording_url: null,
        cancelled: false,
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 25 * 60_000).toISOString(),
        track: TRACKS[n % TRACKS.length]!,
        room: ROOMS[room]!,
        speakers: who.map((k) => ({
          id: speakerId(k),
          name: NAMES[k]!,
          title: 'Engineer',
          company: COMPANIES[k % COMPANIES.length]!,
          photo_url: null,
        })),
      })
      n++
    }
  }
  return sessions.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || (a.room ?? '').localeCompare(b.room ?? ''))
}

/** The session the session-detail pages show, and the speaker the speaker-card pages show. */
export const BENCH_SESSION_ID = '5e550000-0000-4000-8000-000000000000'
export const BENCH_SPEAKER_ID = speakerId(0)

/** The event's 40 speakers with bios, links and their sessions, ordered by name as the API does. */
export function benchSpeakers(): Speaker[] {
  const sessions = benchSessions()
  return NAMES.map((name, k) => ({
    id: speakerId(k),
    name,
    title: 'Engineer',
    company: COMPANIES[k % COMPANIES.length]!,
    bio: `${name} builds *fast* systems and writes about them at https://example.com/${k}.`,
    photo_url: null,
    links: [
      { url: `https://example.com/${k}`, label: 'Website' },
      { url: `https://github.com/speaker${k}`, label: null },
    ],
    sessions: sessions
      .filter((s) => s.speakers.some((p) => p.id === speakerId(k)))
      .map(({ id, title, starts_at, ends_at, track, room, format, level, language }) => ({
        id,
        title,
        starts_at,
        ends_at,
        track,
        room,
        format,
        level,
        language,
      })),
  })).sort((a, b) => a.name.localeCompare(b.name))
}
