import { expect, test } from '../src/fixtures.ts'
import { recordPageProblems } from '../src/journeys/page-problems.ts'
import { expectNoErrorState, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: the demo page under its Content-Security-Policy (its own files and the embed server's):
// the loader, its chunks, the first screens and the live streams load, the "change something"
// control answers, the builder's form stays on the page, and the policy refuses nothing on the way.

test('the demo page works under its Content-Security-Policy: widgets, first screens, the live control, the builder', async ({
  page,
  system,
}) => {
  const problems = await recordPageProblems(page)

  const response = await page.goto(system.demoUrl)
  expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${system.embedUrl}`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  await widgetsSettled(page)
  await expectNoErrorState(page)

  await page.locator('[data-action="move"]').click()
  await expect(page.getByText(/^Moved “/)).toBeVisible()
  await page.locator('[data-action="undo"]').click()

  // Enter in a field of the builder's form: its inline `onsubmit` (allowed by hash) keeps the page.
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))
  await page.locator('.builder__controls input[type="text"]').first().press('Enter')
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)

  expect(problems).toEqual({ violations: [], errors: [] })
})
