import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, PrivacyNotice, Question, Ticket } from '@event-service/db'
import { demoSchedule } from './demo-sessions.ts'
import { DEMO_SPEAKERS } from './demo-speakers.ts'
import { zonedInstant } from './zoned-time.ts'

// Fixed ids let every start find the demo (and `--reset` remove it) without guessing by name.
/** The demo organiser's account. It has no API key: create your own account with the CLI. */
export const DEMO_ACCOUNT_ID = 'd3e0d3e0-0000-4000-8000-000000000001'
/** The demo event the demo page previews. */
export const DEMO_EVENT_ID = 'd3e0d3e0-0000-4000-8000-000000000002'
export const DEMO_TIMEZONE = 'Europe/Berlin'
/** The demo organiser, owner of the demo account: `npm start` prints a one-time sign-in link for them. */
export const DEMO_ORGANISER = { id: 'd3e0d3e0-0000-4000-8000-000000000003', email: 'demo@example.com', name: 'Demo organiser' } as const

/**
 * Adds the demo organiser to the demo account when the account exists and they do not (databases
 * seeded before the console had people get them at the next start). Returns their id, or
 * undefined without a demo account.
 */
export async function ensureDemoOrganiser(db: Kysely<Database>): Promise<string | undefined> {
  const account = await db.selectFrom('accounts').select('id').where('id', '=', DEMO_ACCOUNT_ID).executeTakeFirst()
  if (!account) return undefined
  await db
    .insertInto('users')
    .values({ ...DEMO_ORGANISER, account_id: DEMO_ACCOUNT_ID, role: 'owner' })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const user = await db.selectFrom('users').select('id').where('id', '=', DEMO_ORGANISER.id).executeTakeFirst()
  return user?.id
}

const TICKETS: Ticket[] = [
  { id: 'standard', name: 'Standard', description: 'All three days, lunch and coffee included', price: 'EUR 590' },
  { id: 'student', name: 'Student', description: 'All three days; bring proof of enrolment', price: 'EUR 149' },
  // Capped, with the places left shown: the form says how many remain, and "Sold out" at the end.
  {
    id: 'workshop',
    name: 'Workshop day',
    description: 'One workshop of your choice, with lunch',
    price: 'EUR 290',
    capacity: 40,
    show_remaining: true,
  },
]

/** What the registration form asks beside name and email. */
const QUESTIONS: Question[] = [
  { id: 'diet', label: 'Dietary requirements', type: 'choice', required: true, options: ['None', 'Vegetarian', 'Vegan', 'Other'] },
  {
    id: 'workshop-topic',
    label: 'Which workshop?',
    type: 'choice',
    required: true,
    options: ['Web performance', 'Data pipelines', 'Accessibility'],
    ticket_ids: ['workshop'],
  },
  { id: 'company', label: 'Company', type: 'text', required: false, options: null, ticket_ids: null },
]

const PRIVACY_NOTICE: PrivacyNotice = {
  text: 'We use your name and email to manage your registration and to send you news about the conference. We never share them.',
  url: 'https://example.com/privacy',
}

/** Options of `seedDemo`. */
export interface SeedOptions {
  /** Receives one human-readable line per step. */
  onProgress?: (line: string) => void
  /** The day the event is planned relative to (default: now). */
  today?: Date
}

/** What the seed did. */
export interface SeedResult {
  /** False when the demo event was already there (nothing was written). */
  created: boolean
  accountId: string
  eventId: string
  speakers: number
  sessions: number
}

/**
 * A website for every demo speaker and a Mastodon profile for every other one, on the reserved
 * `.example` domains of their email addresses.
 */
function demoLinks(s: { name: string; email: string }): { url: string; label: string | null }[] {
  const [handle = 'speaker', domain = 'example.com'] = s.email.split('@')
  const links: { url: string; label: string | null }[] = [{ url: `https://${domain}/people/${handle}`, label: 'Website' }]
  if (handle.length % 2 === 0) links.push({ url: `https://mastodon.example/@${handle.replaceAll('.', '_')}`, label: 'Mastodon' })
  return links
}

/** The first Tuesday at least four weeks after `today`: soon enough to be upcoming for a while. */
export function demoStartDay(today: Date): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 28))
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** The demo event, if it has been seeded. */
export async function findDemoEvent(db: Kysely<Database>) {
  return db.selectFrom('events').select(['id', 'name', 'starts_at', 'ends_at']).where('id', '=', DEMO_EVENT_ID).executeTakeFirst()
}

class AlreadySeeded extends Error {}

