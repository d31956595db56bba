/**
 * Schedule import benchmark: a c3voc schedule.json of 1,000 sessions (3 days, 8 rooms, 600
 * speakers, 1,333 session–speaker links, about 0.9 MB), imported through the import engine
 * (`createImport` + `carryOutImport`: read, plan, write in one transaction), on PGlite on disk and,
 * with `DATABASE_URL`, on a fresh Postgres database too:
 *
 * - a full import into an empty event (aim: under 5 s), with its read, plan and write phases;
 * - the same for an account with a webhook endpoint subscribed to every event, so that each
 *   speaker and session written is recorded as a change with its delivery;
 * - a re-import of the same file into that event (everything unchanged);
 * - a re-import of the file with 10% of the sessions changed (5% renamed, 5% moved 5 minutes).
 *
 * Baseline, measured in the same rounds: the same speakers, sessions and session_speakers written
 * with three plain multi-row Kysely inserts in one transaction, i.e. what the data costs to write
 * at all. The same without triggers (`session_replication_role = replica`) shows how much of
 * that is the change records (webhooks, live updates) the triggers write. Figures are medians of the rounds (after one round not counted); ratios are against
 * the baseline's median. No figure is asserted; the plans' counts are checked, so that what is
 * timed is what it says.
 *
 *   npx tsx bench/import.bench.ts       # 5 rounds
 *   npx tsx bench/import.bench.ts 3     # fewer rounds
 */
import { pathToFileURL } from 'node:url'
import { carryOutImport, createImport } from '@event-service/admin-api/imports/imports.service.ts'
import type { Database } from '@event-service/db'
import { insertTestEvent } from '@event-service/db/testing.ts'
import { type Kysely, sql } from 'kysely'
import { openBenchDatabase } from './bench-database.ts'
import { generateC3vocSchedule } from './c3voc-schedule-generator.ts'

const SHAPE = { sessions: 1000, days: 3, rooms: 8, speakers: 600 }
/** Every 20th session renamed and as many moved: 10% of the sessions changed. */
const CHANGED_EVERY = 20
/** The event the schedule fits: the generator's three days, in its zone. */
const EVENT = {
  name: 'Bench Congress 2026',
  timezone: 'Europe/Berlin',
  starts_at: new Date('2026-12-27T00:00:00+01:00'),
  ends_at: new Date('2026-12-29T23:59:00+01:00'),
}

type Counts = { sessions: number; speakers: number }
interface Plan {
  created: Counts
  updated: Counts
  unchanged: Counts
  cancelled: Counts
  deleted: Counts
}

interface ImportTiming {
  total: number
  read: number
  plan: number
  write: number
}

const round = (v: number, digits = 0) => Math.round(v * 10 ** digits) / 10 ** digits
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** One import of `bytes` into the event, timed whole and by phase (the engine's progress marks when each begins). */
async function timedImport(
  db: Kysely<Database>,
  target: { accountId: string; eventId: string },
  bytes: Uint8Array,
): Promise<{ timing: ImportTiming; plan: Plan }> {
  const started = performance.now()
  const marks: Partial<Record<'planning' | 'writing', number>> = {}
  const row = await createImport(db, {
    ...target,
    trigger: 'upload',
    sourceName: 'schedule.json',
    format: 'auto',
    dryRun: false,
    removed: 'cancel',
  })
  const done = await carryOutImport(
    db,
    row.id,
    async () => bytes,
    ({ phase }) => {
      if (phase !== 'reading') marks[phase] ??= performance.now()
    },
  )
  const ended = performance.now()
  if (done.status !== 'done') throw new Error(`The import failed: ${JSON.stringify(done.error)}`)
  const planning = marks.planning ?? ended
  const writing = marks.writing ?? ended
  return {
    timing: { total: ended - started, read: planning - started, plan: writing - planning, write: ended - writing },
    plan: done.plan as unknown as Plan,
  }
}

/** An enabled endpoint of the account for every event type: each change is recorded and delivered. */
async function subscribeToEverything(db: Kysely<Database>, accountId: string): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({ account_id: accountId, url: 'https://hooks.example.com/bench', events: ['*'], description: null, secret: 'whsec_bench' })
    .execute()
}

/** What the import must have done, or the figures would describe something else. */
function expectPlan(what: string, plan: Plan, expected: Partial<Plan>): void {
  for (const [action, counts] of Object.entries(expected) as [keyof Plan, Counts][]) {
    const got = plan[action]
    if (got.sessions !== counts.sessions || got.speakers !== counts.speakers) {
      throw new Error(`${what}: expected ${action} ${JSON.stringify(counts)}, the plan says ${JSON.stringify(got)}`)
    }
  }
}

type C3vocEvent = {
  guid: string
  date: string
  duration: string
  room: string
  title: string
  track: string
  type: string
  language: string
  abstract: string
  description: string
  persons: { guid: string; name: string; biography: string }[]
}

