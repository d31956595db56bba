/** A talk of a test schedule. */
export interface TestTalk {
  guid: string
  title: string
  /** `YYYY-MM-DDTHH:MM`, in the schedule's zone (Europe/Berlin, +02:00 in summer). */
  start: string
  /** `HH:MM`. */
  duration: string
  room: string
  track?: string
  persons?: { guid: string; name: string; biography?: string }[]
}

/** The days a test schedule lists: 1–2 June 2026, in Berlin. */
export const TEST_DAYS = ['2026-06-01', '2026-06-02'] as const

/**
 * A c3voc `schedule.json` (as pretalx and frab export it) of `talks` on 1–2 June 2026 in
 * Europe/Berlin: what import tests feed the API, built here so that each test states only its talks.
 */
export function c3vocSchedule(talks: TestTalk[], conference: { title?: string; acronym?: string } = {}): string {
  const days = TEST_DAYS.map((date, index) => {
    const rooms: Record<string, unknown[]> = {}
    for (const talk of talks.filter((t) => t.start.startsWith(date))) {
      rooms[talk.room] ??= []
      rooms[talk.room]?.push({
        guid: talk.guid,
        id: 1000 + talks.indexOf(talk),
        date: `${talk.start}:00+02:00`,
        start: talk.start.slice(11),
        duration: talk.duration,
        room: talk.room,
        slug: `democon-${1000 + talks.indexOf(talk)}-talk`,
        url: `https://cfp.example.org/democon/talk/${talk.guid}/`,
        title: talk.title,
        subtitle: '',
        track: talk.track ?? null,
        type: 'Talk',
        language: 'en',
        abstract: `About ${talk.title}`,
        description: '',
        links: [],
        persons: (talk.persons ?? []).map((p) => ({ guid: p.guid, name: p.name, biography: p.biography ?? null, avatar: null })),
      })
    }
    return { index: index + 1, date, day_start: `${date}T08:00:00+02:00`, day_end: `${date}T23:00:00+02:00`, rooms }
  })
  return JSON.stringify({
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'pretalx', version: '2025.1.0' },
    schedule: {
      version: '1.0',
      base_url: 'https://cfp.example.org/democon/schedule/',
      conference: {
        acronym: conference.acronym ?? 'democon',
        title: conference.title ?? 'DemoCon',
        start: TEST_DAYS[0],
        end: TEST_DAYS[1],
        daysCount: TEST_DAYS.length,
        timeslot_duration: '00:05',
        time_zone_name: 'Europe/Berlin',
        rooms: [...new Set(talks.map((t) => t.room))].map((name, i) => ({
          name,
          guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        })),
        tracks: [...new Set(talks.flatMap((t) => (t.track ? [t.track] : [])))].map((name) => ({ name, color: '#123456' })),
        days,
      },
    },
  })
}
