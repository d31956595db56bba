/**
 * First screens under a storm of distinct requests, on one embed server instance and its own
 * database (PGlite in a temporary directory, or a fresh Postgres database beside `DATABASE_URL`):
 * three events of 200 sessions on one day (the schedule's first screen is that whole day), and
 * 5,000 first screens of distinct attribute sets spread over them, each a screen of its own (no
 * two the same after normalisation), so that every one is drawn and none is asked for again:
 * the schedule in each locale the server draws in (every region ICU knows for our five
 * languages) × `view` × `group-by`, and the session list in each locale × `limit`.
 *
 * - memory: the process's RSS and JS heap (+ external buffers) after a full GC, before the storm
 *   (renderer loaded, one screen per event drawn), after half of it and after it, against the
 *   byte bound of the screens kept (`FIRST_SCREEN_CACHE_MB`): the second half's growth is what
 *   grows with the screens drawn, the rest a fixed overhead (no clock is part of a screen's key:
 *   what is kept stays until the bound needs its room, so the bound is what an idle server holds);
 * - time: a drawn screen (a miss: the storm's time over its screens, drawing being synchronous)
 *   against a kept one (a hit, asked one at a time: the baseline).
 *
 *   npx tsx bench/first-screen-memory.bench.ts          # 5,000 attribute sets
 *   npx tsx bench/first-screen-memory.bench.ts 1000
 */
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { createLogger, listen, loadConfig } from '@event-service/server-common'
import { FIRST_SCREEN_LOCALE, firstScreenLocale } from '@event-service/widgets/first-screens'
import { createEmbedApp } from '../embed-server/src/app.ts'
import { embedFetch, type SeededEvent, seedEvent, seedSession, seedSpeaker, seedToken } from '../embed-server/src/testing/embed-fixtures.ts'
import { openBenchDatabase } from './bench-database.ts'
import { memoryAfterGc } from './memory.ts'

const EVENTS = 3
const SESSIONS = 200
/** Requests in flight at once: a storm, not a queue. */
const CONCURRENCY = 8

const MB = 1024 * 1024
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits

/** An event of `SESSIONS` sessions on one day in five rooms, with speakers, and a token for it. */
async function seedLargeEvent(db: Parameters<typeof seedEvent>[0], n: number): Promise<{ ev: SeededEvent; token: string }> {
  const ev = await seedEvent(db, { name: `Storm Conf ${n}`, timezone: 'Europe/Berlin' })
  const speakers: string[] = []
  for (let i = 0; i < 20; i++) speakers.push(await seedSpeaker(db, ev, `Speaker ${n}-${i}`, 'confirmed'))
  for (let i = 0; i < SESSIONS; i++) {
    const slot = Math.floor(i / 5)
    await seedSession(db, ev, {
      title: `Session ${i}: lessons from running things in production`,
      startsAt: new Date(Date.UTC(2030, 4, 1, 6, 0) + slot * 15 * 60_000).toISOString(),
      room: `Room ${String.fromCharCode(65 + (i % 5))}`,
      track: `Track ${(i % 4) + 1}`,
      description: 'What we built, what broke, and what we would do again. '.repeat(3),
      speakerIds: [speakers[i % speakers.length]!],
    })
  }
  const { token } = await seedToken(db, ev)
  return { ev, token }
}

/** The distinct locales a first screen is drawn in: our languages in every region ICU knows for them. */
function drawnLocales(): string[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const locales = new Set<string>()
  for (const language of ['en', 'de', 'es', 'fr', 'nl'])
    for (const a of letters) for (const b of letters) locales.add(firstScreenLocale(`${language}-${a}${b}`) ?? FIRST_SCREEN_LOCALE)
  return [...locales]
}

/**
 * The query of the `i`-th distinct first screen: every other one the schedule's (locale × view ×
 * group-by) while they last, the others the session list's (locale × limit, the longest first).
 */
function distinctQuery(i: number, locales: string[]): string {
  const schedules = locales.length * 4
  if (i % 2 === 0 && i / 2 < schedules) {
    const n = i / 2
    const variant = Math.floor(n / locales.length)
    return `service-schedule?locale=${locales[n % locales.length]}&view=${variant % 2 ? 'list' : 'grid'}&group-by=${variant >= 2 ? 'track' : 'room'}`
  }
  // The how-manieth list this is: i less the schedules asked before it.
  const n = i - Math.min(Math.ceil(i / 2), schedules)
  return `service-session-list?locale=${locales[n % locales.length]}&limit=${SESSIONS - Math.floor(n / locales.length)}`
}

