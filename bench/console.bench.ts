/**
 * Console benchmark, in headless Chromium with the CPU slowed 4× (a mid-range laptop on battery),
 * against the admin server on its own database (PGlite on disk, or a fresh Postgres database
 * beside `DATABASE_URL`) with the demo seed and the demo organiser signed in:
 *
 * - **First screen**: from navigation to `/console/` until the events table shows the demo event,
 *   in a new tab with an empty cache (a first visit: every file fetched) and again in that tab
 *   with a warm one (the next visit: hashed files from the cache, index.html revalidated).
 *   Baseline, loaded the same two ways: a plain HTML page served by the same server at a path
 *   beside the console, which asks the same API the same two questions in the same order (who is
 *   signed in, then the events) and draws the same table with a few lines of script and no
 *   framework, under the same throttling. It is the least any page showing
 *   this table from this API can cost here; the ratio is what the console's code (Lit, Web
 *   Awesome, the shell, the router, the page's chunk) adds to it. The admin API's docs page would
 *   be no fair baseline: it fetches and draws other things (the OpenAPI document) than the events.
 *   Also the JavaScript the console loads before its first screen, raw and gzip (level 9, as the
 *   widget benchmark counts), and its CSS. The console measured is built from console/src for
 *   this run, in production mode.
 * - **10,000 registrations**: seeded straight into the demo event; the registrations screen's
 *   first page (navigation until its rows show; empty cache, then warm), a page change (the click on "next page" until
 *   the rows are the next page's) and a search (one `input` event until every row shown matches;
 *   the screen waits 300 ms after typing before it asks), each against the same API request made
 *   by `fetch()` from the same throttled page (what the network and the API cost without the UI).
 *
 * Medians of `BENCH_RUNS` (default 7) rounds after a warm-up, the variants alternating. Figures
 * only, no assertions: the aim for the first screen is under 1 s at 4×.
 *
 *   npm run bench -- console
 *   npx tsx bench/console.bench.ts
 *   CONSOLE_BENCH_COMPARE=../other/console/dist npx tsx bench/console.bench.ts   # and another build's first screen
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { createAdminApp } from '@event-service/admin-api'
import { createLink, linkUrl } from '@event-service/admin-api/users/user-links.ts'
import type { Database } from '@event-service/db'
import { ensureDemoOrganiser, findDemoEvent, seedDemo } from '@event-service/seed'
import { listen, loadConfig, type RunningServer } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { pino } from 'pino'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
// @ts-expect-error plain ESM helpers without type declarations
import { CHROMIUM_ARGS, findBrowser } from '../widgets/test/find-browser.mjs'
import { openBenchDatabase } from './bench-database.ts'

const CONSOLE_ROOT = fileURLToPath(new URL('../console', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
/** Another build of the console (its dist/) to measure the first screen of in the same rounds. */
const COMPARE = process.env.CONSOLE_BENCH_COMPARE
const CPU_SLOWDOWN = 4
const REGISTRATIONS = 10_000
const BASELINE_PATH = '/bench/events.html'
const DEMO_EVENT_NAME = 'Spree Summit'
const VIEWPORT = { width: 1280, height: 800 }

const round = (v: number, digits = 0) => Math.round(v * 10 ** digits) / 10 ** digits
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

// ---------------------------------------------------------------------------------------------
// Data

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Tim', 'Barbara', 'Dennis', 'Frances', 'Ken', 'Radia']
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Berners',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Perlman',
]
/** Surnames searched for: each matches 1 in `LAST.length` registrations (about 830 of 10,000). */
const SEARCHES = ['Hamilton', 'Liskov', 'Perlman', 'Ritchie', 'Turing', 'Hopper', 'Allen', 'Johnson', 'Torvalds']