/** The rows the schedule makes, read straight from the file's structure (not through the import). */
function rowsOf(schedule: object) {
  const days = (schedule as { schedule: { conference: { days: { rooms: Record<string, C3vocEvent[]> }[] } } }).schedule.conference.days
  const events = days.flatMap((d) => Object.values(d.rooms).flat())
  const speakers = new Map<string, { name: string; bio: string }>()
  for (const e of events) for (const p of e.persons) speakers.set(p.guid, { name: p.name, bio: p.biography })
  const minutes = (duration: string) => {
    const [h, m] = duration.split(':').map(Number) as [number, number]
    return h * 60 + m
  }
  return {
    speakers: [...speakers].map(([guid, s]) => ({ source_id: guid, ...s })),
    sessions: events.map((e) => ({
      source_id: e.guid,
      title: e.title,
      description: `${e.abstract}\n\n${e.description}`,
      starts_at: new Date(e.date),
      ends_at: new Date(Date.parse(e.date) + minutes(e.duration) * 60_000),
      room: e.room,
      track: e.track,
      format: e.type,
      language: e.language,
      speakers: e.persons.map((p) => p.guid),
    })),
  }
}

/** The baseline: the same data in three multi-row inserts, one transaction; `withoutTriggers` for the bare cost of the rows. */
async function timedPlainInsert(
  db: Kysely<Database>,
  target: { accountId: string; eventId: string },
  rows: ReturnType<typeof rowsOf>,
  { withoutTriggers = false } = {},
): Promise<number> {
  const started = performance.now()
  const owner = { account_id: target.accountId, event_id: target.eventId, source: 'frab' }
  await db.transaction().execute(async (trx) => {
    if (withoutTriggers) await sql`set local session_replication_role = replica`.execute(trx)
    const speakers = await trx
      .insertInto('speakers')
      .values(
        rows.speakers.map((s) => ({
          ...owner,
          source_id: s.source_id,
          name: s.name,
          bio: s.bio,
          email: null,
          title: null,
          company: null,
          photo_url: null,
          links: '[]',
          status: 'confirmed' as const,
        })),
      )
      .returning(['id', 'source_id'])
      .execute()
    const sessions = await trx
      .insertInto('sessions')
      .values(
        rows.sessions.map((s) => ({
          ...owner,
          source_id: s.source_id,
          title: s.title,
          description: s.description,
          starts_at: s.starts_at,
          ends_at: s.ends_at,
          room: s.room,
          track: s.track,
          format: s.format,
          level: null,
          language: s.language,
          slides_url: null,
          recording_url: null,
        })),
      )
      .returning(['id', 'source_id'])
      .execute()
    const speakerId = new Map(speakers.map((s) => [s.source_id, s.id]))
    await trx
      .insertInto('session_speakers')
      .values(
        sessions.flatMap((session, i) =>
          (rows.sessions[i]?.speakers ?? []).map((guid, position) => ({
            session_id: session.id,
            speaker_id: speakerId.get(guid) as string,
            position,
          })),
        ),
      )
      .execute()
  })
  return performance.now() - started
}

/** All rounds on one kind of database; medians in milliseconds. */
async function measure(
  kind: 'pglite' | 'postgres',
  rounds: number,
  files: { full: Uint8Array; changed: Uint8Array },
  rows: ReturnType<typeof rowsOf>,
  changedSessions: number,
) {
  const { handle, cleanup } = await openBenchDatabase('import', kind)
  const db = handle.db
  const samples = {
    baseline: [] as number[],
    bare: [] as number[],
    full: [] as ImportTiming[],
    subscribed: [] as number[],
    unchanged: [] as number[],
    changed: [] as number[],
  }
  const all = { sessions: SHAPE.sessions, speakers: SHAPE.speakers }
  try {
    for (let r = 0; r <= rounds; r++) {
      console.error(`   … ${kind} round ${r === 0 ? 'not counted' : `${r}/${rounds}`}`)
      // Each round writes into events of its own: the baseline's and the import's both start empty.
      const baseline = await timedPlainInsert(db, await insertTestEvent(db, EVENT), rows)
      const bare = await timedPlainInsert(db, await insertTestEvent(db, EVENT), rows, { withoutTriggers: true })
      const target = await insertTestEvent(db, EVENT)
      const full = await timedImport(db, target, files.full)
      expectPlan('full import', full.plan, { created: all })
      const watched = await insertTestEvent(db, EVENT)
      await subscribeToEverything(db, watched.accountId)
      const subscribed = await timedImport(db, watched, files.full)
      expectPlan('full import with a webhook endpoint', subscribed.plan, { created: all })
      const unchanged = await timedImport(db, target, files.full)
      expectPlan('re-import', unchanged.plan, { unchanged: all, updated: { sessions: 0, speakers: 0 } })
      const changed = await timedImport(db, target, files.changed)
      expectPlan('re-import with changes', changed.plan, { updated: { sessions: changedSessions, speakers: 0 } })
      if (r === 0) continue
      samples.baseline.push(baseline)
      samples.bare.push(bare)
      samples.full.push(full.timing)
      samples.subscribed.push(subscribed.timing.total)
      samples.unchanged.push(unchanged.timing.total)
      samples.changed.push(changed.timing.total)
    }
  } finally {
    await cleanup()
  }
  const baseline = median(samples.baseline)
  const full = median(samples.full.map((t) => t.total))
  const unchanged = median(samples.unchanged)
  const changed = median(samples.changed)
  const subscribed = median(samples.subscribed)
  return {
    [`${kind}_baseline_ms`]: round(baseline),
    [`${kind}_baseline_without_triggers_ms`]: round(median(samples.bare)),
    [`${kind}_import_ms`]: round(full),
    [`${kind}_import_read_ms`]: round(median(samples.full.map((t) => t.read))),
    [`${kind}_import_plan_ms`]: round(median(samples.full.map((t) => t.plan))),
    [`${kind}_import_write_ms`]: round(median(samples.full.map((t) => t.write))),
    [`${kind}_import_ratio`]: round(full / baseline, 2),
    [`${kind}_import_with_webhooks_ms`]: round(subscribed),
    [`${kind}_import_with_webhooks_ratio`]: round(subscribed / baseline, 2),
    [`${kind}_reimport_unchanged_ms`]: round(unchanged),
    [`${kind}_reimport_unchanged_ratio`]: round(unchanged / baseline, 2),
    [`${kind}_reimport_changed_ms`]: round(changed),
    [`${kind}_reimport_changed_ratio`]: round(changed / baseline, 2),
  }
}