export async function runFirstScreenMemoryBench(options: { sets?: number } = {}): Promise<Record<string, number>> {
  const sets = options.sets ?? 5_000
  const { handle, cleanup } = await openBenchDatabase('first-screen')
  const config = loadConfig({ EMBED_PORT: '0', EMBED_RATE_LIMIT: '0', LOG_LEVEL: 'silent' })
  const embed = await createEmbedApp({ dbHandle: handle, config, logger: createLogger('silent') })
  const server = await listen(embed.callback(), { host: '127.0.0.1', port: 0 })
  const screens = embed.firstScreens
  try {
    const events: { ev: SeededEvent; token: string }[] = []
    for (let n = 0; n < EVENTS; n++) events.push(await seedLargeEvent(handle.db, n))
    const ask = async (i: number, query: string) => {
      const { ev, token } = events[i % EVENTS]!
      const res = await embedFetch(server.url, `/v1/events/${ev.eventId}/first-screen/${query}`, token, 'query', {
        headers: { 'Accept-Encoding': 'gzip, br' },
      })
      if (res.status !== 200) throw new Error(`first screen answered ${res.status}: ${await res.text()}`)
      return (await res.arrayBuffer()).byteLength
    }

    // Warm: the renderer is loaded, each event's data read and one screen of each drawn and kept.
    for (let i = 0; i < EVENTS; i++) await ask(i, 'service-schedule')
    const hitTimes: number[] = []
    for (let i = 0; i < 60; i++) {
      const started = performance.now()
      await ask(i, 'service-schedule')
      hitTimes.push(performance.now() - started)
    }
    const before = await memoryAfterGc()
    const drawsBefore = screens.draws

    // The storm: every request a screen of its own, 8 at a time.
    const locales = drawnLocales()
    let next = 0
    let wireBytes = 0
    const storm = async (until: number) => {
      const worker = async () => {
        while (next < until) {
          const i = next++
          wireBytes += await ask(i, distinctQuery(i, locales))
        }
      }
      const started = performance.now()
      await Promise.all(Array.from({ length: CONCURRENCY }, worker))
      return (performance.now() - started) / 1000
    }
    // In two halves, memory measured between them: what the second half adds is what grows with
    // the number of screens drawn; the rest is a fixed overhead.
    let stormSeconds = await storm(Math.floor(sets / 2))
    const half = await memoryAfterGc()
    stormSeconds += await storm(sets)
    const drawn = screens.draws - drawsBefore
    const keptBytes = screens.bytes
    const keptScreens = screens.size
    const after = await memoryAfterGc()

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
    // Drawing is synchronous: the storm's time per screen is what each drawn screen costs the process.
    const missMs = (stormSeconds * 1000) / sets
    const hitMs = median(hitTimes)
    const bound = config.firstScreenCacheBytes
    const growth = after.rss - before.rss
    console.log(
      `   ${sets} distinct first screens (${locales.length} locales) on ${EVENTS} events of ${SESSIONS} sessions (${handle.kind}), ${CONCURRENCY} at a time`,
    )
    console.log(`   drawn ${drawn} in ${round(stormSeconds)} s; ${round(wireBytes / sets / 1024)} KB each on the wire (gzip or br)`)
    console.log(
      `   time per screen       drawn (miss) ${round(missMs)} ms   kept (hit, baseline) ${round(hitMs)} ms   ratio ${round(missMs / hitMs)}`,
    )
    console.log('                         RSS          heap+external')
    console.log(
      `   before the storm      ${String(round(before.rss / MB)).padStart(6)} MB   ${String(round(before.heap / MB)).padStart(6)} MB`,
    )
    console.log(`   after half the storm  ${String(round(half.rss / MB)).padStart(6)} MB   ${String(round(half.heap / MB)).padStart(6)} MB`)
    console.log(
      `   after the storm       ${String(round(after.rss / MB)).padStart(6)} MB   ${String(round(after.heap / MB)).padStart(6)} MB`,
    )
    console.log(
      `   kept after the storm: ${keptScreens} screens counting ${round(keptBytes / MB)} MB of a ${round(bound / MB)} MB bound; ` +
        `RSS grew ${round(growth / MB)} MB (${round(growth / bound, 2)}× the bound), ${round((after.rss - half.rss) / MB)} MB of it in the second half`,
    )
    return {
      sets,
      events: EVENTS,
      sessions_per_event: SESSIONS,
      drawn,
      storm_s: round(stormSeconds),
      miss_ms_each: round(missMs),
      hit_ms_p50: round(hitMs),
      miss_to_hit_ratio: round(missMs / hitMs),
      bound_mb: round(bound / MB),
      kept_screens: keptScreens,
      kept_mb: round(keptBytes / MB),
      rss_before_mb: round(before.rss / MB),
      rss_half_mb: round(half.rss / MB),
      rss_after_mb: round(after.rss / MB),
      rss_second_half_growth_mb: round((after.rss - half.rss) / MB),
      rss_growth_mb: round(growth / MB),
      rss_growth_to_bound_ratio: round(growth / bound, 2),
      heap_before_mb: round(before.heap / MB),
      heap_half_mb: round(half.heap / MB),
      heap_after_mb: round(after.heap / MB),
    }
  } finally {
    await server.close(1_000)
    await embed.close()
    await cleanup()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 5_000)
  console.log(JSON.stringify(await runFirstScreenMemoryBench({ sets: n })))
}
