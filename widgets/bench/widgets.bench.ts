/**
 * Widget benchmark: transfer sizes (gzip) and first render of a 300-session schedule in headless
 * Chromium with 4× CPU throttling, each against a baseline measured in the same run:
 * - `loader.js`, and loader + every chunk a page with one <service-schedule> downloads, against
 *   a file that only re-exports `lit`, built by the same Vite settings;
 * - time from the loader's start to the schedule drawn, against a plain-DOM page that fetches the
 *   same JSON and draws the same view (bench/baseline.html); plus the longest script run (Long
 *   Animation Frames) and the longest task (script, style and layout) of each, as medians of runs.
 *
 * @example
 * import { runWidgetBench } from './widgets/bench/widgets.bench.ts';
 * const figures = await runWidgetBench(); // prints a table, returns the numbers
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { build } from 'vite'
import { ensureWidgetsBuilt } from '../build-if-stale.mjs'
// @ts-expect-error plain ESM helpers without type declarations
import { CHROMIUM_ARGS, findBrowser } from '../test/find-browser.mjs'
// @ts-expect-error plain ESM helpers without type declarations
import { startStaticServer } from '../test/static-server.mjs'
import { BENCH_EVENT_ID, benchEvent, benchSessions } from './bench-data.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const RUNS = Number(process.env.BENCH_RUNS ?? 7)

const gzipSize = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length

/** gzip size of a module that only re-exports Lit, through the same Vite/Rolldown minifier. */
async function litOnlySize(): Promise<number> {
  const dir = join(root, '.bench')
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'lit-only.js'), "export * from 'lit';\n")
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    mode: 'production',
    resolve: { conditions: ['production', 'module', 'browser', 'default'] },
    build: {
      outDir: join(dir, 'out'),
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      modulePreload: false,
      rolldownOptions: {
        input: join(dir, 'lit-only.js'),
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: 'lit-only.js' },
      },
    },
  })
  return gzipSize(join(dir, 'out', 'lit-only.js'))
}

