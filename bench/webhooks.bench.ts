/**
 * Webhook delivery benchmark, on its own database (PGlite in a temporary directory, or a fresh
 * Postgres database beside `DATABASE_URL`), with the admin API's own delivery worker and a local
 * receiver on 127.0.0.1:
 *
 * - throughput: N events committed in one transaction, then the time until the receiver has all
 *   N deliveries (deliveries per second), against the baseline of the same N Standard Webhooks
 *   POSTs signed and sent straight to the receiver with the same concurrency (16);
 * - latency: one event at a time, the time from the start of its COMMIT to its arrival at the
 *   receiver (p50, p99), against one signed POST sent straight to the receiver;
 * - fairness: an account's commit-to-arrival latency, one event at a time for 12 s, beside an
 *   idle account and then beside a tarpit account (16 endpoints on a server that accepts and never
 *   answers, 5 changes: 80 deliveries that each hang for the 10 s limit).
 *
 * The throughput's events are spread over 8 accounts of one endpoint each, so that the fair shares
 * (2 in flight per endpoint, 4 per account) let the worker fill its 16 slots as the baseline does.
 *
 * Each event is a change of an event's row (its name set to the sequence number), so the
 * database's change trigger writes the deliveries and the worker presents each from its change,
 * as every write is announced (docs/decisions.md "Changes come from the database").
 *
 *   npx tsx bench/webhooks.bench.ts          # 2,000 deliveries, 300 timed one by one
 *   npx tsx bench/webhooks.bench.ts 500
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { createAdminApp } from '@event-service/admin-api'
import { startTarpit } from '@event-service/admin-api/testing/webhook-receiver.ts'
import { signatureHeaders } from '@event-service/admin-api/webhooks/webhook-signature.ts'
import { newMessageId, webhookBody } from '@event-service/db'
import { loadConfig } from '@event-service/server-common'
import { pino } from 'pino'
import { openBenchDatabase } from './bench-database.ts'

const CONCURRENCY = 16
/** Accounts the throughput's events are spread over (one endpoint each). */
const ACCOUNTS = 8
/** How long each fairness phase sends the other account's events, one at a time. */
const FAIRNESS_MS = 12_000
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits

/** A receiver that answers 204 at once and notes when each sequence number arrived. */
async function startReceiver() {
  const arrivals = new Map<number, number>()
  const waiters = new Map<number, () => void>()
  let all: { count: number; resolve: () => void } | undefined
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const at = performance.now()
      const seq = Number((JSON.parse(Buffer.concat(chunks).toString()) as { data: { object: { name: string } } }).data.object.name)
      if (!arrivals.has(seq)) arrivals.set(seq, at)
      res.writeHead(204).end()
      waiters.get(seq)?.()
      if (all && arrivals.size >= all.count) all.resolve()
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    arrival: (seq: number) => (arrivals.has(seq) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(seq, () => resolve()))),
    allOf: (count: number) => (arrivals.size >= count ? Promise.resolve() : new Promise<void>((resolve) => (all = { count, resolve }))),
    reset() {
      arrivals.clear()
      waiters.clear()
      all = undefined
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: round(at(0.5)), p99: round(at(0.99)) }
}

/** One signed POST straight to the receiver, as the baseline sends it. */
function directPost(agent: http.Agent, url: string, secret: string, seq: number): Promise<void> {
  const body = webhookBody('event.updated', { name: String(seq) })
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', ...signatureHeaders(secret, newMessageId(), body) },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve())
    })
    req.on('error', reject)
    req.end(body)
  })
}

