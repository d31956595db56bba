import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, type Locator, type Page } from '@playwright/test'

const run = promisify(execFile)

/** The password every person of the console journeys chooses. */
export const CONSOLE_PASSWORD = 'a long enough password'

/** The button of the signed-in person's menu (it shows their name, or their email without one). */
export const userMenu = (page: Page, who: string) => page.getByRole('button', { name: who })

/** Opens a one-time link and sets a password on it, as an invited person does; lands signed in. */
export async function acceptInvitation(page: Page, signInUrl: string, email: string, password = CONSOLE_PASSWORD): Promise<void> {
  await page.goto(signInUrl)
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Repeat the password').fill(password)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(userMenu(page, email)).toBeVisible()
}

/** Signs in on the console's sign-in page. */
export async function signIn(page: Page, consoleUrl: string, email: string, password = CONSOLE_PASSWORD): Promise<void> {
  await page.goto(`${consoleUrl}sign-in`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/sign-in/)
}

/** What `curl` prints for a request, as an organiser at a terminal would run it. */
export async function curlJson<T>(args: string[]): Promise<{ status: number; body: T }> {
  const { stdout } = await run('curl', ['--silent', '--show-error', '--write-out', '\n%{http_code}', ...args], { timeout: 30_000 })
  const lines = stdout.trimEnd().split('\n')
  const status = Number(lines.pop())
  return { status, body: JSON.parse(lines.join('\n')) as T }
}

/** Waits for the console to announce `text` (its toasts are read out through one status region). */
export async function expectAnnounced(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text }).first()).toBeAttached()
}

/**
 * Picks `option` in a Web Awesome select named `label` (within `scope`, e.g. a dialog). The list
 * can close under the pointer: a click on a select still closing from the last choice is taken as
 * part of that closing, and a form that draws itself again when data arrives (the snippet builder
 * after a choice) shuts an open list. So opening and choosing are repeated until the option is
 * taken (its click landing is the condition waited for, on a machine of any speed).
 */
export async function chooseOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  const wanted = page.getByRole('option', { name: option, exact: true })
  await expect(async () => {
    if (!(await wanted.isVisible())) await scope.getByRole('combobox', { name: label, exact: true }).click()
    await wanted.click({ timeout: 2_000 })
  }).toPass()
}
