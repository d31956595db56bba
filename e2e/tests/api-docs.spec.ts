import { expect, test } from '../src/fixtures.ts'
import { recordPageProblems } from '../src/journeys/page-problems.ts'

// Journey: an organiser reads the interactive docs, enters their key and tries a request, all under
// the page's Content-Security-Policy (its own scripts and styles only: the key sits in localStorage).

test('the interactive docs work under their Content-Security-Policy: the key authorises a request tried from the page', async ({
  page,
  system,
  account,
}) => {
  const problems = await recordPageProblems(page)

  const response = await page.goto(`${system.adminUrl.replace(/\/v1$/, '')}/docs`)
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Event service admin API')

  await page.getByRole('button', { name: 'Authorize' }).first().click()
  // The dialog offers both ways in (an API key, the console's cookie): the key's form.
  const bearer = page.locator('.dialog-ux .auth-container').filter({ has: page.locator('#auth-bearer-value') })
  await bearer.locator('#auth-bearer-value').fill(account.apiKey)
  await bearer.getByRole('button', { name: 'Apply credentials' }).click()
  await page.locator('.dialog-ux').getByRole('button', { name: 'Close' }).first().click()

  const operation = page.locator('#operations-Events-listEvents')
  await operation.locator('.opblock-summary').click()
  await operation.getByRole('button', { name: 'Try it out' }).click()
  await operation.getByRole('button', { name: 'Execute' }).click()
  await expect(operation.locator('.live-responses-table .response-col_status:not(.col_header)')).toHaveText('200')

  expect(problems).toEqual({ violations: [], errors: [] })
})
