/**
 * `npm run bench`: every benchmark of the project in one run, each against a baseline measured in
 * that same run (these machines are shared and noisy, so only ratios within one run mean much).
 * Prints each part's table as it goes and, last, one JSON line with every figure.
 *
 *   npm run bench                 # all parts
 *   npm run bench -- admin embed  # only some parts (admin, console, embed, first-screens, import, live, webhooks, widgets)
 */
type Bench = () => Promise<Record<string, number>>

const PARTS: Record<string, { what: string; load: () => Promise<Bench> }> = {
  admin: {
    what: 'admin API: speaker search and totals on 100,000 speakers, upsert throughput',
    load: async () => (await import('./admin.bench.ts')).runAdminBench,
  },
  console: {
    what: 'console: first screen (events list) in 4× throttled Chromium vs a plain HTML page with the same API calls, its JavaScript, and 10,000 registrations paged and searched',
    load: async () => (await import('./console.bench.ts')).runConsoleBench,
  },
  embed: {
    what: 'embed API: schedule of 300 sessions vs a bare node:http server',
    load: async () => (await import('./embed.bench.ts')).runEmbedBench,
  },
  'first-screens': {
    what: 'first screens: RSS after 5,000 distinct attribute sets on three events of 200 sessions vs before, and the byte bound',
    load: async () => (await import('./first-screen-memory.bench.ts')).runFirstScreenMemoryBench,
  },
  import: {
    what: 'schedule import: a 1,000-session c3voc schedule.json into an empty event, re-imported unchanged and with 10% changed, vs plain multi-row inserts of the same data',
    load: async () => (await import('./import.bench.ts')).runImportBench,
  },
  live: {
    what: 'live updates: 10,000 open streams on one embed instance vs idle keep-alive connections, commit to changed on every stream',
    load: async () => (await import('./live.bench.ts')).runLiveBench,
  },
  webhooks: {
    what: 'webhooks: deliveries per second and commit-to-delivery latency vs signed POSTs sent straight to the receiver',
    load: async () => (await import('./webhooks.bench.ts')).runWebhookBench,
  },
  widgets: {
    what: 'widgets: JavaScript before the first screen, times to first title, to drawn and to interactive, longest task, blocking time, layout shift and requests, in 4× throttled Chromium on loopback and a slow network vs plain DOM, and the issue-23 aims',
    load: async () => (await import('../widgets/bench/widgets.bench.ts')).runWidgetBench,
  },
}

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const unknown = wanted.filter((name) => !(name in PARTS))
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from: ${Object.keys(PARTS).join(', ')}`)
  process.exit(2)
}

const results: Record<string, Record<string, number>> = {}
for (const [name, part] of Object.entries(PARTS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  console.log(`\n== ${name}: ${part.what}`)
  const started = Date.now()
  results[name] = await (await part.load())()
  console.log(`   (${((Date.now() - started) / 1000).toFixed(0)} s)`)
}
console.log(JSON.stringify({ bench: results, node: process.version, cpus: (await import('node:os')).cpus().length }))