export async function runWebhookBench(options: { deliveries?: number; timed?: number } = {}): Promise<Record<string, number>> {
  const deliveries = options.deliveries ?? 2000
  const timed = options.timed ?? 300
  const { handle, cleanup } = await openBenchDatabase('webhooks')
  const db = handle.db
  const receiver = await startReceiver()
  const admin = await createAdminApp({
    db,
    config: loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1' }),
    logger: pino({ level: 'silent' }),
  })
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  try {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwcmEnaW5kZXJ0ZXN0ZXM='
    /** A new account with one event, and one endpoint per URL; resolves to the event's id. */
    const newAccount = async (name: string, urls: string[]) => {
      const account = await db
        .insertInto('accounts')
        .values({ name, plan: 'pro', rate_limit: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db
        .insertInto('webhook_endpoints')
        .values(urls.map((url) => ({ account_id: account.id, url, events: ['event.updated'], description: null, secret })))
        .execute()
      const now = new Date()
      const event = await db
        .insertInto('events')
        .values({ account_id: account.id, name, timezone: 'UTC', starts_at: now, ends_at: now, description: null, venue: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      return event.id
    }
    const events = await Promise.all(Array.from({ length: ACCOUNTS }, (_, i) => newAccount(`Bench ${i}`, [receiver.url])))
    /** One change (an event renamed to `seq`): one `event.updated` delivery. */
    const change = (trx: typeof db, eventId: string, seq: number) =>
      trx
        .updateTable('events')
        .set({ name: String(seq) })
        .where('id', '=', eventId)
        .execute()
    const enqueue = (trx: typeof db, seq: number) => change(trx, events[Math.abs(seq) % ACCOUNTS] as string, seq)
    const step = (what: string) => console.error(`   … ${what} on ${handle.kind}`)

    // Warm-up: connections, JIT, the claim query's plan.
    for (let i = 0; i < 50; i++) await directPost(agent, receiver.url, secret, -1 - i)
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 50; i++) await enqueue(trx, 1_000_000 + i)
    })
    await receiver.allOf(100)
    receiver.reset()

    step(`baseline: ${deliveries} signed POSTs straight to the receiver`)
    let next = 0
    let started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries) await directPost(agent, receiver.url, secret, next++)
      }),
    )
    const directSeconds = (performance.now() - started) / 1000
    receiver.reset()

    step(`${deliveries} events committed at once, delivered by the worker`)
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < deliveries; i++) await enqueue(trx, i)
    })
    started = performance.now()
    await receiver.allOf(deliveries)
    const workerSeconds = (performance.now() - started) / 1000
    receiver.reset()

    step(`${timed} events one at a time: commit to arrival`)
    const latencies: number[] = []
    for (let i = 0; i < timed; i++) {
      const trx = await db.startTransaction().execute()
      await enqueue(trx, i)
      const committing = performance.now()
      await trx.commit().execute()
      await receiver.arrival(i)
      latencies.push((receiver.arrivals.get(i) ?? Number.NaN) - committing)
    }
    receiver.reset()
    const direct: number[] = []
    for (let i = 0; i < timed; i++) {
      const sending = performance.now()
      await directPost(agent, receiver.url, secret, i)
      direct.push((receiver.arrivals.get(i) ?? Number.NaN) - sending)
    }
    const worker = percentiles(latencies)
    const baseline = percentiles(direct)

    // Fairness: the first account's events one at a time for FAIRNESS_MS, alone and then beside
    // a tarpit account whose 80 deliveries each hang for the whole attempt limit.
    const oneByOne = async (from: number) => {
      const samples: number[] = []
      const until = performance.now() + FAIRNESS_MS
      for (let seq = from; performance.now() < until; seq += ACCOUNTS) {
        const trx = await db.startTransaction().execute()
        await enqueue(trx, seq)
        const committing = performance.now()
        await trx.commit().execute()
        await receiver.arrival(seq)
        samples.push((receiver.arrivals.get(seq) ?? Number.NaN) - committing)
      }
      return samples
    }
    step(`fairness: another account's events one at a time for ${FAIRNESS_MS / 1000} s, without a tarpit account`)
    const alone = await oneByOne(2_000_000)
    step(`fairness: the same beside a tarpit account (16 endpoints that never answer, 5 changes)`)
    const tarpit = await startTarpit()
    const tarpitEvent = await newAccount(
      'Tarpit',
      Array.from({ length: 16 }, (_, i) => `${tarpit.url}/hang-${i}`),
    )
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 5; i++) await change(trx, tarpitEvent, -i)
    })
    while (tarpit.open === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    const beside = await oneByOne(3_000_000)
    const tarpitHeldAtMost = tarpit.most
    await tarpit.close()
    const fairAlone = percentiles(alone)
    const fairBeside = percentiles(beside)

    const figures = {
      deliveries,
      deliveries_per_s: round(deliveries / workerSeconds, 0),
      direct_posts_per_s: round(deliveries / directSeconds, 0),
      throughput_ratio: round(directSeconds / workerSeconds, 3),
      commit_to_delivery_p50_ms: worker.p50,
      commit_to_delivery_p99_ms: worker.p99,
      direct_post_p50_ms: baseline.p50,
      direct_post_p99_ms: baseline.p99,
      fair_alone_p50_ms: fairAlone.p50,
      fair_alone_p99_ms: fairAlone.p99,
      fair_alone_max_ms: round(Math.max(...alone)),
      fair_beside_tarpit_p50_ms: fairBeside.p50,
      fair_beside_tarpit_p99_ms: fairBeside.p99,
      fair_beside_tarpit_max_ms: round(Math.max(...beside)),
      fair_samples: beside.length,
      tarpit_connections_at_most: tarpitHeldAtMost,
    }
    printTable(figures, handle.kind, timed)
    return figures
  } finally {
    agent.destroy()
    await admin.close()
    await receiver.close()
    await cleanup()
  }
}

function printTable(f: Record<string, number>, kind: string, timed: number): void {
  const rows: [string, string, string][] = [
    ['database', kind, `receiver on 127.0.0.1, ${CONCURRENCY} in flight`],
    [`worker: ${f.deliveries} committed events`, `${f.deliveries_per_s} deliveries/s`, 'claim, sign, POST, record'],
    [`baseline: ${f.deliveries} signed POSTs`, `${f.direct_posts_per_s} /s`, 'straight to the receiver'],
    ['  worker / baseline', String(f.throughput_ratio), ''],
    [`worker: commit → arrival (${timed}, one by one)`, `p50 ${f.commit_to_delivery_p50_ms} ms`, `p99 ${f.commit_to_delivery_p99_ms} ms`],
    ['baseline: send → arrival', `p50 ${f.direct_post_p50_ms} ms`, `p99 ${f.direct_post_p99_ms} ms`],
    [
      'fairness: commit → arrival, no tarpit account',
      `p50 ${f.fair_alone_p50_ms} ms`,
      `p99 ${f.fair_alone_p99_ms} ms, max ${f.fair_alone_max_ms} ms`,
    ],
    [
      `  beside a tarpit account (${f.fair_samples} events)`,
      `p50 ${f.fair_beside_tarpit_p50_ms} ms`,
      `p99 ${f.fair_beside_tarpit_p99_ms} ms, max ${f.fair_beside_tarpit_max_ms} ms (the tarpit held ${f.tarpit_connections_at_most} connections at most)`,
    ],
  ]
  const w0 = Math.max(...rows.map((r) => r[0].length))
  const w1 = Math.max(...rows.map((r) => r[1].length))
  for (const [a, b, c] of rows) console.log(`   ${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runWebhookBench({ deliveries: process.argv[2] ? Number(process.argv[2]) : undefined })
  console.log(JSON.stringify({ bench: { webhooks: figures } }))
}
