import type { Page } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { type Conference, createConference } from '../src/journeys/conference.ts'
import { expectNoErrorState, holdCode, watchConsole } from '../src/journeys/widget-states.ts'

// Journey: the widgets adopt the first screens the embed server drew (Lit's hydration) rather
// than drawing them again: a visitor who clicks a session before the code is in gets its dialog
// once the code is, the nodes they see stay, and the screens come from the server's cache.
let site: StaticSite
let conference: Conference

test.beforeAll(async ({ system, account }) => {
  site = await startStaticSite()
  conference = await createConference(account.api, { label: 'hydration', allowedOrigins: [site.origin] })
  const common = `event-id="${conference.eventId}" token="${conference.token.value}"`
  site.setPage('/schedule', embedPage(system.loaderUrl, `<service-schedule ${common}></service-schedule>`))
  site.setPage(
    '/lists',
    embedPage(
      system.loaderUrl,
      [
        `<service-schedule ${common}></service-schedule>`,
        `<service-session-list ${common}></service-session-list>`,
        `<service-speakers ${common} layout="grid"></service-speakers>`,
      ].join('\n'),
    ),
  )
  // Attributes no other page of this file asks for: its screen is drawn on the first visit only.
  site.setPage('/list-view', embedPage(system.loaderUrl, `<service-schedule ${common} view="list" group-by="track"></service-schedule>`))
})

test.afterAll(async () => {
  await site?.close()
})

/** The JSON reads of the conference's data the page made (not first screens, the stream or the access check). */
function watchDataReads(page: Page, eventId: string): string[] {
  const reads: string[] = []
  const read = new RegExp(`/v1/events/${eventId}(/(sessions|speakers)(/[^/?]+)?)?\\?`)
  page.on('request', (request) => {
    if (read.test(request.url())) reads.push(request.url())
  })
  return reads
}

/** Until `tag` is defined and every element of it has drawn the update after its first render. */
async function hydrated(page: Page, tag: string): Promise<void> {
  await page.waitForFunction((tag) => {
    if (!customElements.get(tag)) return false
    const all = [...document.querySelectorAll(tag)] as (HTMLElement & { afterFirstRender?: boolean; isUpdatePending?: boolean })[]
    return all.every((el) => el.afterFirstRender && !el.isUpdatePending)
  }, tag)
}

test('a click on a session of the first screen before the code is in opens its dialog once the code is, focus in it', async ({ page }) => {
  const { keynote } = conference.sessions
  const seen = watchConsole(page)
  const reads = watchDataReads(page, conference.eventId)
  await page.addInitScript(() => {
    const opened: string[] = []
    Object.assign(window, { opened })
    document.addEventListener('service-session-open', (e) => opened.push((e as CustomEvent<{ sessionId: string }>).detail.sessionId))
  })
  const release = await holdCode(page)
  await page.goto(site.url('/schedule'))
  const schedule = page.locator('service-schedule')
  const card = schedule.getByRole('button', { name: new RegExp(keynote.title) }).first()
  await expect(card).toBeVisible()
  expect(await page.evaluate(() => customElements.get('service-schedule'))).toBeUndefined()
  // The visitor clicks: nothing can answer yet (no dialog), but the click is kept, and the card has the focus.
  await card.click()
  await expect(schedule.getByRole('dialog')).toBeHidden()
  expect(await card.evaluate((node) => (node.getRootNode() as ShadowRoot).activeElement === node)).toBe(true)

  release()
  await expect(schedule.getByRole('dialog')).toBeVisible()
  await expect(schedule.getByRole('dialog').getByRole('heading', { name: keynote.title })).toBeVisible()
  await hydrated(page, 'service-schedule')
  // Opened once, for the card clicked, and the focus went into the dialog with it.
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([keynote.id])
  expect(
    await schedule.evaluate((el) => {
      const active = el.shadowRoot?.activeElement
      return !!active && !!active.closest('dialog[open]')
    }),
  ).toBe(true)
  await expectNoErrorState(page)
  // The schedule drew from the data that came with its first screen: it read nothing itself.
  expect(reads).toEqual([])
  expect(seen.pageErrors).toEqual([])
  expect(seen.warnings.filter((w) => w.includes('did not match'))).toEqual([])
})

test('the schedule, the session list and the speakers keep the nodes of their first screens', async ({ page }) => {
  const seen = watchConsole(page)
  const release = await holdCode(page)
  await page.goto(site.url('/lists'))
  const tags = ['service-schedule', 'service-session-list', 'service-speakers'] as const
  const content = { 'service-schedule': '[part=session]', 'service-session-list': '[part=item]', 'service-speakers': '[part=speaker]' }
  for (const tag of tags) await expect(page.locator(tag).locator(content[tag]).first()).toBeVisible()
  // Every element node of each first screen, marked with a property of its own: a node drawn anew would not have it.
  const marked = await page.evaluate((tags) => {
    const nodes: Element[] = []
    for (const tag of tags) nodes.push(...document.querySelector(tag)!.shadowRoot!.querySelectorAll('*'))
    for (const node of nodes) (node as Element & { fromServer?: boolean }).fromServer = true
    Object.assign(window, { marked: nodes.filter((n) => n.localName !== 'script') })
    return nodes.length
  }, tags)
  expect(marked).toBeGreaterThan(20)

  release()
  for (const tag of tags) await hydrated(page, tag)
  await expectNoErrorState(page)
  for (const tag of tags) {
    // What shows is the server's node, adopted: it still has the mark.
    expect(
      await page
        .locator(tag)
        .locator(content[tag])
        .first()
        .evaluate((node) => (node as Element & { fromServer?: boolean }).fromServer),
      tag,
    ).toBe(true)
  }
  // None of the marked nodes went.
  expect(await page.evaluate(() => (window as unknown as { marked: Element[] }).marked.filter((n) => !n.isConnected).length)).toBe(0)
  expect(seen.warnings.filter((w) => w.includes('did not match'))).toEqual([])
})

test('a first screen asked for again comes from the server’s cache', async ({ page }) => {
  const screens: { cache: string | undefined; etag: string | undefined }[] = []
  page.on('response', (response) => {
    if (!response.url().includes('/first-screen/service-schedule?')) return
    const headers = response.headers()
    screens.push({ cache: headers['x-cache'], etag: headers.etag })
  })
  await page.goto(site.url('/list-view'))
  await expect.poll(() => screens.length).toBe(1)
  await hydrated(page, 'service-schedule')
  await page.reload()
  await expect.poll(() => screens.length).toBe(2)
  // Drawn on the first visit, kept for the second: the same screen (ETag), not drawn again.
  expect(screens[0]!.cache).toBe('miss')
  expect(screens[1]!.cache).toBe('hit')
  expect(screens[1]!.etag).toBe(screens[0]!.etag)
})
