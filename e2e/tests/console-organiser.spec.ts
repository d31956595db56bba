import { expect, test } from '../src/fixtures.ts'
import { adminCli } from '../src/harness/cli.ts'
import { acceptInvitation, CONSOLE_PASSWORD, curlJson, userMenu } from '../src/journeys/console.ts'
import { recordPageProblems } from '../src/journeys/page-problems.ts'

// Journey: an organiser who is not a developer runs an event from the console alone. They are
// invited on the command line, set a password and sign in; make an API key and use it with curl;
// create an event with two days, rooms, tickets and a question; build its schedule by drag and
// drop and by keyboard (a conflict shown); add speakers; make an embed token and paste its snippet
// into a page of another origin, where the widgets show the schedule and follow the editor live;
// register a visitor there and check them in at the door; and a viewer they invite cannot change
// anything.

test.describe.configure({ mode: 'serial' })

const organiser = { email: 'olivia@example.com' }

test('an invited organiser sets a password, signs in, and makes an API key that works with curl', async ({ page, system, account }) => {
  const problems = await recordPageProblems(page)
  const invited = await adminCli<{ user_id: string; sign_in_url: string }>(system, [
    'users',
    'invite',
    '--account',
    account.accountId,
    '--email',
    organiser.email,
  ])
  expect(invited.sign_in_url).toMatch(new RegExp(`^${system.consoleUrl}link/link_`))
  await acceptInvitation(page, invited.sign_in_url, organiser.email)
  await expect(page).toHaveURL(system.consoleUrl)

  // Signed out, the console asks for a sign-in and brings the organiser back where they were going.
  await userMenu(page, organiser.email).click()
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/console\/sign-in/)
  await page.goto(`${system.consoleUrl}settings`)
  await expect(page).toHaveURL(/\/console\/sign-in\?next=/)
  await page.getByLabel('Email').fill(organiser.email)
  await page.getByLabel('Password', { exact: true }).fill(CONSOLE_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(`${system.consoleUrl}settings`)

  await page.getByLabel('Key name').fill('Website build')
  await page.getByRole('button', { name: 'Create key' }).click()
  await expect(page.getByRole('dialog', { name: 'API key Website build created' })).toBeVisible()
  // Web Awesome's dialog shows its content through a slot: look for it in the element's own children.
  const dialog = page.locator('wa-dialog[open]')
  const key = (await dialog.getByText(/^sk_/).textContent())?.trim() ?? ''
  expect(key).toMatch(/^sk_\w{36}$/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('cell', { name: 'Website build', exact: true })).toBeVisible()

  const listed = await curlJson<{ success: boolean; meta: { total: number } }>([
    '-H',
    `Authorization: Bearer ${key}`,
    `${system.adminUrl}/events`,
  ])
  expect(listed).toMatchObject({ status: 200, body: { success: true } })
  expect(problems).toEqual({ violations: [], errors: [] })
})
