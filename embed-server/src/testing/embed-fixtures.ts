import type {
  Database,
  DbHandle,
  NewSession,
  SpeakerStatus,
  PrivacyNotice,
  RegistrationConfirmation,
  Question,
  Ticket,
} from '@event-service/db'
import {
  type Config,
  createLogger,
  generateSecret,
  hashSecret,
  listen,
  loadConfig,
  type RunningServer,
  secretPrefix,
} from '@event-service/server-common'
import { createTestDb, type DialectName, insertTestEvent } from '@event-service/db/testing.ts'
import type { Kysely } from 'kysely'
import { createEmbedApp, type EmbedApp } from '../app.ts'
import type { LiveLimits } from '../live/live-limits.ts'

/** A running embed server over HTTP, for tests. */
export interface TestEmbedServer {
  url: string
  /** The app, for what a test drives directly (the live streams' graceful stop). */
  embed: EmbedApp
  close(): Promise<void>
}

export interface EmbedServerOptions {
  config?: Partial<Config>
  widgetsDir?: string
  cache?: boolean
  liveLimits?: Partial<LiveLimits>
  /**
   * How long a round trip vouches for the caches on Postgres. 0 unless given: every request waits
   * for a round trip started after it, so that a test of something else can read what it just
   * wrote. The tests of the bound itself pass `FRESHNESS_BOUND_MS`, what production runs with.
   */
  freshnessBoundMs?: number
}

/** Starts an embed server on a free port over `dbHandle`. */
export async function startEmbedServer(dbHandle: DbHandle, options: EmbedServerOptions = {}): Promise<TestEmbedServer> {
  const config = { ...loadConfig({ EMBED_PORT: '0', EMBED_RATE_LIMIT: '0', REDIS_URL: process.env.REDIS_URL }), ...options.config }
  const embed = await createEmbedApp({
    dbHandle,
    config,
    logger: createLogger('silent'),
    ...(options.widgetsDir ? { widgetsDir: options.widgetsDir } : {}),
    ...(options.cache === false ? { cache: false } : {}),
    ...(options.liveLimits ? { liveLimits: options.liveLimits } : {}),
    freshnessBoundMs: options.freshnessBoundMs ?? 0,
  })
  const server: RunningServer = await listen(embed.callback(), { host: '127.0.0.1', port: 0 })
  return {
    url: server.url,
    embed,
    async close() {
      embed.endStreams()
      await server.close(100)
      await embed.close()
    },
  }
}

/** What most embed tests start from: a fresh database, an embed server over it and one seeded event. */
export interface EmbedTestBed {
  dbHandle: DbHandle & { url?: string }
  server: TestEmbedServer
  ev: SeededEvent
}

/**
 * Makes an {@link EmbedTestBed} on `dialect`; stop it with {@link stopEmbedTestBed}.
 *
 * @example
 * beforeAll(async () => ({ dbHandle, server, ev } = await startEmbedTestBed(dialect)))
 * afterAll(() => stopEmbedTestBed(server, dbHandle))
 */
export async function startEmbedTestBed(
  dialect: DialectName,
  options: { event?: SeedEventOptions; server?: EmbedServerOptions } = {},
): Promise<EmbedTestBed> {
  const dbHandle = await createTestDb(dialect)
  const server = await startEmbedServer(dbHandle, options.server)
  return { dbHandle, server, ev: await seedEvent(dbHandle.db, options.event) }
}

/** Stops a test's server, then its database; either is missing when the set-up failed before it. */
export async function stopEmbedTestBed(server: TestEmbedServer | undefined, dbHandle: DbHandle | undefined): Promise<void> {
  await server?.close()
  await dbHandle?.close()
}

/** An account with one event, as tests need it. */
export interface SeededEvent {
  accountId: string
  eventId: string
}

export interface SeedEventOptions {
  tickets?: Ticket[]
  timezone?: string
  name?: string
  venue?: string | null
  questions?: Question[]
  privacyNotice?: PrivacyNotice | null
  /** How registrations are confirmed; default `none` (registered at once), so that tests of other behaviour need no confirm link. */
  confirmation?: RegistrationConfirmation
}

