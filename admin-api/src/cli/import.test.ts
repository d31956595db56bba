import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDb, type DbHandle } from '@event-service/db'
import { createTestStoreEnv, DIALECTS, insertTestEvent } from '@event-service/db/testing.ts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from './cli-process.ts'
import { CONTROL_COMMAND_PATH, readControlFile } from './control-file.ts'
import { type ControlServer, startControlServer } from './control-server.ts'

// Child processes (tsx start-up, PGlite) are slow on a busy machine; these limits are not assertions.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const files = mkdtempSync(join(tmpdir(), 'cli-import-'))
afterAll(() => rmSync(files, { recursive: true, force: true }))

/** The event the schedule goes into: 12–13 June 2026 in Berlin. */
const EVENT = {
  name: 'Camp',
  timezone: 'Europe/Berlin',
  starts_at: new Date('2026-06-12T00:00:00+02:00'),
  ends_at: new Date('2026-06-13T23:59:00+02:00'),
}

const person = (guid: string, name: string) => ({ guid, name, public_name: name, biography: `${name} builds things.`, links: [] })

/** A small c3voc schedule.json as frab writes it: one day, one room, two talks, two speakers. */
function c3vocSchedule({ date = '2026-06-12T10:00:00+02:00', about = 'A camp for makers.' } = {}) {
  const talk = (id: number, guid: string, title: string, start: string, persons: object[]) => ({
    id,
    guid,
    date: start,
    start: start.slice(11, 16),
    duration: '00:45',
    room: 'Saal 1',
    slug: `camp-${id}`,
    url: `https://camp.example.org/talk/${id}`,
    title,
    subtitle: '',
    track: 'Hardware',
    type: 'Talk',
    language: 'en',
    abstract: 'A talk.',
    description: 'What we learned.',
    persons,
    links: [],
    attachments: [],
  })
  return {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'frab', version: '1.0' },
    schedule: {
      version: '1.0',
      base_url: 'https://camp.example.org/',
      conference: {
        acronym: 'camp2026',
        title: 'Camp 2026',
        description: about,
        start: '2026-06-12',
        end: '2026-06-13',
        daysCount: 1,
        timeslot_duration: '00:15',
        time_zone_name: 'Europe/Berlin',
        rooms: [{ name: 'Saal 1', guid: '6a8a0c5e-7d3e-4b59-9a1a-0c1f2b3c4d5e' }],
        days: [
          {
            index: 1,
            date: '2026-06-12',
            day_start: '2026-06-12T09:00:00+02:00',
            day_end: '2026-06-12T22:00:00+02:00',
            rooms: {
              'Saal 1': [
                talk(101, '0b9f5a57-6a44-4a83-9c1b-1f2e3d4c5b6a', 'Soldering for everyone', date, [
                  person('b1d2c3e4-0000-4000-8000-000000000001', 'Ada Lovelace'),
                ]),
                talk(102, '0b9f5a57-6a44-4a83-9c1b-1f2e3d4c5b6b', 'Mesh networks', '2026-06-12T11:00:00+02:00', [
                  person('b1d2c3e4-0000-4000-8000-000000000002', 'Grace Hopper'),
                ]),
              ],
            },
          },
        ],
      },
    },
  }
}

/** Writes a file for `--from` and returns its path. */
function scheduleFile(name: string, content: object | string): string {
  const path = join(files, `${randomUUID()}-${name}`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return path
}

const openStore = (env: Record<string, string>) => createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })

/** Runs `fn` on the store with nothing else holding it (PGlite has one opener at a time). */
async function onStore<T>(env: Record<string, string>, fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openStore(env)
  try {
    return await fn(handle)
  } finally {
    await handle.close()
  }
}

const sessionTitles = (handle: DbHandle, eventId: string) =>
  handle.db.selectFrom('sessions').select(['title', 'source', 'starts_at']).where('event_id', '=', eventId).orderBy('starts_at').execute()