/** `count` registrations of the event, straight into the table: names and emails to search, statuses and tickets mixed, a few days apart. */
async function seedRegistrations(db: Kysely<Database>, accountId: string, eventId: string, count: number): Promise<void> {
  const now = Date.now()
  const rows = Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!
    const created = new Date(now - (count - i) * 7 * 60_000)
    const status = i % 20 === 0 ? 'cancelled' : i % 7 === 0 ? 'pending' : i % 5 === 0 ? 'checked_in' : 'registered'
    return {
      account_id: accountId,
      event_id: eventId,
      name: `${first} ${last}`,
      email: `${first}.${last}.${i}@example.com`.toLowerCase(),
      ticket_id: i % 3 === 0 ? 'student' : 'standard',
      answers: JSON.stringify({ diet: ['None', 'Vegetarian', 'Vegan'][i % 3], company: `Company ${i % 97}` }),
      status,
      consent_at: created,
      created_at: created,
      confirmed_at: status === 'pending' ? null : created,
      hold_expires_at: status === 'pending' ? new Date(now + 24 * 3600_000) : null,
      checked_in_at: status === 'checked_in' ? created : null,
      cancelled_at: status === 'cancelled' ? created : null,
      locale: 'en',
    } as const
  })
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('registrations')
      .values(rows.slice(i, i + 500))
      .execute()
}

// ---------------------------------------------------------------------------------------------
// The baseline page

/**
 * The events table without a framework: the same two API requests as the console's first screen,
 * then a table built with the DOM. An inline script (this page has no CSP; the console's forbids
 * them, which is why its code comes in files).
 */
