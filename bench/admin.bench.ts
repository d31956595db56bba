/**
 * Admin API benchmark, on its own database: PGlite in a temporary directory, or a fresh Postgres
 * database beside `DATABASE_URL` (dropped afterwards). One event of 100,000 speakers, then:
 *
 * - `GET /v1/speakers?search=<4 chars>` over HTTP with the trigram index, and again after
 *   `drop index speakers_search_trgm_idx` (ratio: indexed p95 / unindexed p95, aim ≤ 0.2);
 * - the speaker list with its exact `total` and without counting, measured through the service
 *   (`listSpeakers(…, { withTotal })`: the count is not switchable over HTTP), for the plain list
 *   and the searched list (ratio: with / without, aim ≤ 1.5);
 * - upsert throughput over HTTP (`POST /v1/speakers`, half new emails, half existing ones).
 *
 *   npx tsx bench/admin.bench.ts            # 100,000 speakers
 *   npx tsx bench/admin.bench.ts 20000      # a smaller event
 */
import { pathToFileURL } from 'node:url'
import { createAdminApp, listSpeakers } from '@event-service/admin-api'
import { ListSpeakersQuery } from '@event-service/admin-api/speakers/speakers.schema.ts'
import type { Database } from '@event-service/db'
import { generateSecret, hashSecret, listen, loadConfig, secretPrefix } from '@event-service/server-common'
import { sql, type Kysely } from 'kysely'
import { pino } from 'pino'
import { openBenchDatabase } from './bench-database.ts'

const SEARCH_TERM = 'c0ffe'
const STATUSES = ['invited', 'applied', 'accepted', 'confirmed', 'scheduled', 'checked_in', 'declined', 'withdrawn']

interface Timing {
  p50: number
  p95: number
  n: number
}