const stderrLines = (stderr: string) => stderr.trimEnd().split('\n')

describe.each(DIALECTS)('import on %s with nothing running', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  /** A store of its own with an account and the event; tests run side by side. */
  const newEvent = async () => {
    const { env, cleanup } = await createTestStoreEnv(dialect, 'cli-import')
    cleanups.push(cleanup)
    const { eventId } = await onStore(env, (handle) => insertTestEvent(handle.db, EVENT))
    return { env, eventId }
  }
  afterAll(() => Promise.all(cleanups.map((c) => c())))

  it.concurrent('imports a c3voc schedule.json into the event, tells its progress, and a second run finds everything unchanged', async () => {
    const { env, eventId } = await newEvent()
    const from = scheduleFile('schedule.json', c3vocSchedule())
    const run = await runCli(['import', '--event', eventId, '--from', from], env)
    expect(run.code).toBe(0)
    const result = JSON.parse(run.stdout) as { id: string; status: string; plan: Record<string, unknown>; error: unknown }
    expect(Object.keys(result).sort()).toEqual(['error', 'id', 'plan', 'status'])
    expect(result).toMatchObject({ status: 'done', error: null, plan: { created: { sessions: 2, speakers: 2 } } })
    const lines = stderrLines(run.stderr)
    expect(lines[0]).toMatch(/^reading [\w-]+-schedule\.json \(\d+\.\d kB\)…$/)
    expect(lines).toContain('planning: 4 sessions and speakers')
    expect(lines).toContain('writing 4/4')
    expect(lines.at(-1)).toBe('created 2 sessions, 2 speakers; 0 updated; 0 cancelled; 0 deleted; 0 unchanged; 0 skipped')

    const again = await runCli(['import', '--event', eventId, '--from', from], env)
    expect(again.code).toBe(0)
    expect(stderrLines(again.stderr).at(-1)).toBe(
      '0 created; 0 updated; 0 cancelled; 0 deleted; 2 sessions, 2 speakers unchanged; 0 skipped',
    )

    await onStore(env, async (handle) => {
      expect(await sessionTitles(handle, eventId)).toEqual([
        { title: 'Soldering for everyone', source: 'frab', starts_at: new Date('2026-06-12T08:00:00Z') },
        { title: 'Mesh networks', source: 'frab', starts_at: new Date('2026-06-12T09:00:00Z') },
      ])
      const imports = await handle.db
        .selectFrom('imports')
        .select(['id', 'trigger', 'source_name', 'status'])
        .where('event_id', '=', eventId)
        .execute()
      expect(imports).toHaveLength(2)
      expect(imports).toContainEqual({
        id: result.id,
        trigger: 'upload',
        source_name: expect.stringMatching(/schedule\.json$/),
        status: 'done',
      })
    })
  })

  it.concurrent('a dry run prints the plan and writes nothing', async () => {
    const { env, eventId } = await newEvent()
    const run = await runCli(['import', '--event', eventId, '--from', scheduleFile('schedule.json', c3vocSchedule()), '--dry-run'], env)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'done', plan: { created: { sessions: 2, speakers: 2 } } })
    expect(stderrLines(run.stderr).at(-1)).toBe(
      'dry run: would create 2 sessions, 2 speakers; 0 updated; 0 cancelled; 0 deleted; 0 unchanged; 0 skipped; nothing written',
    )
    expect(run.stderr).not.toMatch(/^writing/m)
    await onStore(env, async (handle) => {
      expect(await sessionTitles(handle, eventId)).toEqual([])
      expect(await handle.db.selectFrom('speakers').select('id').where('event_id', '=', eventId).execute()).toEqual([])
      expect(await handle.db.selectFrom('imports').select('dry_run').where('event_id', '=', eventId).execute()).toEqual([{ dry_run: true }])
    })
  })

  it.concurrent('a schedule with a broken field fails with exit 1, the error and its place on stderr, and writes nothing', async () => {
    const { env, eventId } = await newEvent()
    const broken = scheduleFile('schedule.json', c3vocSchedule({ date: '2026-06-12 10:00' }))
    const run = await runCli(['import', '--event', eventId, '--from', broken], env)
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'failed', plan: null, error: { code: 'SOURCE_INVALID' } })
    const lines = stderrLines(run.stderr)
    const errorAt = lines.findIndex((l) => l.startsWith('error: '))
    expect(lines[errorAt]).toMatch(/^error: The frab schedule\.json has a problem: .*date must be a date-time with an offset/)
    expect(lines.slice(errorAt + 1)).toEqual([
      '  at schedule.conference.days[0].rooms.Saal 1[0].date: must be a date-time with an offset, e.g. 2026-05-01T09:00:00+02:00',
    ])
    await onStore(env, async (handle) => expect(await sessionTitles(handle, eventId)).toEqual([]))
  })

  it.concurrent('refuses an event that does not exist', async () => {
    const { env } = await newEvent()
    const run = await runCli(['import', '--event', randomUUID(), '--from', scheduleFile('schedule.json', c3vocSchedule())], env)
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(stderrLines(run.stderr).at(-1)).toBe('error: Event not found')
  })

  it.concurrent('names --event when the event id is not an id at all', async () => {
    const { env } = await newEvent()
    const run = await runCli(['import', '--event', 'camp', '--from', scheduleFile('schedule.json', c3vocSchedule())], env)
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toMatch(/^error: Invalid input: --event .*UUID/i)
  })

  describe('from a URL', () => {
    let server: Server
    let url: string
    beforeAll(async () => {
      const body = JSON.stringify(c3vocSchedule())
      server = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}/schedule.json`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it.concurrent('fetches it where the command runs, on a private address only with WEBHOOK_ALLOW_PRIVATE', async () => {
      const { env, eventId } = await newEvent()
      const refused = await runCli(['import', '--event', eventId, '--from', url], env)
      expect(refused.code).toBe(1)
      expect(JSON.parse(refused.stdout)).toMatchObject({ status: 'failed', error: { code: 'SOURCE_UNAVAILABLE' } })
      expect(refused.stderr).toContain(`error: The source at ${url} could not be fetched`)

      const run = await runCli(['import', '--event', eventId, '--from', url], { ...env, WEBHOOK_ALLOW_PRIVATE: '1' })
      expect(run.code).toBe(0)
      expect(stderrLines(run.stderr)[0]).toBe(`reading ${url}…`)
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 'done', plan: { created: { sessions: 2, speakers: 2 } } })
      await onStore(env, async (handle) => {
        const [row] = await handle.db.selectFrom('imports').select(['trigger', 'source_name']).where('status', '=', 'done').execute()
        expect(row).toEqual({ trigger: 'url', source_name: url })
      })
    })
  })
})

describe('import through a running server (PGlite)', () => {
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  let handle: DbHandle
  let control: ControlServer
  let eventId: string
  beforeAll(async () => {
    const store = await createTestStoreEnv('pglite', 'cli-import-running')
    env = store.env
    cleanup = store.cleanup
    handle = await openStore(env)
    eventId = (await insertTestEvent(handle.db, EVENT)).eventId
    control = await startControlServer({
      db: handle.db,
      dataDir: env.DATA_DIR as string,
      logger: pino({ level: 'silent' }),
      context: { consoleOrigin: 'http://127.0.0.1:3000', sourceFetch: { allowPrivate: false, timeoutMs: 30_000 } },
    })
  })
  afterAll(async () => {
    await control?.close()
    await handle?.close()
    await cleanup?.()
  })

  it('sends the file with the command (past the 64 KiB other commands may send) and prints the progress the server streams', async () => {
    // A long description of the conference (which the import does not keep) makes the command larger than any other may be.
    const large = scheduleFile('schedule.json', c3vocSchedule({ about: 'x'.repeat(200_000) }))
    const run = await runCli(['import', '--event', eventId, '--from', large], env)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'done', plan: { created: { sessions: 2, speakers: 2 } } })
    const lines = stderrLines(run.stderr)
    expect(lines[0]).toMatch(/^reading [\w-]+-schedule\.json \(20\d\.\d kB\)…$/)
    expect(lines).toContain('planning: 4 sessions and speakers')
    expect(lines).toContain('writing 4/4')
    expect(lines.at(-1)).toBe('created 2 sessions, 2 speakers; 0 updated; 0 cancelled; 0 deleted; 0 unchanged; 0 skipped')
    expect(await sessionTitles(handle, eventId)).toHaveLength(2)
  })

  it('fails a broken schedule through the server too: exit 1 with its places', async () => {
    const run = await runCli(
      ['import', '--event', eventId, '--from', scheduleFile('schedule.json', c3vocSchedule({ date: 'soon' })), '--dry-run'],
      env,
    )
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('  at schedule.conference.days[0].rooms.Saal 1[0].date: must be a date-time with an offset')
  })

  it('keeps the 64 KiB limit for every other command, and the larger one for the command the request declares only', async () => {
    const { url, secret } = readControlFile(env.DATA_DIR as string) ?? { url: '', secret: '' }
    const post = (declared: string | undefined, body: object) =>
      fetch(new URL(CONTROL_COMMAND_PATH, url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', ...(declared ? { 'X-Command': declared } : {}) },
        body: JSON.stringify(body),
      })
    const padded = { command: 'keys.list', input: { accountId: randomUUID() }, padding: 'x'.repeat(70 * 1024) }
    const undeclared = await post(undefined, padded)
    expect(undeclared.status).toBe(413)
    expect(await undeclared.json()).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } })
    const misdeclared = await post('import', padded)
    expect(misdeclared.status).toBe(400)
    expect(await misdeclared.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } })
  })
})

describe('import on the command line itself', () => {
  const env = { DATA_DIR: join(tmpdir(), 'cli-never-opened') }
  const event = randomUUID()

  it.concurrent.each([
    [['import', '--from', 'schedule.json'], /^error: import needs --event <event_id>/],
    [['import', '--event', event], /^error: import needs --from <file\|url>/],
    [
      ['import', '--event', event, '--from', 'no/such/schedule.json'],
      /^error: --from no\/such\/schedule\.json cannot be read: no such file/,
    ],
    [
      ['import', '--event', event, '--from', 'x.json', '--format', 'ical'],
      /^error: --format must be one of auto, frab-json, frab-xml, pretalx, sessionize, got "ical"/,
    ],
    [['import', '--event', event, '--from', 'x.json', '--removed', 'keep'], /^error: --removed must be one of cancel, delete, got "keep"/],
    [['import', 'extra', '--event', event, '--from', 'x.json'], /^error: import takes no arguments, got "extra"/],
  ])('answers %j with a usage error (exit 2, one line on stderr)', async (args, message) => {
    const run = await runCli(args, env)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(message)
    expect(stderrLines(run.stderr)).toHaveLength(1)
  })

  it.concurrent('refuses a file over 20 MiB before reading or sending it', async () => {
    const huge = join(files, 'huge.json')
    writeFileSync(huge, '')
    truncateSync(huge, 20 * 1024 * 1024 + 1) // sparse: nothing is written
    const run = await runCli(['import', '--event', event, '--from', huge], env)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(/is 21\.0 MB; an import reads at most 20 MiB/)
  })

  it.concurrent('lists import in the usage', async () => {
    const run = await runCli(['--help'], env)
    expect(run.stdout).toContain('import --event <event_id> --from <file|url> [--format auto|frab-json|frab-xml|pretalx|sessionize]')
  })
})
