import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import type { RunningSystem } from '../src/harness/system.ts'
import { type DemoConfig, demoConfig, demoEventData, pasteIntoPage } from '../src/journeys/demo.ts'
import { WIDGET_TAGS, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor on a slow phone or a laptop opens a site page with every widget of the demo
// event: nothing moves while the widgets arrive (each reserves its space), and nothing is hidden
// in a box of its own (the schedule's day grows with it, lists page visibly, the demo page ends
// at its footer).

/** The target for the page's cumulative layout shift. */
const MAX_LAYOUT_SHIFT = 0.05

let config: DemoConfig

test.beforeAll(async ({ system }) => {
  config = await demoConfig(system)
})

/**
 * Opens an empty page of the demo's origin (its token works there only) without the demo's own
 * script, and returns the HTML of a site page with every widget of the demo event, one after the
 * other, as a site pastes them.
 */
async function emptyDemoOriginPage(page: Page, system: RunningSystem, request: APIRequestContext): Promise<string> {
  const [session] = await demoEventData<{ id: string }[]>(request, system, config, '/sessions')
  const [speaker] = await demoEventData<{ id: string }[]>(request, system, config, '/speakers')
  const common = `event-id="${config.eventId}" token="${config.token}"`
  await page.route('**/src/main.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
  await page.goto(system.demoUrl)
  // The demo's own content going is no shift of the widgets'.
  await pasteIntoPage(page, '')
  await nextFrames(page)
  return `<script async src="${config.loaderUrl}"></script>
<h1>Our conference</h1>
<service-schedule ${common}></service-schedule>
<service-session-list ${common}></service-session-list>
<service-session-detail ${common} session-id="${session!.id}"></service-session-detail>
<service-speakers ${common}></service-speakers>
<service-speaker-card ${common} speaker-id="${speaker!.id}"></service-speaker-card>
<service-registration ${common}></service-registration>`
}

/** In the page: sums its layout shifts from now on as CLS counts them (none with recent input). */
function sumLayoutShifts(): void {
  const since = performance.now()
  const w = window as unknown as { layoutShift: number }
  w.layoutShift = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput && entry.startTime >= since) w.layoutShift += entry.value
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/** The sum `sumLayoutShifts` keeps. */
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)

/** Chromium at 4× CPU throttling, as a slow phone. */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/**
 * Every widget is defined and has drawn its data: no skeleton, no server screen left, and the
 * schedule's day drawn to its last card (it may draw a long day in steps).
 */
async function everyWidgetDrawn(page: Page): Promise<void> {
  await widgetsSettled(page)
  await expect
    .poll(
      () =>
        page.evaluate(async (tags) => {
          for (const tag of tags) {
            const el = document.querySelector(tag) as (HTMLElement & { updateComplete?: Promise<unknown> }) | null
            if (!el || !customElements.get(tag) || !el.shadowRoot) return `${tag} not defined`
            await el.updateComplete
            if (el.shadowRoot.querySelector('[part~=skeleton], [inert]')) return `${tag} not drawn`
          }
          // The same cards after its update and two frames: no step left to draw.
          const schedule = document.querySelector('service-schedule') as HTMLElement & { updateComplete: Promise<unknown> }
          const cards = () => schedule.shadowRoot!.querySelectorAll('[part~=grid] [part~=session]').length
          const before = cards()
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
          await schedule.updateComplete
          return before > 0 && cards() === before ? 'drawn' : 'schedule still drawing'
        }, WIDGET_TAGS),
      { timeout: 30_000 },
    )
    .toBe('drawn')
  await nextFrames(page)
}

/** Resolves after the next two frames: what changed before has been laid out and painted. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/**
 * A list of `total` items shows them all, or a visible "Show n more" button with how many show,
 * which a keyboard follows (Enter) to the first item it adds.
 */
async function expectAllOrShowMore(element: Locator, items: Locator, total: number): Promise<void> {
  const more = element.getByRole('button', { name: /^Show \d+ more$/ })
  if ((await items.count()) === total) {
    await expect(more).toHaveCount(0)
    return
  }
  const shown = await items.count()
  await expect(more).toBeVisible()
  await expect(element.getByText(`Showing ${shown} of ${total}`)).toBeVisible()
  const adds = Number(/\d+/.exec((await more.textContent()) ?? '')![0])
  await more.focus()
  await more.press('Enter')
  await expect(items).toHaveCount(shown + adds)
  await expect(items.nth(shown)).toBeFocused()
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 800 : 900 } })

    test('a page with every widget shifts no more than the target while they arrive, at 4× CPU', async ({ page, system, request }) => {
      const html = await emptyDemoOriginPage(page, system, request)
      await page.evaluate(sumLayoutShifts)
      await slowCpu(page)
      await pasteIntoPage(page, html)
      await everyWidgetDrawn(page)
      const shift = await layoutShift(page)
      test.info().annotations.push({ type: 'layout shift', description: shift.toFixed(3) })
      expect(shift).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT)
    })

    test('nothing is hidden in a box: the day ends in the page, the lists show all or page visibly', async ({ page, system, request }) => {
      await pasteIntoPage(page, await emptyDemoOriginPage(page, system, request))
      await everyWidgetDrawn(page)
      // The day's last session is in the page, not below the fold of a box that scrolls.
      const schedule = page.locator('service-schedule')
      const scroll = schedule.locator('.grid-scroll')
      expect(await scroll.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(1)
      const last = schedule.locator('[part~=grid] [part~=session]').last()
      await last.scrollIntoViewIfNeeded()
      await expect(last).toBeInViewport()
      const sessions = await demoEventData<unknown[]>(request, system, config, '/sessions')
      const speakers = await demoEventData<unknown[]>(request, system, config, '/speakers')
      const list = page.locator('service-session-list')
      await expectAllOrShowMore(list, list.locator('[part~=item] button'), sessions.length)
      const gallery = page.locator('service-speakers')
      await expectAllOrShowMore(gallery, gallery.locator('[part~=speaker]'), speakers.length)
    })

    test('the demo page does not move as it fills in, at 4× CPU, and ends at its footer', async ({ page, system }) => {
      await page.addInitScript(sumLayoutShifts)
      await slowCpu(page)
      await page.goto(system.demoUrl)
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
      await everyWidgetDrawn(page)
      const shift = await layoutShift(page)
      test.info().annotations.push({ type: 'layout shift', description: shift.toFixed(3) })
      expect(shift).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT)
      // Nothing positioned escapes its widget to leave blank page under the footer.
      const { bottom, height } = await page.evaluate(() => ({
        bottom: document.querySelector('footer')!.getBoundingClientRect().bottom + scrollY,
        height: document.documentElement.scrollHeight,
      }))
      expect(height).toBeLessThanOrEqual(Math.ceil(bottom) + 2)
    })
  })
}