function percentiles(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { p50: round(at(0.5)), p95: round(at(0.95)), n: sorted.length }
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits

/** Times `a` and `b` alternately, so that drift on a shared machine weighs on both alike. */
async function timePair(count: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[Timing, Timing]> {
  for (let i = 0; i < 5; i++) {
    await a()
    await b()
  }
  const sa: number[] = []
  const sb: number[] = []
  for (let i = 0; i < count; i++) {
    let started = performance.now()
    await a()
    sa.push(performance.now() - started)
    started = performance.now()
    await b()
    sb.push(performance.now() - started)
  }
  return [percentiles(sa), percentiles(sb)]
}

/** Runs `fn` `count` times one after another (after `warmup` unmeasured runs); milliseconds each. */
async function time(count: number, fn: () => Promise<unknown>, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await fn()
    samples.push(performance.now() - started)
  }
  return percentiles(samples)
}

/** An account without a practical rate limit, its key, and one event of `speakers` speakers. */
async function seed(db: Kysely<Database>, speakers: number): Promise<{ accountId: string; key: string; eventId: string }> {
  const account = await db
    .insertInto('accounts')
    .values({ name: 'Bench', plan: 'enterprise', rate_limit: 2_000_000_000 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const key = generateSecret('sk')
  await db
    .insertInto('api_keys')
    .values({
      account_id: account.id,
      name: 'bench',
      prefix: secretPrefix(key),
      key_hash: hashSecret(key),
      last_used_at: null,
      revoked_at: null,
    })
    .execute()
  const event = await db
    .insertInto('events')
    .values({
      account_id: account.id,
      name: 'Big event',
      description: null,
      timezone: 'UTC',
      starts_at: new Date(),
      ends_at: new Date(),
      venue: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // Building the trigram index once after the bulk insert is much faster than maintaining it
  // row by row; it is the same index the migration creates.
  await sql`drop index speakers_search_trgm_idx`.execute(db)
  await sql`
    insert into speakers (account_id, event_id, email, name, company, status, tags, created_at)
    select ${account.id}::uuid, ${event.id}::uuid,
      'speaker' || i || '@example.com',
      initcap(substr(md5(i::text), 1, 6)) || ' ' || initcap(substr(md5(i::text), 7, 8)),
      'Company ' || (i % 997),
      (${sql.val(STATUSES)}::text[])[1 + i % 8],
      array['tag' || (i % 20)],
      now() - (i || ' seconds')::interval
    from generate_series(1, ${speakers}) as i`.execute(db)
  await sql`create index speakers_search_trgm_idx on speakers using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`vacuum analyze speakers`.execute(db)
  return { accountId: account.id, key, eventId: event.id }
}

/** Upserts over HTTP for `ms` with `concurrency` clients; half the emails already exist. */
async function upsertThroughput(
  url: string,
  key: string,
  eventId: string,
  ms: number,
  concurrency: number,
): Promise<{ perSecond: number; errors: number }> {
  let done = 0
  let errors = 0
  let seq = 0
  const until = performance.now() + ms
  const started = performance.now()
  const client = async () => {
    while (performance.now() < until) {
      const n = seq++
      const email = n % 2 === 0 ? `speaker${1 + (n % 50_000)}@example.com` : `new-${n}-${process.pid}@example.com`
      try {
        const res = await fetch(`${url}/v1/speakers`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ event_id: eventId, email, name: `Upserted ${n}`, company: 'Bench', status: 'confirmed' }),
        })
        await res.arrayBuffer()
        if (res.status === 200 || res.status === 201) done++
        else errors++
      } catch (err) {
        errors++
        if (errors === 1) console.error('   first upsert error:', err)
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  return { perSecond: round(done / ((performance.now() - started) / 1000), 1), errors }
}

/** Seeds, serves and measures; prints a table and returns every figure. */
export async function runAdminBench(options: { speakers?: number } = {}): Promise<Record<string, number>> {
  const speakers = options.speakers ?? 100_000
  const { handle, cleanup } = await openBenchDatabase('admin')
  const db = handle.db
  try {
    console.error(`   … seeding ${speakers} speakers on ${handle.kind}`)
    const seeding = performance.now()
    const { accountId, key, eventId } = await seed(db, speakers)
    const seedSeconds = round((performance.now() - seeding) / 1000, 1)
    const admin = await createAdminApp({
      db,
      config: loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent' }),
      logger: pino({ level: 'silent' }),
    })
    const server = await listen(admin.callback(), { host: '127.0.0.1', port: 0 })
    try {
      const get = async (query: string) => {
        const res = await fetch(`${server.url}/v1/speakers?event_id=${eventId}${query}`, { headers: { Authorization: `Bearer ${key}` } })
        if (res.status !== 200) throw new Error(`GET /v1/speakers${query}: ${res.status} ${await res.text()}`)
        return (await res.json()) as { meta: { total: number } }
      }
      const step = (what: string) => console.error(`   … ${what}`)
      step('list with and without total')
      const matches = (await get(`&search=${SEARCH_TERM}`)).meta.total

      const plain = ListSpeakersQuery.parse({ event_id: eventId })
      const searched = ListSpeakersQuery.parse({ event_id: eventId, search: SEARCH_TERM })
      const listWith = (q: typeof plain) => () => listSpeakers(db, accountId, q, { withTotal: true })
      const listWithout = (q: typeof plain) => () => listSpeakers(db, accountId, q, { withTotal: false })
      const [plainWithout, plainWith] = await timePair(300, listWithout(plain), listWith(plain))
      const [searchWithout, searchWith] = await timePair(200, listWithout(searched), listWith(searched))

      step('search with the index')
      const indexed = await time(200, () => get(`&search=${SEARCH_TERM}`))
      await sql`drop index speakers_search_trgm_idx`.execute(db)
      step('search without the index')
      const unindexed = await time(30, () => get(`&search=${SEARCH_TERM}`), 2)
      await sql`create index speakers_search_trgm_idx on speakers using gin (search_text gin_trgm_ops)`.execute(db)

      step('upserts')
      const upserts = await upsertThroughput(server.url, key, eventId, 5000, 8)

      const figures = {
        speakers,
        seed_s: seedSeconds,
        search_matches: matches,
        search_indexed_p50_ms: indexed.p50,
        search_indexed_p95_ms: indexed.p95,
        search_unindexed_p50_ms: unindexed.p50,
        search_unindexed_p95_ms: unindexed.p95,
        search_index_ratio_p95: round(indexed.p95 / unindexed.p95, 3),
        list_without_total_p95_ms: plainWithout.p95,
        list_with_total_p95_ms: plainWith.p95,
        list_total_ratio_p95: round(plainWith.p95 / plainWithout.p95, 2),
        search_list_without_total_p95_ms: searchWithout.p95,
        search_list_with_total_p95_ms: searchWith.p95,
        search_list_total_ratio_p95: round(searchWith.p95 / searchWithout.p95, 2),
        upserts_per_s: upserts.perSecond,
        upsert_errors: upserts.errors,
      }
      printTable(figures, handle.kind)
      return figures
    } finally {
      await server.close()
      await admin.close()
    }
  } finally {
    await cleanup()
  }
}

function printTable(f: Record<string, number>, kind: string): void {
  const rows: [string, string, string][] = [
    ['database', kind, `${f.speakers} speakers in one event, seeded in ${f.seed_s} s`],
    [
      'search (HTTP), trigram index',
      `p50 ${f.search_indexed_p50_ms} ms`,
      `p95 ${f.search_indexed_p95_ms} ms (${f.search_matches} matches)`,
    ],
    ['search (HTTP), index dropped', `p50 ${f.search_unindexed_p50_ms} ms`, `p95 ${f.search_unindexed_p95_ms} ms`],
    ['  indexed / unindexed p95', String(f.search_index_ratio_p95), 'aim ≤ 0.2'],
    ['list (service), no count', `p95 ${f.list_without_total_p95_ms} ms`, ''],
    ['list (service), exact total', `p95 ${f.list_with_total_p95_ms} ms`, ''],
    ['  with / without total p95', String(f.list_total_ratio_p95), 'aim ≤ 1.5'],
    ['search list (service), no count', `p95 ${f.search_list_without_total_p95_ms} ms`, ''],
    ['search list (service), exact total', `p95 ${f.search_list_with_total_p95_ms} ms`, ''],
    ['  with / without total p95', String(f.search_list_total_ratio_p95), 'aim ≤ 1.5'],
    ['upserts (HTTP, 8 clients, 5 s)', `${f.upserts_per_s} /s`, `${f.upsert_errors} errors`],
  ]
  const w0 = Math.max(...rows.map((r) => r[0].length))
  const w1 = Math.max(...rows.map((r) => r[1].length))
  for (const [a, b, c] of rows) console.log(`   ${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runAdminBench({ speakers: process.argv[2] ? Number(process.argv[2]) : undefined })
  console.log(JSON.stringify({ bench: { admin: figures } }))
}
