/**
 * Embed API benchmark: the schedule read (`GET /v1/events/{id}/sessions`, 300 sessions) through the
 * embed server with token and origin checks, against a bare `node:http` server sending the same
 * bytes with the same headers (what Node can do at best on this machine). Servers run in child
 * processes pinned to core 0, autocannon in its own child pinned to core 1 with the same
 * connections and request headers for every variant; after a warm-up, rounds alternate so that
 * drift of a shared machine hits every variant alike, and medians are reported with the load average.
 *
 *   npx tsx bench/embed.bench.ts                 # alone
 *   npm run bench -- embed                       # as part of npm run bench
 *   DATABASE_URL=postgres://… npx tsx bench/embed.bench.ts   # adds the Postgres variants (same rounds)
 *   EMBED_BENCH_ROUNDS=3 EMBED_BENCH_SECONDS=3 npx tsx bench/embed.bench.ts   # a shorter run
 *   EMBED_BENCH_VARIANTS=pglite_cached npx tsx bench/embed.bench.ts   # only some variants (and bare)
 *
 * This file is also the child server: `embed.bench.ts --serve '<json>'`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { writeFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createDb, migrateToLatest, type Database } from '@event-service/db'
import { createLogger, generateSecret, hashSecret, listen, loadConfig, secretPrefix } from '@event-service/server-common'
import { createTestDb } from '@event-service/db/testing.ts'
import { sql, type Kysely } from 'kysely'
import { createEmbedApp } from '../embed-server/src/app.ts'

const ROUNDS = Number(process.env.EMBED_BENCH_ROUNDS ?? 5)
const SECONDS = Number(process.env.EMBED_BENCH_SECONDS ?? 4)
const WARMUP_SECONDS = 2
const CONNECTIONS = 10
const ORIGIN = 'https://bench.example.com'
const SESSIONS = 300

const THIS_FILE = fileURLToPath(import.meta.url)
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0

/** The benchmark event: 3 days × 5 tracks × 20 slots, 150 speakers (every fifth not public). */
async function seedBenchEvent(db: Kysely<Database>): Promise<{ eventId: string; token: string }> {
  const account = await db
    .insertInto('accounts')
    .values({ name: 'Bench', plan: 'enterprise', rate_limit: 1_000_000 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const event = await db
    .insertInto('events')
    .values({
      account_id: account.id,
      name: 'Bench Conf',
      description: 'Three days of talks',
      timezone: 'Europe/Berlin',
      starts_at: new Date('2030-05-01T07:00:00Z'),
      ends_at: new Date('2030-05-03T18:00:00Z'),
      venue: 'Messe',
      tickets: JSON.stringify([{ id: 'standard', name: 'Standard', price: '€350' }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const statuses = ['confirmed', 'accepted', 'scheduled', 'checked_in', 'invited'] as const
  const speakers = await db
    .insertInto('speakers')
    .values(
      Array.from({ length: 150 }, (_, i) => ({
        account_id: account.id,
        event_id: event.id,
        email: `speaker${i}@bench.example`,
        name: `Speaker ${String(i).padStart(3, '0')}`,
        title: 'Principal Engineer',
        company: `Company ${i % 40}`,
        bio: 'Works on distributed systems and talks about what went wrong. '.repeat(3),
        photo_url: `https://images.bench.example/speakers/${i}.jpg`,
        status: statuses[i % statuses.length]!,
      })),
    )
    .returning('id')
    .execute()
  const sessions = await db
    .insertInto('sessions')
    .values(
      Array.from({ length: SESSIONS }, (_, i) => {
        const day = Math.floor(i / 100)
        const slot = Math.floor((i % 100) / 5)
        const starts = new Date(Date.UTC(2030, 4, 1 + day, 7, 0) + slot * 30 * 60_000)
        return {
          account_id: account.id,
          event_id: event.id,
          title: `Session ${i}: lessons from running things in production`,
          description: 'What we built, what broke, and what we would do again. '.repeat(4),
          starts_at: starts,
          ends_at: new Date(starts.getTime() + 25 * 60_000),
          track: `Track ${(i % 5) + 1}`,
          room: `Room ${String.fromCharCode(65 + (i % 5))}`,
        }
      }),
    )
    .returning('id')
    .execute()
  await db
    .insertInto('session_speakers')
    .values(
      sessions.flatMap((s, i) => [
        { session_id: s.id, speaker_id: speakers[i % 150]!.id, position: 0 },
        ...(i % 3 === 0 ? [{ session_id: s.id, speaker_id: speakers[(i + 7) % 150]!.id, position: 1 }] : []),
      ]),
    )
    .execute()
  const token = generateSecret('emb')
  await db
    .insertInto('embed_tokens')
    .values({
      account_id: account.id,
      event_id: event.id,
      name: 'bench',
      prefix: secretPrefix(token),
      token_hash: hashSecret(token),
      allowed_origins: [ORIGIN, 'https://*.bench.example'],
      expires_at: null,
      revoked_at: null,
    })
    .execute()
  return { eventId: event.id, token }
}

// ---------------------------------------------------------------------------------------------
// Child side

interface ServeOptions {
  kind: 'embed' | 'bare'
  /** embed: Postgres URL (seeded by the parent); unset = in-memory PGlite seeded here. */
  databaseUrl?: string
  eventId?: string
  token?: string
  cache?: boolean
  /** bare: file with `{headers, body (base64)}` captured from the embed server. */
  responseFile?: string
}

async function serve(options: ServeOptions): Promise<void> {
  if (options.kind === 'bare') {
    const captured = JSON.parse(readFileSync(options.responseFile!, 'utf8')) as { headers: Record<string, string>; body: string }
    const body = Buffer.from(captured.body, 'base64')
    const headers = { ...captured.headers, 'content-length': String(body.length) }
    const server = createServer((_req, res) => {
      res.writeHead(200, headers)
      res.end(body)
    })
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      console.log(`READY ${JSON.stringify({ url: `http://127.0.0.1:${port}` })}`)
    })
    return
  }
  const config = loadConfig({ ...process.env, EMBED_RATE_LIMIT: '0', LOG_LEVEL: 'warn', DATA_DIR: 'memory://', EMBED_PORT: '0' })
  const dbHandle = await createDb(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: 'memory://' })
  let { eventId, token } = options
  if (!options.databaseUrl) {
    await migrateToLatest(dbHandle.db)
    ;({ eventId, token } = await seedBenchEvent(dbHandle.db))
  }
  const embed = await createEmbedApp({ dbHandle, config, logger: createLogger('warn'), cache: options.cache !== false })
  const server = await listen(embed.callback(), { host: '127.0.0.1', port: 0 })
  console.log(`READY ${JSON.stringify({ url: server.url, eventId, token })}`)
}

// ---------------------------------------------------------------------------------------------
// Parent side

interface Running {
  url: string
  eventId?: string
  token?: string
  child: ChildProcess
}

function pinned(core: number, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', String(core), ...args]] : [args[0]!, args.slice(1)]
}

async function startChild(options: ServeOptions): Promise<Running> {
  const [cmd, args] = pinned(0, [process.execPath, '--import', 'tsx', THIS_FILE, '--serve', JSON.stringify(options)])
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n').find((l) => l.startsWith('READY '))
      if (line) resolve({ ...(JSON.parse(line.slice(6)) as Omit<Running, 'child'>), child })
    })
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code} before it was ready`)))
  })
}

interface Measured {
  rps: number
  p99: number
  non2xx: number
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

function autocannon(url: string, seconds: number): Promise<Measured> {
  const [cmd, args] = pinned(1, [
    process.execPath,
    autocannonBin,
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-j',
    '-H',
    `Origin=${ORIGIN}`,
    url,
  ])
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number }
        resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx })
      } catch (err) {
        reject(err)
      }
    })
  })
}

/** One GET with exactly the request headers autocannon sends (Origin, no Accept-Encoding). */
function rawGet(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Origin: ORIGIN } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** CPU time (ms) a process has used so far, from /proc; undefined where there is no /proc. */
function cpuMs(pid: number): number | undefined {
  try {
    // Fields after the command (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return undefined
  }
}

/**
 * Waits until no server is still working off the previous round (a slow variant keeps answering
 * its queued requests after autocannon stops, on the core the next variant is measured on).
 */
async function settle(children: ChildProcess[], databaseBusy: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000
  let before = children.map((c) => cpuMs(c.pid!))
  if (before.some((t) => t === undefined)) return new Promise((resolve) => setTimeout(resolve, 1_000))
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    const now = children.map((c) => cpuMs(c.pid!))
    // A clock tick is 10 ms: idle servers add at most a tick or two in 250 ms (timers, usage flush).
    if (now.every((t, i) => t! - before[i]! <= 20) && !(await databaseBusy())) return
    before = now
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** Runs every variant and returns `{<variant>_rps, <variant>_p99_ms, <variant>_rps_ratio, …}`. */
export async function runEmbedBench(): Promise<Record<string, number>> {
  const children: ChildProcess[] = []
  const tmp = mkdtempSync(join(tmpdir(), 'embed-bench-'))
  let pgDb: Awaited<ReturnType<typeof createTestDb>> | undefined
  try {
    const variants: { name: string; url: string }[] = []
    const path = (r: Running | { eventId: string; token: string }, base: string) =>
      `${base}/v1/events/${r.eventId}/sessions?token=${r.token}`

    const only = process.env.EMBED_BENCH_VARIANTS?.split(',')
    const wanted = (name: string) => !only || only.includes(name)
    for (const cache of [true, false]) {
      const name = cache ? 'pglite_cached' : 'pglite_uncached'
      if (!wanted(name)) continue
      const r = await startChild({ kind: 'embed', cache })
      children.push(r.child)
      variants.push({ name, url: path(r, r.url) })
    }

    if (process.env.DATABASE_URL && (wanted('postgres_cached') || wanted('postgres_uncached'))) {
      pgDb = await createTestDb('postgres')
      const seeded = await seedBenchEvent(pgDb.db)
      for (const cache of [true, false]) {
        const name = cache ? 'postgres_cached' : 'postgres_uncached'
        if (!wanted(name)) continue
        const r = await startChild({ kind: 'embed', cache, databaseUrl: pgDb.url!, ...seeded })
        children.push(r.child)
        variants.push({ name, url: path(seeded, r.url) })
      }
    }
    if (variants.length === 0) throw new Error(`No variant left by EMBED_BENCH_VARIANTS=${process.env.EMBED_BENCH_VARIANTS}`)

    // The bare server sends exactly what the embed server sends to autocannon (bytes and headers:
    // captured with autocannon's own request headers, so no Accept-Encoding and an identity body).
    const sample = await rawGet(variants[0]!.url)
    if (sample.status !== 200) throw new Error(`embed server answered ${sample.status}: ${sample.body.toString()}`)
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(sample.headers)) {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = String(v)
    }
    const body = sample.body
    writeFileSync(join(tmp, 'response.json'), JSON.stringify({ headers, body: body.toString('base64') }))
    const bare = await startChild({ kind: 'bare', responseFile: join(tmp, 'response.json') })
    children.push(bare.child)
    // Same path and query as the embed server's, so the requests are byte for byte the same size.
    const all = [{ name: 'bare', url: `${bare.url}${new URL(variants[0]!.url).pathname}${new URL(variants[0]!.url).search}` }, ...variants]
    for (const v of all) {
      const got = await rawGet(v.url)
      const names = (h: Record<string, unknown>) =>
        Object.keys(h)
          .filter((k) => k !== 'x-request-id')
          .sort()
          .join(',')
      // Same length (the Postgres variants hold the same event under other ids) and the same headers.
      if (got.status !== 200 || got.body.length !== body.length || names(got.headers) !== names(sample.headers)) {
        throw new Error(`${v.name} does not answer like the others: ${got.status}, ${got.body.length} bytes, headers ${names(got.headers)}`)
      }
    }

    const loadBefore = loadavg()[0]!
    console.log(
      `   ${SESSIONS} sessions, ${(body.length / 1024).toFixed(0)} KiB per answer; ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${ROUNDS} rounds × ${SECONDS} s; ` +
        (hasTaskset ? 'servers on core 0, autocannon on core 1' : 'taskset not found: processes not pinned') +
        (process.env.DATABASE_URL ? '' : '; Postgres skipped (DATABASE_URL not set)'),
    )
    // Postgres still running queries of an uncached variant would slow the next variant down.
    const databaseBusy = async () =>
      pgDb !== undefined &&
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`.execute(pgDb.db)
      ).rows[0]!.n > 0
    for (const v of all) await autocannon(v.url, WARMUP_SECONDS)
    await settle(children, databaseBusy)

    const results: Record<string, Measured[]> = Object.fromEntries(all.map((v) => [v.name, []]))
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with another variant, so that none is always the one after the slowest.
      for (const v of [...all.slice(round % all.length), ...all.slice(0, round % all.length)]) {
        const m = await autocannon(v.url, SECONDS)
        await settle(children, databaseBusy)
        if (m.non2xx > 0) throw new Error(`${v.name}: ${m.non2xx} answers were not 2xx`)
        results[v.name]!.push(m)
      }
    }

    const loadAfter = loadavg()[0]!
    const figures: Record<string, number> = { sessions: SESSIONS, body_bytes: body.length, load_before: loadBefore, load_after: loadAfter }
    const rows: string[][] = [['variant', 'req/s', 'p99 ms', 'req/s vs bare', 'p99 vs bare']]
    for (const v of all) {
      const runs = results[v.name]!
      const rps = median(runs.map((r) => r.rps))
      const p99 = median(runs.map((r) => r.p99))
      figures[`${v.name}_rps`] = Math.round(rps)
      figures[`${v.name}_p99_ms`] = p99
      let rpsRatio = 1
      let p99Ratio = 1
      if (v.name !== 'bare') {
        // Ratios within each round, then their median: both sides saw the same machine.
        rpsRatio = median(runs.map((r, i) => r.rps / results.bare![i]!.rps))
        p99Ratio = median(runs.map((r, i) => r.p99 / Math.max(results.bare![i]!.p99, 1)))
        figures[`${v.name}_rps_ratio`] = Number(rpsRatio.toFixed(3))
        figures[`${v.name}_p99_ratio`] = Number(p99Ratio.toFixed(3))
      }
      rows.push([v.name, rps.toFixed(0), String(p99), `${rpsRatio.toFixed(2)}×`, `${p99Ratio.toFixed(2)}×`])
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
    for (const r of rows) console.log(`   ${r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}`)
    console.log(
      `   load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after (2 cores shared: compare ratios, not req/s)`,
    )
    // The two databases side by side: a cached read should not wait for the database, whichever it is.
    const pglite = results.pglite_cached
    const postgres = results.postgres_cached
    if (pglite && postgres) {
      const rpsRatio = median(postgres.map((r, i) => r.rps / pglite[i]!.rps))
      const p99Ratio = median(postgres.map((r, i) => r.p99 / Math.max(pglite[i]!.p99, 1)))
      figures.postgres_vs_pglite_cached_rps_ratio = Number(rpsRatio.toFixed(3))
      figures.postgres_vs_pglite_cached_p99_ratio = Number(p99Ratio.toFixed(3))
      console.log(`   Postgres cached vs PGlite cached, same rounds: ${rpsRatio.toFixed(2)}× req/s, ${p99Ratio.toFixed(2)}× p99`)
    }
    console.log('   aim: cached ≥ 0.75× bare req/s, p99 ≤ 1.5× bare, on Postgres as on PGlite')
    return figures
  } finally {
    // Servers go before their database is dropped, so that none of them sees it vanish.
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve()
            c.once('exit', () => resolve())
            c.kill('SIGTERM')
          }),
      ),
    )
    await pgDb?.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isMain) {
  const at = process.argv.indexOf('--serve')
  if (at >= 0) {
    await serve(JSON.parse(process.argv[at + 1]!) as ServeOptions)
  } else {
    console.log(JSON.stringify(await runEmbedBench()))
  }
}
