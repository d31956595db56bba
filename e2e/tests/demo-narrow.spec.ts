import { expect, test } from '../src/fixtures.ts'
import { widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: someone opens the demo on a phone (375 px): the sections sit behind a menu, and the
// schedule's day tabs scroll rather than being cut off.

test.use({ viewport: { width: 375, height: 800 } })

test('the demo at 375 px has a menu for its sections', async ({ page, system }) => {
  await page.goto(system.demoUrl)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  const menu = page.getByRole('button', { name: 'Menu' })
  const builderLink = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Snippet builder' })
  await expect(menu).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(builderLink).toBeHidden()
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(builderLink).toBeVisible()
  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape')
  await expect(builderLink).toBeHidden()
  await expect(menu).toBeFocused()
  // A followed link closes it too.
  await menu.click()
  await builderLink.click()
  await expect(page).toHaveURL(/#builder$/)
  await expect(builderLink).toBeHidden()
  await expect(page.locator('#builder-title')).toBeInViewport()
})

test('the demo at 375 px shows every day tab of the schedule, scrolling the tabs', async ({ page, system }) => {
  await page.goto(`${system.demoUrl}/#gallery`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  await widgetsSettled(page)
  const schedule = page.locator('#gallery-grid service-schedule')
  const tabs = schedule.getByRole('tab')
  const count = await tabs.count()
  expect(count).toBeGreaterThan(2)
  const list = schedule.getByRole('tablist')
  const box = (await list.boundingBox())!
  // Each tab can be reached: the list scrolls it into view when it is chosen.
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click()
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true')
    const tab = (await tabs.nth(i).boundingBox())!
    expect(tab.x).toBeGreaterThanOrEqual(box.x - 1)
    expect(tab.x + tab.width).toBeLessThanOrEqual(box.x + box.width + 1)
  }
  // The search field and the "Filters" button share a row without overlapping.
  const search = (await schedule.locator('.field--search .field__control').boundingBox())!
  const filters = (await schedule.getByRole('button', { name: /^Filters/ }).boundingBox())!
  expect(search.x + search.width).toBeLessThanOrEqual(filters.x)
})