const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Events (baseline)</title>
<style>
  body { font: 16px system-ui, sans-serif; margin: 0; color: #1b1d21; }
  header { padding: .5rem 1rem; border-bottom: 1px solid #ddd; } main { padding: 1.5rem; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: start; padding: .5rem; border-bottom: 1px solid #ddd; }
</style></head>
<body><header>Console</header><main><h1>Events</h1><div id="list">Loading…</div></main>
<script type="module">
  const get = async (path) => {
    const res = await fetch('/v1' + path, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(path + ' ' + res.status);
    return res.json();
  };
  await get('/auth/session');
  const { data } = await get('/events?page=1&limit=50&sort=starts_at&order=asc');
  const dates = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  const table = document.createElement('table');
  table.innerHTML = '<thead><tr><th>Name</th><th>Dates</th><th>Venue</th><th>Sessions</th></tr></thead>';
  const body = table.createTBody();
  for (const event of data) {
    const row = body.insertRow();
    const link = document.createElement('a');
    link.href = '/console/events/' + event.id;
    link.textContent = event.name;
    row.insertCell().append(link);
    row.insertCell().textContent = dates.formatRange(new Date(event.starts_at), new Date(event.ends_at));
    row.insertCell().textContent = event.venue ?? '';
    row.insertCell().textContent = '–';
  }
  document.getElementById('list').replaceChildren(table);
</script></body></html>`

// ---------------------------------------------------------------------------------------------
// In the page

/**
 * Installed before any script of every page (plain JavaScript: the page runs it as written):
 * - watches every frame for a link whose text begins with the demo event's name, in the document
 *   or any open shadow root, laid out with a size; records when (ms since the navigation began)
 *   and says so on the console;
 * - `__rows()`: the registrations screen's rows as text;
 * - `__watch(type, done)`: from the next `type` event's own time stamp (the click or the input as
 *   the page got it) until a frame in which `done(__rows())` holds, into `__took`.
 */
const PAGE_SCRIPT = `(() => {
  const deep = (root, test) => {
    for (const el of root.querySelectorAll('*')) {
      if (test(el)) return el;
      const found = el.shadowRoot && deep(el.shadowRoot, test);
      if (found) return found;
    }
    return null;
  };
  const poll = () => {
    const link = deep(document, (el) => el.localName === 'a' && el.textContent.trim().startsWith(${JSON.stringify(DEMO_EVENT_NAME)}) && el.getBoundingClientRect().height > 0);
    if (!link) return requestAnimationFrame(poll);
    window.__drawn = performance.now();
    console.log('bench:drawn');
  };
  requestAnimationFrame(poll);
  window.__rows = () => {
    const page = deep(document, (el) => el.localName === 'console-registrations-page');
    return [...(page?.shadowRoot?.querySelectorAll('tbody tr') ?? [])].map((row) => row.textContent.replace(/\\s+/g, ' ').trim());
  };
  window.__watch = (type, done) => {
    let t0;
    window.__took = undefined;
    window.addEventListener(type, (e) => { t0 ??= e.timeStamp; }, { capture: true, once: true });
    const check = () => {
      if (t0 !== undefined && done(window.__rows())) window.__took = performance.now() - t0;
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
})();`

/** What PAGE_SCRIPT adds to the page's window. */
interface PageGlobals {
  __drawn?: number
  __took?: number
  __rows(): string[]
}

/** The registrations screen's rows, as text. */
const rows = (page: Page) => page.evaluate('window.__rows()') as Promise<string[]>

/**
 * Times an interaction in the page (see `__watch`): `done` is a JavaScript function of the rows.
 * Starts watching, lets `act` do the interaction from outside, and returns the milliseconds.
 */
async function timeInteraction(page: Page, type: 'click' | 'input', done: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate(`window.__watch(${JSON.stringify(type)}, ${done})`)
  await act()
  await page.waitForFunction(() => (window as unknown as PageGlobals).__took !== undefined, undefined, { timeout: 60_000 })
  return (await page.evaluate('window.__took')) as number
}

/** The same request the screen makes, by `fetch()` from the page: ms until its JSON is parsed. */
async function timeFetch(page: Page, path: string): Promise<number> {
  return page.evaluate(`(async () => {
    const started = performance.now();
    const res = await fetch(${JSON.stringify(path)}, { headers: { Accept: 'application/json' } });
    await res.json();
    return performance.now() - started;
  })()`) as Promise<number>
}

// ---------------------------------------------------------------------------------------------
// Runs

async function throttledContext(browser: Browser, storageState: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState, locale: 'en-GB', timezoneId: 'Europe/Berlin' })
  await context.addInitScript({ content: PAGE_SCRIPT })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return { context, page }
}

/** Loads `url` and waits for the probe; the ms it recorded. */
async function loadUntilDrawn(page: Page, url: string): Promise<number> {
  const drawn = page.waitForEvent('console', { predicate: (m) => m.text() === 'bench:drawn', timeout: 60_000 })
  await page.goto(url)
  await drawn
  return page.evaluate('window.__drawn') as Promise<number>
}

interface Bytes {
  jsFiles: number
  jsRaw: number
  jsGzip: number
  cssRaw: number
  cssGzip: number
}

/** A cold load of the console that also counts the JavaScript and CSS it fetched before the first screen. */
async function countBytes(page: Page, url: string): Promise<Bytes> {
  const bodies: Promise<{ url: string; body: Buffer }>[] = []
  let drawnYet = false
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (drawnYet || !(path.endsWith('.js') || path.endsWith('.css'))) return
    bodies.push(response.body().then((body) => ({ url: path, body })))
  })
  page.on('console', (m) => {
    if (m.text() === 'bench:drawn') drawnYet = true
  })
  await loadUntilDrawn(page, url)
  const files = await Promise.all(bodies)
  const sum = (ext: string, size: (b: Buffer) => number) => files.filter((f) => f.url.endsWith(ext)).reduce((n, f) => n + size(f.body), 0)
  const gzip = (b: Buffer) => gzipSync(b, { level: 9 }).length
  return {
    jsFiles: files.filter((f) => f.url.endsWith('.js')).length,
    jsRaw: sum('.js', (b) => b.length),
    jsGzip: sum('.js', gzip),
    cssRaw: sum('.css', (b) => b.length),
    cssGzip: sum('.css', gzip),
  }
}

/**
 * `vite build` of console/ into `outDir` with NODE_ENV=production: Vite follows the caller's
 * NODE_ENV, and under another (`test` in a Vitest run, `development`) it bundles Lit's
 * development build, larger and slower.
 */
function buildConsole(outDir: string): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js')
  const args = [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: CONSOLE_ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))))
  })
}

export async function runConsoleBench(): Promise<Record<string, number>> {
  const step = (what: string) => console.error(`   … ${what}`)
  // A build of its own, so that a rebuild of console/dist meanwhile (a second `npm start`, a test
  // run) pulls no file from under the pages, and in production mode whoever built console/dist.
  const consoleDir = mkdtempSync(join(tmpdir(), 'console-bench-dist-'))
  step('building the console')
  await buildConsole(consoleDir)
  const { handle, cleanup } = await openBenchDatabase('console')
  const db = handle.db
  let browser: Browser | undefined
  let server: Server | undefined
  let admin: Awaited<ReturnType<typeof createAdminApp>> | undefined
  let compare: { admin: Awaited<ReturnType<typeof createAdminApp>>; server: RunningServer } | undefined
  try {
    step(`seeding the demo event and ${REGISTRATIONS.toLocaleString('en')} registrations on ${handle.kind}`)
    await seedDemo(db)
    const event = (await findDemoEvent(db))!
    const { account_id: accountId } = await db
      .selectFrom('events')
      .select('account_id')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow()
    await seedRegistrations(db, accountId, event.id, REGISTRATIONS)
    const organiserId = (await ensureDemoOrganiser(db))!

    admin = await createAdminApp({
      db,
      config: loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent' }),
      logger: pino({ level: 'silent' }),
      embedUrl: () => 'http://127.0.0.1:9',
      consoleDir,
    })
    const callback = admin.callback()
    server = createServer((req, res) => {
      if (req.url === BASELINE_PATH) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
        res.end(BASELINE_HTML)
      } else void callback(req, res)
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    const consoleUrl = `${origin}/console/`
    if (COMPARE) {
      // The same API on the same database beside it, serving the other build (cookies ignore the port).
      const other = await createAdminApp({
        db,
        config: loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent' }),
        logger: pino({ level: 'silent' }),
        embedUrl: () => 'http://127.0.0.1:9',
        consoleDir: COMPARE,
      })
      compare = { admin: other, server: await listen(other.callback(), { host: '127.0.0.1', port: 0 }) }
    }

    browser = await chromium.launch({ executablePath: await findBrowser(), args: CHROMIUM_ARGS })
    // Signed in once, as the demo organiser does: the one-time link and its button.
    const signIn = await browser.newContext({ viewport: VIEWPORT })
    const signInPage = await signIn.newPage()
    await signInPage.goto(linkUrl(origin, await createLink(db, organiserId, 'sign_in')))
    await signInPage.getByRole('button', { name: 'Sign in as demo@example.com' }).click()
    await signInPage.waitForURL(consoleUrl)
    const storageState = await signIn.storageState()
    await signIn.close()

    step(`first screen: ${RUNS} rounds after a warm-up, ${CPU_SLOWDOWN}× CPU`)
    const cold: number[] = []
    const warm: number[] = []
    const baselineCold: number[] = []
    const baselineWarm: number[] = []
    const compareCold: number[] = []
    const compareWarm: number[] = []
    let bytes: Bytes | undefined
    for (let round = 0; round <= RUNS; round++) {
      // Each page with an empty cache in a new tab, then again in the same tab with a warm one.
      {
        const { context, page } = await throttledContext(browser, storageState)
        // The warm-up round also counts the bytes the first screen loads.
        if (round === 0) bytes = await countBytes(page, consoleUrl)
        else cold.push(await loadUntilDrawn(page, consoleUrl))
        const again = await loadUntilDrawn(page, consoleUrl)
        if (round > 0) warm.push(again)
        await context.close()
      }
      {
        const { context, page } = await throttledContext(browser, storageState)
        const first = await loadUntilDrawn(page, `${origin}${BASELINE_PATH}`)
        const again = await loadUntilDrawn(page, `${origin}${BASELINE_PATH}`)
        if (round > 0) {
          baselineCold.push(first)
          baselineWarm.push(again)
        }
        await context.close()
      }
      if (compare) {
        const { context, page } = await throttledContext(browser, storageState)
        const url = `${compare.server.url.replace(/\/+$/, '')}/console/`
        const first = await loadUntilDrawn(page, url)
        const again = await loadUntilDrawn(page, url)
        if (round > 0) {
          compareCold.push(first)
          compareWarm.push(again)
        }
        await context.close()
      }
    }

    step(`${REGISTRATIONS.toLocaleString('en')} registrations: first page, paging and search, ${CPU_SLOWDOWN}× CPU`)
    const registrationsUrl = `${consoleUrl}events/${event.id}/registrations`
    const apiPage = (page: number, search?: string) =>
      `/v1/registrations?event_id=${event.id}${search ? `&search=${encodeURIComponent(search)}` : ''}&page=${page}&limit=50&sort=created_at&order=desc`
    const firstPageCold: number[] = []
    const firstPageWarm: number[] = []
    const firstPageApi: number[] = []
    const paging: number[] = []
    const pagingApi: number[] = []
    const search: number[] = []
    const searchApi: number[] = []
    for (let round = 0; round <= RUNS; round++) {
      const { context, page } = await throttledContext(browser, storageState)
      // The first page with an empty cache, then reloaded with a warm one: checked every frame in
      // the page, the value is the time (since navigation start) of the first frame with rows.
      const shownAt = async () => {
        await page.goto(registrationsUrl)
        const shown = await page.waitForFunction(
          () => (window as unknown as PageGlobals).__rows().length > 0 && performance.now(),
          undefined,
          {
            timeout: 60_000,
            polling: 'raf',
          },
        )
        return (await shown.jsonValue()) as number
      }
      const shownCold = await shownAt()
      const shownWarm = await shownAt()
      const api = await timeFetch(page, apiPage(1))
      // Next page, twice.
      const pages: number[] = []
      const pagesApi: number[] = []
      for (let n = 2; n <= 3; n++) {
        const before = await rows(page)
        pages.push(
          await timeInteraction(page, 'click', `(rows) => rows.length > 0 && rows[0] !== ${JSON.stringify(before[0])}`, () =>
            page.locator('wa-pagination').getByRole('button', { name: /next/i }).click(),
          ),
        )
        pagesApi.push(await timeFetch(page, apiPage(n)))
      }
      // A search for a surname, as one input (the screen waits 300 ms after the last keystroke).
      const term = SEARCHES[round % SEARCHES.length]!
      const searched = await timeInteraction(
        page,
        'input',
        `(rows) => rows.length > 0 && rows.every((r) => r.toLowerCase().includes(${JSON.stringify(term.toLowerCase())}))`,
        () => page.getByRole('searchbox').fill(term),
      )
      const searchedApi = await timeFetch(page, apiPage(1, term))
      if (round > 0) {
        firstPageCold.push(shownCold)
        firstPageWarm.push(shownWarm)
        firstPageApi.push(api)
        paging.push(...pages)
        pagingApi.push(...pagesApi)
        search.push(searched)
        searchApi.push(searchedApi)
      }
      await context.close()
    }

    const b = bytes!
    const figures = {
      first_screen_cold_ms: round(median(cold)),
      first_screen_warm_ms: round(median(warm)),
      baseline_cold_ms: round(median(baselineCold)),
      baseline_warm_ms: round(median(baselineWarm)),
      cold_vs_baseline: round(median(cold) / median(baselineCold), 2),
      warm_vs_baseline: round(median(warm) / median(baselineWarm), 2),
      js_files: b.jsFiles,
      js_raw_bytes: b.jsRaw,
      js_gzip_bytes: b.jsGzip,
      css_raw_bytes: b.cssRaw,
      css_gzip_bytes: b.cssGzip,
      registrations: REGISTRATIONS,
      registrations_first_page_cold_ms: round(median(firstPageCold)),
      registrations_first_page_warm_ms: round(median(firstPageWarm)),
      registrations_first_page_api_ms: round(median(firstPageApi)),
      registrations_next_page_ms: round(median(paging)),
      registrations_next_page_api_ms: round(median(pagingApi)),
      registrations_next_page_vs_api: round(median(paging) / median(pagingApi), 2),
      registrations_search_ms: round(median(search)),
      registrations_search_api_ms: round(median(searchApi)),
      registrations_search_vs_api: round(median(search) / median(searchApi), 2),
    }
    const compared: Record<string, number> = compare
      ? {
          compare_cold_ms: round(median(compareCold)),
          compare_warm_ms: round(median(compareWarm)),
          compare_cold_vs_console: round(median(compareCold) / median(cold), 2),
          compare_warm_vs_console: round(median(compareWarm) / median(warm), 2),
        }
      : {}
    printTable({ ...figures, ...compared }, handle.kind)
    return { ...figures, ...compared }
  } finally {
    await browser?.close()
    if (server) await new Promise((resolve) => server!.close(resolve))
    await compare?.server.close()
    await compare?.admin.close()
    await admin?.close()
    await cleanup()
    rmSync(consoleDir, { recursive: true, force: true })
  }
}

function printTable(f: Record<string, number>, kind: string): void {
  const kB = (n = 0) => `${(n / 1024).toFixed(1)} kB`
  const rows: [string, string, string][] = [
    ['database', kind, `demo event (62 sessions, 36 speakers), ${f.registrations} registrations`],
    [
      'first screen, empty cache',
      `${f.first_screen_cold_ms} ms`,
      `${f.cold_vs_baseline}× the baseline's ${f.baseline_cold_ms} ms (aim < 1000 ms)`,
    ],
    ['first screen, warm cache', `${f.first_screen_warm_ms} ms`, `${f.warm_vs_baseline}× the baseline's ${f.baseline_warm_ms} ms`],
    ['  baseline: plain HTML page, same API calls', '', 'no framework, served beside the console, same tab use'],
    ['JavaScript before the first screen', `${kB(f.js_gzip_bytes)} gzip`, `${kB(f.js_raw_bytes)} raw, ${f.js_files} files`],
    ['CSS before the first screen', `${kB(f.css_gzip_bytes)} gzip`, `${kB(f.css_raw_bytes)} raw`],
    [
      'registrations: first page, empty cache',
      `${f.registrations_first_page_cold_ms} ms`,
      `its API request alone ${f.registrations_first_page_api_ms} ms`,
    ],
    ['registrations: first page, warm cache', `${f.registrations_first_page_warm_ms} ms`, ''],
    [
      'registrations: next page',
      `${f.registrations_next_page_ms} ms`,
      `${f.registrations_next_page_vs_api}× its API request (${f.registrations_next_page_api_ms} ms)`,
    ],
    [
      'registrations: search (incl. 300 ms wait)',
      `${f.registrations_search_ms} ms`,
      `${f.registrations_search_vs_api}× its API request (${f.registrations_search_api_ms} ms)`,
    ],
  ]
  if (f.compare_cold_ms !== undefined)
    rows.splice(
      3,
      0,
      ['CONSOLE_BENCH_COMPARE build, empty cache', `${f.compare_cold_ms} ms`, `${f.compare_cold_vs_console}× this build's`],
      ['CONSOLE_BENCH_COMPARE build, warm cache', `${f.compare_warm_ms} ms`, `${f.compare_warm_vs_console}× this build's`],
    )
  const w0 = Math.max(...rows.map((r) => r[0].length))
  const w1 = Math.max(...rows.map((r) => r[1].length))
  console.log(
    `   ${CPU_SLOWDOWN}× CPU, medians of ${RUNS} rounds; ms from navigation start (loads) or from the input event (paging, search)`,
  )
  for (const [a, b, c] of rows) console.log(`   ${a.padEnd(w0)}  ${b.padEnd(w1)}  ${c}`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runConsoleBench()
  console.log(JSON.stringify({ bench: { console: figures } }))
}