/**
 * Creates the demo account (plan pro) and its event: a three-day conference in Berlin starting
 * about four weeks from now, with speakers of every status, four tracks, workshops, breaks and
 * tickets. Does nothing when the demo event exists. The content is the same on every run; only
 * ids and dates differ.
 *
 * @example
 * await seedDemo(db, { onProgress: console.log })
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const progress = options.onProgress ?? (() => {})
  const started = performance.now()
  const existing = await findDemoEvent(db)
  const none = { accountId: DEMO_ACCOUNT_ID, eventId: DEMO_EVENT_ID, speakers: 0, sessions: 0 }
  if (existing) return { created: false, ...none }

  const start = demoStartDay(options.today ?? new Date())
  const at = (day: number, time: string) => zonedInstant({ ...start, day: start.day + day }, time, DEMO_TIMEZONE)
  const name = `Spree Summit ${start.year}`
  const speakerIds = DEMO_SPEAKERS.map(() => randomUUID())
  const schedule = demoSchedule().map((s) => ({ ...s, id: randomUUID() }))

  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('accounts')
        .values({ id: DEMO_ACCOUNT_ID, name: 'Spree Summit organisers (demo)', plan: 'pro', rate_limit: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
      const event = await trx
        .insertInto('events')
        .values({
          id: DEMO_EVENT_ID,
          account_id: DEMO_ACCOUNT_ID,
          name,
          description:
            'Three days on building for the web: platform engineering, frontend, data and AI, and the people who make it work. ' +
            'Keynotes every morning, three parallel tracks, hands-on workshops and a community evening on the terrace.',
          timezone: DEMO_TIMEZONE,
          starts_at: at(0, '08:00'),
          ends_at: at(2, '18:00'),
          venue: 'Spree Forum, Am Speicher 1, 10245 Berlin',
          tickets: JSON.stringify(TICKETS),
          questions: JSON.stringify(QUESTIONS),
          privacy_notice: JSON.stringify(PRIVACY_NOTICE),
          // As every new event: a registration waits for its confirm link, which the demo mailbox shows.
          registration_confirmation: 'email',
        })
        // A concurrent seed (two instances starting on one Postgres) waits here and then skips.
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!event) throw new AlreadySeeded()
      progress(
        `event "${name}" (${DEMO_TIMEZONE}), ${at(0, '08:00').toISOString().slice(0, 10)} to ${at(2, '18:00').toISOString().slice(0, 10)}`,
      )

      await trx
        .insertInto('speakers')
        .values(
          DEMO_SPEAKERS.map((s, i) => ({
            id: speakerIds[i],
            account_id: DEMO_ACCOUNT_ID,
            event_id: DEMO_EVENT_ID,
            email: s.email,
            name: s.name,
            title: s.title,
            company: s.company,
            bio: s.bio,
            photo_url: null,
            status: s.status,
            tags: s.tags,
            links: JSON.stringify(demoLinks(s)),
          })),
        )
        .execute()
      progress(`${DEMO_SPEAKERS.length} speakers`)

      await trx
        .insertInto('sessions')
        .values(
          schedule.map((s) => ({
            id: s.id,
            account_id: DEMO_ACCOUNT_ID,
            event_id: DEMO_EVENT_ID,
            title: s.title,
            description: s.description,
            starts_at: at(s.day, s.start),
            ends_at: at(s.day, s.end),
            track: s.track,
            room: s.room,
            format: s.format ?? null,
            level: s.level ?? null,
            language: s.language ?? null,
            tags: s.tags ?? [],
            slides_url: null,
            recording_url: null,
          })),
        )
        .execute()
      const assignments = schedule.flatMap((s) =>
        s.speakers.map((index, position) => ({ session_id: s.id, speaker_id: speakerIds[index] as string, position })),
      )
      await trx.insertInto('session_speakers').values(assignments).execute()
      progress(`${schedule.length} sessions, ${TICKETS.length} tickets`)
    })
  } catch (err) {
    if (err instanceof AlreadySeeded) return { created: false, ...none }
    throw err
  }
  progress(`done in ${Math.round(performance.now() - started)} ms`)
  return { created: true, accountId: DEMO_ACCOUNT_ID, eventId: DEMO_EVENT_ID, speakers: DEMO_SPEAKERS.length, sessions: schedule.length }
}

/**
 * Removes the demo account with everything it owns (event, speakers, sessions, tokens,
 * registrations) and seeds it again.
 */
export async function resetDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedResult> {
  const removed = await db.deleteFrom('accounts').where('id', '=', DEMO_ACCOUNT_ID).executeTakeFirst()
  if (removed.numDeletedRows > 0n) options.onProgress?.('removed the previous demo account and its data')
  return seedDemo(db, options)
}