/** Files a page with one <service-schedule> downloads: loader.js and the schedule's chunks. */
async function schedulePageFiles(): Promise<string[]> {
  const loader = await readFile(join(dist, 'loader.js'), 'utf8')
  const files = JSON.parse(/\[(`chunks\/[^\]]+)\]/.exec(loader)![0].replaceAll('`', '"')) as string[]
  const tags = /"service-schedule":\[([\d,]+)\]/.exec(loader)![1]!.split(',').map(Number)
  return ['loader.js', ...tags.map((i) => files[i]!)]
}

// Tasks and, from Long Animation Frames, the longest run of one script: tasks include the
// browser's own style and layout work, script runs are what code did. The drawn signal is a
// console message, so that Playwright injects nothing into the page while it is measured.
const PROBE = `<script>
  window.__long = []; window.__scripts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) __long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) for (const s of e.scripts) __scripts.push([s.sourceURL, s.duration]); }).observe({ type: 'long-animation-frame', buffered: true });
  performance.mark('start');
  // The first screen (16 cards, what a 900 px viewport shows) and the whole first day (100).
  window.__drawnWhen = (count) => (function poll() {
    const since = () => performance.now() - performance.getEntriesByName('start')[0].startTime;
    const n = count();
    if (n >= 16) window.__first ??= since();
    if (n >= 100) return void (window.__drawn = since(), console.log('bench:drawn'));
    requestAnimationFrame(poll);
  })();
</script>`

function pages(baselineHtml: string) {
  const widget = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">${PROBE}
<script>
  const s = document.createElement('script'); s.async = true; s.src = '/v1/loader.js'; document.head.append(s);
  __drawnWhen(() => document.querySelector('service-schedule')?.shadowRoot?.querySelectorAll('.session').length ?? 0);
</script></head><body><service-schedule event-id="${BENCH_EVENT_ID}" token="emb_bench"></service-schedule></body></html>`
  const baseline = baselineHtml
    .replace('<head>', `<head>${PROBE}<script>__drawnWhen(() => document.querySelectorAll('.session').length)</script>`)
    .replace('__EVENT__', BENCH_EVENT_ID)
  return { '/widget.html': widget, '/baseline.html': baseline }
}

/** Serves dist/ at /v1/ and the benchmark event through the embed API's paths and envelope. */
function benchApi() {
  const event = JSON.stringify({ success: true, data: benchEvent() })
  const sessions = JSON.stringify({ success: true, data: benchSessions() })
  return async (ctx: any, next: () => Promise<void>) => {
    const json = (body: string) => {
      ctx.status = 200
      ctx.set('Content-Type', 'application/json')
      ctx.body = body
    }
    if (ctx.path === `/v1/events/${BENCH_EVENT_ID}`) return json(event)
    if (ctx.path === `/v1/events/${BENCH_EVENT_ID}/sessions`) return json(sessions)
    if (ctx.path.startsWith('/v1/') && !ctx.path.includes('..')) {
      try {
        ctx.body = await readFile(join(dist, ctx.path.slice(4)))
        ctx.set('Content-Type', ctx.path.endsWith('.js') ? 'text/javascript' : 'application/json')
        ctx.status = 200
        return
      } catch {
        /* fall through to 404 */
      }
    }
    return next()
  }
}

interface Run {
  first: number
  drawn: number
  longestTask: number
  longestScript: number
}

/** One page load; `ours` picks the script runs that count (our files, or the whole baseline page). */
async function measure(browser: Browser, url: string, ours: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const drawn = page.waitForEvent('console', { predicate: (m) => m.text() === 'bench:drawn', timeout: 30_000 })
  await page.goto(url)
  await drawn
  // Lets the frame that lays out and paints the schedule finish and report.
  await page.waitForTimeout(500)
  const result = await page.evaluate((ours) => {
    const w = window as any
    const scripts = (w.__scripts as [string, number][]).filter(([source]) => source.includes(ours)).map(([, d]) => d)
    return {
      first: w.__first as number,
      drawn: w.__drawn as number,
      longestTask: Math.max(0, ...(w.__long as number[])),
      longestScript: Math.max(0, ...scripts),
    }
  }, ours)
  await context.close()
  return result
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Runs the benchmark, prints a table and returns the figures (bytes and milliseconds). */
export async function runWidgetBench(): Promise<Record<string, number>> {
  await ensureWidgetsBuilt()
  const files = await schedulePageFiles()
  const sizes = await Promise.all(files.map((f) => gzipSize(join(dist, f))))
  const figures: Record<string, number> = {
    'loader.js gzip B': sizes[0]!,
    'schedule page gzip B (loader+lit+core+schedule)': sizes.reduce((a, b) => a + b, 0),
    'baseline: lit only gzip B': await litOnlySize(),
  }
  const server = await startStaticServer({ pages: pages(await readFile(join(root, 'bench/baseline.html'), 'utf8')), api: benchApi() })
  const browser = await chromium.launch({ executablePath: await findBrowser(), args: CHROMIUM_ARGS })
  try {
    const ours: Run[] = []
    const base: Run[] = []
    const widget = () => measure(browser, `${server.url}/widget.html`, '/v1/')
    const baseline = () => measure(browser, `${server.url}/baseline.html`, '/baseline.html')
    // Warm-up pair, then alternate so drift affects both sides alike.
    await widget()
    await baseline()
    for (let i = 0; i < RUNS; i++) {
      ours.push(await widget())
      base.push(await baseline())
    }
    const drawn = median(ours.map((r) => r.drawn))
    const baseDrawn = median(base.map((r) => r.drawn))
    const med = (runs: Run[], key: keyof Run) => Math.round(median(runs.map((r) => r[key])))
    const first = median(ours.map((r) => r.first))
    const baseFirst = median(base.map((r) => r.first))
    Object.assign(figures, {
      'schedule first screen ms (16 cards, 4x CPU)': Math.round(first),
      'baseline: plain DOM first screen ms': Math.round(baseFirst),
      'first screen ratio': Math.round((first / baseFirst) * 100) / 100,
      'schedule first render ms (whole day, 4x CPU)': Math.round(drawn),
      'baseline: plain DOM first render ms (4x CPU)': Math.round(baseDrawn),
      'render ratio (aim ≤ 1.3)': Math.round((drawn / baseDrawn) * 100) / 100,
      'schedule longest script run ms (aim < 50)': med(ours, 'longestScript'),
      'baseline: plain DOM longest script run ms': med(base, 'longestScript'),
      'schedule longest task ms (script + layout)': med(ours, 'longestTask'),
      'baseline: plain DOM longest task ms': med(base, 'longestTask'),
    })
  } finally {
    await browser.close()
    await server.close()
  }
  console.log('\nWidgets benchmark')
  console.table(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, { value: v }])))
  return figures
}