/** Generates the files, measures on each database, prints a table and returns every figure. */
export async function runImportBench(options: { rounds?: number } = {}): Promise<Record<string, number>> {
  const rounds = options.rounds ?? 5
  const full = generateC3vocSchedule(SHAPE)
  const changed = generateC3vocSchedule({ ...SHAPE, changedEvery: CHANGED_EVERY })
  const encode = (schedule: object) => new TextEncoder().encode(JSON.stringify(schedule))
  const files = { full: encode(full.schedule), changed: encode(changed.schedule) }
  const rows = rowsOf(full.schedule)
  const changedSessions = changed.facts.renamed + changed.facts.moved
  const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
  const figures: Record<string, number> = {
    sessions: full.facts.sessions,
    speakers: full.facts.speakers,
    session_speakers: full.facts.sessionSpeakers,
    file_kb: round(files.full.byteLength / 1000),
    changed_sessions: changedSessions,
    rounds,
  }
  for (const kind of kinds) Object.assign(figures, await measure(kind, rounds, files, rows, changedSessions))
  printTable(figures, kinds)
  return figures
}

function printTable(f: Record<string, number>, kinds: string[]): void {
  console.log(
    `   ${f.sessions} sessions, ${f.speakers} speakers, ${f.session_speakers} session–speaker links; schedule.json ${f.file_kb} kB; median of ${f.rounds} rounds`,
  )
  const rows: [string, string, string, string][] = [['', 'median', 'vs baseline', '']]
  for (const kind of kinds) {
    const k = (name: string) => f[`${kind}_${name}`]
    rows.push(
      [`${kind}: baseline (3 multi-row inserts, 1 transaction)`, `${k('baseline_ms')} ms`, '1', ''],
      [
        `${kind}:   the same without triggers`,
        `${k('baseline_without_triggers_ms')} ms`,
        '',
        'the rest of the baseline is the change records the triggers write',
      ],
      [
        `${kind}: full import into an empty event`,
        `${k('import_ms')} ms`,
        `${k('import_ratio')}×`,
        `read ${k('import_read_ms')} ms, plan ${k('import_plan_ms')} ms, write ${k('import_write_ms')} ms; aim < 5000 ms`,
      ],
      [
        `${kind}: full import, webhooks subscribed to everything`,
        `${k('import_with_webhooks_ms')} ms`,
        `${k('import_with_webhooks_ratio')}×`,
        'every speaker and session recorded as a change, with its delivery',
      ],
      [`${kind}: re-import, all unchanged`, `${k('reimport_unchanged_ms')} ms`, `${k('reimport_unchanged_ratio')}×`, ''],
      [
        `${kind}: re-import, ${f.changed_sessions} sessions changed`,
        `${k('reimport_changed_ms')} ms`,
        `${k('reimport_changed_ratio')}×`,
        '',
      ],
    )
  }
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)))
  for (const r of rows) console.log(`   ${r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i] ?? 0) : cell)).join('  ')}`.trimEnd())
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runImportBench({ rounds: process.argv[2] ? Number(process.argv[2]) : undefined })
  console.log(JSON.stringify({ bench: { import: figures } }))
}
