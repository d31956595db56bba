// Renders every widget (light and dark, wide and narrow) against the mock API into
// .screenshots/*.png, for checking how they look. Usage: node scripts/screenshots.mjs [name]
// With --docs, the pictures of docs/images instead: the schedule and the speakers (gallery and
// carousel), light and dark, at 1280 and 375 px (docs/images/widget-<name>-<theme>-<width>.png).
import { mkdir } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { ensureWidgetsBuilt } from '../build-if-stale.mjs'
import { CHROMIUM_ARGS, findBrowser } from '../test/find-browser.mjs'
import { EVENT_ID, SIX_ROOMS_EVENT_ID, mockEmbedApi } from '../test/mock-embed-api.mjs'
import { startStaticServer } from '../test/static-server.mjs'

const ADA = '5f0c0000-0000-4000-8000-000000000001'
const KEYNOTE = '7a1d0000-0000-4000-8000-000000000001'
const attrs = `event-id="${EVENT_ID}" token="emb_valid"`
const page = (
  theme,
  body,
) => `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body{margin:0;padding:24px;font-family:system-ui,sans-serif;background:${theme === 'dark' ? '#0b0d12' : '#f3f4f6'}} h1{font:600 14px system-ui;color:#888;margin:24px 0 8px}</style>
<script async src="/dist/loader.js"></script></head><body>${body}</body></html>`
const WIDGETS = {
  schedule: `<service-schedule ${attrs}></service-schedule>`,
  'schedule-en-us': `<service-schedule ${attrs} locale="en-US"></service-schedule>`,
  'schedule-de': `<service-schedule ${attrs} locale="de"></service-schedule>`,
  'schedule-six-rooms': `<service-schedule event-id="${SIX_ROOMS_EVENT_ID}" token="emb_valid"></service-schedule>`,
  'session-list': `<service-session-list ${attrs} limit="4" style="max-width:420px"></service-session-list>`,
  'session-detail': `<service-session-detail ${attrs} session-id="${KEYNOTE}" style="max-width:640px"></service-session-detail>`,
  speakers: `<service-speakers ${attrs}></service-speakers><h1>list</h1><service-speakers ${attrs} layout="list" style="max-width:480px"></service-speakers><h1>carousel</h1><service-speakers ${attrs} layout="carousel" style="max-width:560px"></service-speakers>`,
  'speaker-card': `<service-speaker-card ${attrs} speaker-id="${ADA}" style="max-width:560px"></service-speaker-card>`,
  registration: `<service-registration ${attrs} style="max-width:560px"></service-registration>`,
  errors: `<service-schedule event-id="${EVENT_ID}" token="emb_disabled"></service-schedule><h1>origin</h1><service-speakers event-id="${EVENT_ID}" token="emb_origin"></service-speakers>`,
}

await ensureWidgetsBuilt()
const pages = {}
for (const [name, html] of Object.entries(WIDGETS)) {
  for (const theme of ['light', 'dark'])
    pages[`/${name}-${theme}.html`] = page(theme, html.replaceAll('></service-', ` theme="${theme}"></service-`))
}
const server = await startStaticServer({ pages, api: mockEmbedApi })
const browser = await chromium.launch({ executablePath: await findBrowser(), args: CHROMIUM_ARGS })
const docs = process.argv.includes('--docs')
const DOCS = ['schedule', 'speakers']
const out = new URL(docs ? '../../docs/images/' : '../.screenshots/', import.meta.url)
await mkdir(out, { recursive: true })
const only = process.argv.slice(2).find((a) => !a.startsWith('--'))
for (const path of Object.keys(pages)) {
  if (only && !path.includes(only)) continue
  if (docs && !DOCS.some((name) => path.startsWith(`/${name}-light`) || path.startsWith(`/${name}-dark`))) continue
  for (const [width, tag] of [
    [1280, 'wide'],
    [375, 'narrow'],
  ]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, timezoneId: 'America/New_York', locale: 'en-GB' })
    const p = await context.newPage()
    await p.goto(server.url + path)
    await p.waitForTimeout(600)
    const file = docs ? `widget-${path.slice(1, -5)}-${width}.png` : `${path.slice(1, -5)}-${tag}.png`
    await p.screenshot({ path: new URL(file, out).pathname, fullPage: true })
    await context.close()
  }
}
await browser.close()
await server.close()
console.log(`screenshots in ${out.pathname}`)
