/**
 * A large c3voc `schedule.json` for benchmarks, the same on every run: `sessions` talks over
 * `days` days and `rooms` rooms, back to back in 20-minute slots from 08:00 (Europe/Berlin), each
 * with one speaker and every third with a second, `speakers` speakers in all. Ids are fixed
 * (sessions, speakers and rooms keep their guids from run to run), so a file made with `changed`
 * re-imports as updates of the same items.
 *
 * @example
 * const schedule = generateC3vocSchedule({ sessions: 1000, days: 3, rooms: 8, speakers: 600 })
 * const bytes = new TextEncoder().encode(JSON.stringify(schedule))
 */

interface GeneratedScheduleOptions {
  sessions: number
  days: number
  rooms: number
  speakers: number
  /** Every `changedEvery`-th session renamed, and as many others moved 5 minutes later (default: none). */
  changedEvery?: number
  /** The first day, `YYYY-MM-DD` (default 2026-12-27). */
  firstDay?: string
}

/** What the file holds and what it changes, for the benchmark's own checks. */
interface GeneratedScheduleFacts {
  sessions: number
  speakers: number
  sessionSpeakers: number
  renamed: number
  moved: number
}

const SLOT_MINUTES = 20
const TALK_MINUTES = 15
const FIRST_SLOT = '08:00'
/** Berlin in winter: the offset every time in the file is written with. */
const OFFSET = '+01:00'
const TRACKS = ['Hardware', 'Security', 'Science', 'Art & Culture', 'Ethics', 'Community']
const LANGUAGES = ['en', 'de']

/** A fixed guid per kind and number: `kind` picks the first group (sessions 1, speakers 2, rooms 3). */
const guid = (kind: number, n: number) => `${String(kind).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

const pad = (n: number) => String(n).padStart(2, '0')

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** `HH:MM` `minutes` after the first slot. */
function clock(minutes: number): string {
  const [h, m] = FIRST_SLOT.split(':').map(Number) as [number, number]
  const total = h * 60 + m + minutes
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`
}

const speakerName = (n: number) => `Speaker ${n + 1} ${['Lovelace', 'Hopper', 'Turing', 'Hamilton', 'Shannon', 'Noether', 'Curie'][n % 7]}`

/** The speakers of session `i`: one, and a second for every third session. */
function speakersOfSession(i: number, speakers: number): number[] {
  const first = i % speakers
  if (i % 3 !== 2) return [first]
  const second = (i * 7 + 13) % speakers
  return second === first ? [first] : [first, second]
}

/** The schedule, and the facts about it. */
export function generateC3vocSchedule(options: GeneratedScheduleOptions): { schedule: object; facts: GeneratedScheduleFacts } {
  const { sessions, days, rooms, speakers, changedEvery } = options
  const firstDay = options.firstDay ?? '2026-12-27'
  const roomNames = Array.from({ length: rooms }, (_, r) => `Room ${r + 1}`)
  const perRoomDay = Math.ceil(sessions / (days * rooms))
  const lastSlotEnd = perRoomDay * SLOT_MINUTES
  if (8 * 60 + lastSlotEnd > 24 * 60) throw new Error(`${sessions} sessions do not fit ${days} days of ${rooms} rooms in 20-minute slots`)

  let sessionSpeakers = 0
  let renamed = 0
  let moved = 0
  const dayList = Array.from({ length: days }, (_, d) => ({
    index: d + 1,
    date: addDays(firstDay, d),
    day_start: `${addDays(firstDay, d)}T${FIRST_SLOT}:00${OFFSET}`,
    day_end: `${addDays(firstDay, d)}T23:59:00${OFFSET}`,
    rooms: {} as Record<string, object[]>,
  }))

  for (let i = 0; i < sessions; i++) {
    // Sessions fill day by day, each day room by room: session i is in slot `slot` of room `room`.
    const day = Math.floor(i / (rooms * perRoomDay))
    const room = Math.floor((i % (rooms * perRoomDay)) / perRoomDay)
    const slot = i % perRoomDay
    const isRenamed = changedEvery !== undefined && i % changedEvery === 0
    const isMoved = changedEvery !== undefined && i % changedEvery === Math.floor(changedEvery / 2)
    if (isRenamed) renamed++
    if (isMoved) moved++
    const date = dayList[day]?.date ?? firstDay
    const start = clock(slot * SLOT_MINUTES + (isMoved ? 5 : 0))
    const persons = speakersOfSession(i, speakers).map((s) => ({
      guid: guid(2, s),
      name: speakerName(s),
      public_name: speakerName(s),
      biography: `${speakerName(s)} works on things worth a talk; this is their biography, about as long as most.`,
      links: [],
    }))
    sessionSpeakers += persons.length
    const roomName = roomNames[room] ?? 'Room 1'
    const list = (dayList[day] as { rooms: Record<string, object[]> }).rooms
    list[roomName] ??= []
    list[roomName].push({
      id: i + 1,
      guid: guid(1, i),
      date: `${date}T${start}:00${OFFSET}`,
      start,
      duration: `00:${pad(TALK_MINUTES)}`,
      room: roomName,
      slug: `bench-${i + 1}`,
      url: `https://bench.example.org/talk/${i + 1}`,
      title: `Talk number ${i + 1}${isRenamed ? ', renamed' : ''}`,
      subtitle: '',
      track: TRACKS[i % TRACKS.length],
      type: 'Talk',
      language: LANGUAGES[i % LANGUAGES.length],
      abstract: `What talk ${i + 1} is about, in two sentences. It is about the same length as real abstracts are.`,
      description: `A longer description of talk ${i + 1}.\n\nIt has two paragraphs, like many do, and says what the audience will take home.`,
      recording_license: '',
      do_not_record: null,
      persons,
      links: [],
      attachments: [],
    })
  }

  const schedule = {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'event-service bench', version: '1.0' },
    schedule: {
      version: changedEvery === undefined ? '1.0' : '1.1',
      base_url: 'https://bench.example.org/',
      conference: {
        acronym: 'bench2026',
        title: 'Bench Congress 2026',
        start: firstDay,
        end: addDays(firstDay, days - 1),
        daysCount: days,
        timeslot_duration: '00:05',
        time_zone_name: 'Europe/Berlin',
        rooms: roomNames.map((name, r) => ({ name, guid: guid(3, r) })),
        tracks: TRACKS.map((name) => ({ name })),
        days: dayList,
      },
    },
  }
  return { schedule, facts: { sessions, speakers: Math.min(speakers, sessions), sessionSpeakers, renamed, moved } }
}
