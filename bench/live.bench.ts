/**
 * Live update fan-out on one embed server instance, on its own database (PGlite in a temporary
 * directory, or a fresh Postgres database beside `DATABASE_URL`):
 *
 * - memory: the server process's JS heap (+ external buffers) and RSS per open live stream,
 *   against the same number of idle keep-alive connections (one answered request each) as the
 *   baseline; both measured after a full GC, each from its own starting point;
 * - fan-out: one session changed in a committed transaction, then the time from the commit until
 *   each stream has its `changed` event (p50, p99, max).
 *
 * The clients live in a child process (bench/live-clients.mjs), so their cost is not counted;
 * they connect from 20 loopback addresses, so the server's caps apply as in production (at most
 * 1,000 streams per client IP).
 *
 *   npx tsx bench/live.bench.ts          # 10,000 streams
 *   npx tsx bench/live.bench.ts 2000
 */
import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createLogger, listen, loadConfig } from '@event-service/server-common'
import { createEmbedApp } from '../embed-server/src/app.ts'
import { openBenchDatabase } from './bench-database.ts'
import { seedEvent, seedSession, seedToken } from '../embed-server/src/testing/embed-fixtures.ts'
import { memoryAfterGc } from './memory.ts'

const CLIENTS = fileURLToPath(new URL('./live-clients.mjs', import.meta.url))
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits

/** The client process, and a way to ask it for one answer at a time. */
function startClients(): { child: ChildProcess; ask: (msg: object) => Promise<Record<string, unknown>> } {
  const child = fork(CLIENTS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const ask = (msg: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.once('message', (answer: Record<string, unknown>) => (answer.error ? reject(new Error(String(answer.error))) : resolve(answer)))
      child.send(msg)
    })
  return { child, ask }
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? Number.NaN) }
}

export async function runLiveBench(options: { streams?: number } = {}): Promise<Record<string, number>> {
  const count = options.streams ?? 10_000
  const { handle, cleanup } = await openBenchDatabase('live')
  const db = handle.db
  const embed = await createEmbedApp({
    dbHandle: handle,
    config: loadConfig({ EMBED_PORT: '0', EMBED_RATE_LIMIT: '0', LOG_LEVEL: 'silent' }),
    logger: createLogger('silent'),
  })
  const server = await listen(embed.callback(), { host: '127.0.0.1', port: 0 })
  const { child, ask } = startClients()
  const step = (what: string) => console.error(`   … ${what} on ${handle.kind}`)
  try {
    // The same rows the embed server's tests seed: an event, one session in a room, a token.
    const event = await seedEvent(db, { name: 'Live bench' })
    const sessionId = await seedSession(db, event, { title: 'Keynote', startsAt: '2030-05-01T07:00:00Z', room: 'Hall A' })
    const { token } = await seedToken(db, event)
    const { port } = new URL(server.url)
    const target = { host: '127.0.0.1', port: Number(port), path: `/v1/events/${event.eventId}/live?token=${token}` }

    // Warm-up: the route, the token cache, JIT.
    await ask({ open: { mode: 'sse', count: 200, ...target } })
    await ask({ close: true })

    step(`baseline: ${count} idle keep-alive connections`)
    const beforeIdle = await memoryAfterGc()
    await ask({ open: { mode: 'idle', count, ...target } })
    const withIdle = await memoryAfterGc()
    await ask({ close: true })

    step(`${count} open live streams`)
    const beforeStreams = await memoryAfterGc()
    await ask({ open: { mode: 'sse', count, ...target } })
    const withStreams = await memoryAfterGc()
    if (embed.live.size !== count) throw new Error(`${embed.live.size} streams open, expected ${count}`)

    step('one change committed, waiting for every stream to have it')
    await ask({ watch: true })
    const arrived = new Promise<number[]>((resolve) =>
      child.once('message', (m: { arrivals?: number[] }) => m.arrivals && resolve(m.arrivals)),
    )
    const committed = performance.timeOrigin + performance.now()
    await db.updateTable('sessions').set({ room: 'Hall B' }).where('id', '=', sessionId).execute()
    const latencies = (await arrived).map((at) => at - committed)
    await ask({ close: true })

    const perIdle = { heap: (withIdle.heap - beforeIdle.heap) / count, rss: (withIdle.rss - beforeIdle.rss) / count }
    const perStream = { heap: (withStreams.heap - beforeStreams.heap) / count, rss: (withStreams.rss - beforeStreams.rss) / count }
    const fanOut = percentiles(latencies)
    const kb = (bytes: number) => round(bytes / 1024)
    console.log(`   ${count} connections on one embed instance (${handle.kind})`)
    console.log('   per connection        JS heap+external      RSS')
    console.log(`   idle keep-alive       ${String(kb(perIdle.heap)).padStart(8)} KB   ${String(kb(perIdle.rss)).padStart(8)} KB`)
    console.log(`   live stream           ${String(kb(perStream.heap)).padStart(8)} KB   ${String(kb(perStream.rss)).padStart(8)} KB`)
    console.log(
      `   ratio stream / idle   ${String(round(perStream.heap / perIdle.heap)).padStart(8)}x   ${String(round(perStream.rss / perIdle.rss)).padStart(8)}x`,
    )
    console.log(`   commit → changed on every stream: p50 ${fanOut.p50} ms, p99 ${fanOut.p99} ms, max ${fanOut.max} ms`)
    return {
      streams: count,
      idle_heap_kb_per_connection: kb(perIdle.heap),
      idle_rss_kb_per_connection: kb(perIdle.rss),
      stream_heap_kb_per_connection: kb(perStream.heap),
      stream_rss_kb_per_connection: kb(perStream.rss),
      heap_ratio_stream_to_idle: round(perStream.heap / perIdle.heap),
      rss_ratio_stream_to_idle: round(perStream.rss / perIdle.rss),
      fan_out_p50_ms: fanOut.p50,
      fan_out_p99_ms: fanOut.p99,
      fan_out_max_ms: fanOut.max,
    }
  } finally {
    child.kill()
    embed.endStreams()
    await server.close(1_000)
    await embed.close()
    await cleanup()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const n = Number(process.argv[2] ?? 10_000)
  console.log(JSON.stringify(await runLiveBench({ streams: n })))
}