/** Creates an account and an event (with `tickets` when given; registrations confirmed by email only when asked). */
export async function seedEvent(db: Kysely<Database>, options: SeedEventOptions = {}): Promise<SeededEvent> {
  return insertTestEvent(db, {
    name: options.name ?? 'Test Conf',
    description: 'A test event',
    timezone: options.timezone ?? 'Europe/Berlin',
    starts_at: new Date('2030-05-01T07:00:00Z'),
    ends_at: new Date('2030-05-02T18:00:00Z'),
    venue: options.venue === undefined ? 'Hall 1' : options.venue,
    tickets: JSON.stringify(options.tickets ?? []),
    questions: JSON.stringify(options.questions ?? []),
    privacy_notice: options.privacyNotice ? JSON.stringify(options.privacyNotice) : null,
    registration_confirmation: options.confirmation ?? 'none',
  })
}

/** Inserts a speaker (email always set, so tests can prove it never leaves the server). */
export async function seedSpeaker(db: Kysely<Database>, ev: SeededEvent, name: string, status: SpeakerStatus): Promise<string> {
  const row = await db
    .insertInto('speakers')
    .values({
      account_id: ev.accountId,
      event_id: ev.eventId,
      email: `${name.toLowerCase().replaceAll(' ', '.')}@speakers.example`,
      name,
      title: 'Engineer',
      company: 'Acme',
      bio: `${name} talks about things.`,
      photo_url: null,
      status,
      tags: ['secret-tag'],
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Inserts a session with its speakers in the given order. */
export async function seedSession(
  db: Kysely<Database>,
  ev: SeededEvent,
  fields: {
    title: string
    startsAt: string
    track?: string
    room?: string
    speakerIds?: string[]
    description?: string
    more?: Partial<Pick<NewSession, 'format' | 'level' | 'language' | 'tags' | 'slides_url' | 'recording_url'>>
  },
): Promise<string> {
  const starts = new Date(fields.startsAt)
  const row = await db
    .insertInto('sessions')
    .values({
      account_id: ev.accountId,
      event_id: ev.eventId,
      title: fields.title,
      description: fields.description ?? null,
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 45 * 60_000),
      track: fields.track ?? null,
      room: fields.room ?? null,
      format: null,
      level: null,
      language: null,
      slides_url: null,
      recording_url: null,
      ...fields.more,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const speakerIds = fields.speakerIds ?? []
  if (speakerIds.length > 0) {
    await db
      .insertInto('session_speakers')
      .values(speakerIds.map((speaker_id, position) => ({ session_id: row.id, speaker_id, position })))
      .execute()
  }
  return row.id
}

/** Creates an embed token for the event and returns its id and secret value. */
export async function seedToken(
  db: Kysely<Database>,
  ev: SeededEvent,
  options: {
    allowedOrigins?: readonly string[]
    expiresAt?: Date | null
    isActive?: boolean
    revoked?: boolean
    calendarFeed?: boolean
  } = {},
): Promise<{ id: string; token: string }> {
  const token = generateSecret('emb')
  const row = await db
    .insertInto('embed_tokens')
    .values({
      account_id: ev.accountId,
      event_id: ev.eventId,
      name: 'Test token',
      prefix: secretPrefix(token),
      token_hash: hashSecret(token),
      is_active: options.isActive ?? true,
      allowed_origins: [...(options.allowedOrigins ?? [])],
      expires_at: options.expiresAt ?? null,
      revoked_at: options.revoked ? new Date() : null,
      calendar_feed: options.calendarFeed ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, token }
}

/** The two ways a widget can send its token. */
export const TRANSPORTS = ['query', 'header'] as const
export type Transport = (typeof TRANSPORTS)[number]

/** Fetches `path` of the embed server with the token sent the given way. */
export function embedFetch(
  base: string,
  path: string,
  token: string | undefined,
  transport: Transport,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const url = new URL(path, base)
  const headers: Record<string, string> = { ...init.headers }
  if (token !== undefined) {
    if (transport === 'query') url.searchParams.set('token', token)
    else headers.Authorization = `Bearer ${token}`
  }
  return fetch(url, { ...init, headers })
}
