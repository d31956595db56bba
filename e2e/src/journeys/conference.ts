import type { AdminClient } from '../api/admin-client.ts'

/** What a journey needs to know about the conference it set up through the admin API. */
export interface Conference {
  eventId: string
  eventName: string
  /** Public speakers (shown by the widgets), by short name. */
  speakers: { ada: Person; kofi: Person }
  /** A speaker who is only invited: never shown by any widget. */
  hiddenSpeaker: Person
  sessions: { keynote: Talk; workshop: Talk; panel: Talk }
  token: { id: string; value: string; allowedOrigins: string[] }
}

export interface Person {
  id: string
  name: string
  company: string
  bio: string
}

export interface Talk {
  id: string
  title: string
  description: string
  track: string
}

/** Unwraps an openapi-fetch result, failing with the server's error envelope when there is one. */
export function expectData<T>(result: { data?: { data: T }; error?: unknown; response: Response }, what: string): T {
  if (result.error !== undefined || !result.data) {
    throw new Error(`${what}: HTTP ${result.response.status} ${JSON.stringify(result.error)}`)
  }
  return result.data.data
}

const DAY = 24 * 60 * 60 * 1000

/** A UTC instant `days` days after the start of today (UTC), at `hour`:`minute`. */
function at(days: number, hour: number, minute = 0): string {
  const today = new Date()
  today.setUTCHours(0, 0, 0, 0)
  return new Date(today.getTime() + days * DAY + (hour * 60 + minute) * 60 * 1000).toISOString()
}

/**
 * Creates, through the admin API only, a two-day conference with three speakers, three sessions
 * and an embed token restricted to `allowedOrigins`: what an organiser does before embedding.
 * Every name carries `label`, so journeys that share an account never read each other's data.
 *
 * @example
 * const conference = await createConference(account.api, { label: 'widgets', allowedOrigins: [site.origin] })
 */
export async function createConference(
  api: AdminClient,
  { label, allowedOrigins }: { label: string; allowedOrigins: string[] },
): Promise<Conference> {
  const eventName = `Northwind DevDays ${label}`
  const event = expectData(
    await api.POST('/events', {
      body: {
        name: eventName,
        description: 'Two days of talks and workshops on building for the web.',
        timezone: 'Europe/Lisbon',
        starts_at: at(30, 8),
        ends_at: at(31, 17),
        venue: 'LX Factory, Lisbon',
        tickets: [
          { id: 'standard', name: 'Standard', price: '€ 290' },
          { id: 'student', name: 'Student', price: '€ 90' },
        ],
      },
    }),
    'create event',
  )

  const speaker = async (name: string, email: string, company: string, status: 'confirmed' | 'accepted' | 'invited', bio: string) => {
    const created = expectData(
      await api.POST('/speakers', { body: { event_id: event.id, email, name, title: 'Engineer', company, bio, status } }),
      `create speaker ${name}`,
    )
    return { id: created.id, name, company, bio }
  }
  const ada = await speaker(
    'Ada Okonkwo',
    `ada.${label}@example.com`,
    'Lumen Labs',
    'confirmed',
    'Ada builds design systems used by millions.',
  )
  const kofi = await speaker(
    'Kofi Mensah',
    `kofi.${label}@example.com`,
    'Harbour Data',
    'accepted',
    'Kofi runs data platforms and a running club.',
  )
  const hiddenSpeaker = await speaker('Hidden Hopper', `hidden.${label}@example.com`, 'Secret Co', 'invited', 'Not public yet.')

  const session = async (
    title: string,
    description: string,
    track: string,
    room: string,
    startsAt: string,
    endsAt: string,
    speakerIds: string[],
  ) => {
    const created = expectData(
      await api.POST('/sessions', {
        body: { event_id: event.id, title, description, track, room, starts_at: startsAt, ends_at: endsAt, speaker_ids: speakerIds },
      }),
      `create session ${title}`,
    )
    return { id: created.id, title, description, track }
  }
  const keynote = await session(
    'Opening keynote: the web we want',
    'Where the platform is going next.',
    'Main stage',
    'Hall A',
    at(30, 9),
    at(30, 10),
    [ada.id, hiddenSpeaker.id],
  )
  const workshop = await session(
    'Workshop: accessible components',
    'Hands-on: build a tab list that works for everyone.',
    'Workshops',
    'Room 2',
    at(30, 13),
    at(30, 15),
    [ada.id],
  )
  const panel = await session(
    'Panel: data pipelines at scale',
    'Lessons from running pipelines in production.',
    'Main stage',
    'Hall A',
    at(31, 10),
    at(31, 11),
    [kofi.id],
  )

  const token = expectData(
    await api.POST('/embed-tokens', { body: { eventId: event.id, name: `Website ${label}`, allowedOrigins } }),
    'create embed token',
  )
  return {
    eventId: event.id,
    eventName,
    speakers: { ada, kofi },
    hiddenSpeaker,
    sessions: { keynote, workshop, panel },
    token: { id: token.id, value: token.token, allowedOrigins: token.allowed_origins },
  }
}

/** The README snippet for every widget of `conference`, as a site owner would paste it. */
export function everyWidgetHtml(conference: Conference, extra = ''): string {
  const common = `event-id="${conference.eventId}" token="${conference.token.value}"${extra ? ` ${extra}` : ''}`
  return [
    `<service-schedule ${common}></service-schedule>`,
    `<service-session-list ${common}></service-session-list>`,
    `<service-session-detail ${common} session-id="${conference.sessions.keynote.id}"></service-session-detail>`,
    `<service-speakers ${common} layout="grid"></service-speakers>`,
    `<service-speaker-card ${common} speaker-id="${conference.speakers.kofi.id}"></service-speaker-card>`,
    `<service-registration ${common}></service-registration>`,
  ].join('\n')
}
