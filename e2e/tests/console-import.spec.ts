import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { adminCli } from '../src/harness/cli.ts'
import { REPO_ROOT } from '../src/harness/repo.ts'
import { expectData } from '../src/journeys/conference.ts'
import { acceptInvitation, chooseOption, signIn } from '../src/journeys/console.ts'
import { recordPageProblems } from '../src/journeys/page-problems.ts'

// Journey: an organiser whose talks are managed in pretalx brings that schedule into an event from
// the console: previews the import (nothing written), imports it, finds the sessions in the
// schedule editor, and previews again to see that nothing is left to change. A broken file is
// refused with the places in it. Then the event follows a source URL, syncs on demand (the source
// cannot be fetched: the failure is shown in plain words), and stops following.

test.describe.configure({ mode: 'serial' })

const organiser = { email: 'imogen@example.com' }
/** The c3voc project's example of a pretalx schedule.json: 36 sessions over three days in two rooms. */
const DEMOCON = join(REPO_ROOT, 'test-fixtures/voc-schedule/examples/pretalx-democon.json')

const made = { eventId: '', importUrl: '' }

/** The counts table's numbers of a kind ("Sessions"), in the order New, Changed, Cancelled, Deleted, Unchanged. */
const counts = (page: Page, kind: string) =>
  page
    .getByRole('table', { name: 'Counts' })
    .getByRole('row', { name: new RegExp(`^${kind}`) })
    .getByRole('cell')

async function sessionsOfEvent(page: Page, adminUrl: string) {
  const res = await page.request.get(`${adminUrl}/sessions?event_id=${made.eventId}&limit=100`)
  return (await res.json()) as { data: { title: string; source: string | null; source_id: string | null }[]; meta: { total: number } }
}

test('an organiser previews a pretalx schedule, imports it, and finds its sessions in the schedule', async ({ page, system, account }) => {
  const problems = await recordPageProblems(page)
  const invited = await adminCli<{ sign_in_url: string }>(system, [
    'users',
    'invite',
    '--account',
    account.accountId,
    '--email',
    organiser.email,
  ])
  await acceptInvitation(page, invited.sign_in_url, organiser.email)
  const event = expectData(
    await account.api.POST('/events', {
      body: {
        name: 'DemoCon',
        timezone: 'UTC',
        starts_at: '2020-12-14T08:00:00Z',
        ends_at: '2020-12-16T17:00:00Z',
        tickets: [{ id: 'standard', name: 'Standard' }],
      },
    }),
    'create event',
  )
  made.eventId = event.id

  await page.goto(`${system.consoleUrl}events/${event.id}`)
  await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Import' }).click()
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible()
  made.importUrl = page.url()

  // Nothing chosen yet: the form says so beside the file control, and sends nothing.
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByText('Choose a file to import.')).toBeVisible()

  await page.getByLabel('Schedule file').setInputFiles(DEMOCON)
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('heading', { name: 'Preview: what the import would do' })).toBeVisible()
  await expect(page.getByText('Nothing has been written yet.', { exact: false })).toBeVisible()
  await expect(counts(page, 'Sessions')).toHaveText(['36', '0', '0', '0', '0'])
  const speakers = Number(await counts(page, 'Speakers').first().textContent())
  expect(speakers).toBeGreaterThan(0)
  // A first import lists many changes: they wait behind a disclosure, opened from the keyboard.
  await page.getByText(`Show the ${36 + speakers} changes`).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('cell', { name: 'Focused 5thgeneration hardware', exact: true })).toBeVisible()
  // A dry run writes nothing.
  expect((await sessionsOfEvent(page, system.adminUrl)).meta.total).toBe(0)

  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible()
  // Focus lands on the result, so the keyboard and screen readers continue from there.
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeFocused()
  await expect(counts(page, 'Sessions')).toHaveText(['36', '0', '0', '0', '0'])
  const imported = await sessionsOfEvent(page, system.adminUrl)
  expect(imported.meta.total).toBe(36)
  expect(imported.data.every((s) => s.source !== null && s.source_id !== null)).toBe(true)
  const listed = await page.request.get(`${system.adminUrl}/speakers?event_id=${made.eventId}&limit=1`)
  expect(((await listed.json()) as { meta: { total: number } }).meta.total).toBe(speakers)

  // The sessions are in the schedule editor, in the source's rooms.
  await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Schedule' }).click()
  const grid = page.getByRole('region', { name: /^Schedule of/ })
  await expect(grid.getByRole('group', { name: 'Gray Room' })).toBeVisible()
  await expect(grid.getByRole('button', { name: /^Focused 5thgeneration hardware/ })).toBeVisible()
  // Opened, an imported session says where it came from and where to change it.
  await grid.getByRole('button', { name: /^Focused 5thgeneration hardware/ }).click()
  await expect(page.locator('console-session-panel').getByText(/^Imported from frab \/ pretalx\./)).toBeVisible()
  // The speakers list marks the imported speakers.
  await page.goto(`${system.consoleUrl}events/${made.eventId}/speakers`)
  await expect(page.getByRole('row', { name: /Brian Robinson/ }).getByText('from frab / pretalx')).toBeVisible()

  // The same file again: the preview finds nothing to change.
  await page.goto(made.importUrl)
  await page.getByLabel('Schedule file').setInputFiles(DEMOCON)
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByText('The event already matches the source: nothing to change.')).toBeVisible()
  await expect(counts(page, 'Sessions')).toHaveText(['0', '0', '0', '0', '36'])
  expect(problems).toEqual({ violations: [], errors: [] })
})

test('a file that breaks its format is refused in plain words with the places in it, a URL the server may not fetch beside its field', async ({
  page,
  system,
}) => {
  // DemoCon again, its first session's start no longer a time.
  const broken = JSON.parse(await readFile(DEMOCON, 'utf8'))
  broken.schedule.conference.days[0].rooms['Gray Room'][0].date = 'the first morning'
  await signIn(page, system.consoleUrl, organiser.email)
  await page.goto(made.importUrl)
  await page
    .getByLabel('Schedule file')
    .setInputFiles({ name: 'democon-broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) })
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('heading', { name: 'The import failed' })).toBeVisible()
  const failure = page.getByRole('alert').filter({ hasText: 'The file is a schedule, but parts of it break its format’s rules.' })
  await expect(failure).toBeVisible()
  await expect(failure.getByRole('list', { name: 'Where in the file' }).getByRole('listitem').first()).toContainText('date')
  // Nothing was written: the event still holds the 36 sessions of the first import.
  expect((await sessionsOfEvent(page, system.adminUrl)).meta.total).toBe(36)

  // From a URL: an address inside the server's own network is refused beside the field.
  await page.getByRole('radio', { name: 'A URL' }).click()
  await page.getByLabel('Schedule URL').fill('http://127.0.0.1:9/schedule.json')
  await page.keyboard.press('Enter')
  await expect(page.locator('console-import-form wa-input[name="url"]')).toHaveAttribute('aria-invalid', 'true')
  await expect(
    page
      .locator('console-import-form')
      .getByText(/private|loopback|reserved/i)
      .first(),
  ).toBeVisible()
})

test('the organiser has the event follow a source URL, syncs it now, and stops following', async ({ page, system }) => {
  await signIn(page, system.consoleUrl, organiser.email)
  await page.goto(made.importUrl)
  const sync = page.locator('console-sync-section')
  await expect(sync.getByText('The event follows no source.')).toBeVisible()

  // An address inside the server's own network is refused beside the field.
  await sync.getByLabel('Source URL').fill('http://127.0.0.1:9/schedule.json')
  await sync.getByRole('button', { name: 'Save and follow' }).click()
  await expect(sync.getByText(/private|loopback|reserved/i).first()).toBeVisible()

  // A public name that cannot be reached: saved, and each sync fails to fetch it.
  await sync.getByLabel('Source URL').fill('https://schedule.invalid/democon/schedule.json')
  await chooseOption(page, 'Check every', '1 hour', sync)
  await sync.getByRole('button', { name: 'Save and follow' }).click()
  const statusOf = async () =>
    (
      (await (await page.request.get(`${system.adminUrl}/events/${made.eventId}`)).json()) as {
        data: { sync: unknown; sync_status: { last_run_at: string | null } | null }
      }
    ).data
  // Saving runs the first sync at once; the section follows it and says how it went, in plain words.
  const lastSync = sync
    .getByRole('definition')
    .filter({ has: page.locator('time') })
    .first()
  await expect(sync.getByText('Failed', { exact: true })).toBeVisible()
  await expect(sync.getByText('The schedule could not be fetched from its address.', { exact: false })).toBeVisible()
  await expect(lastSync).toHaveText(/ago|now|second/)
  expect((await statusOf()).sync).toEqual({
    url: 'https://schedule.invalid/democon/schedule.json',
    format: 'auto',
    every: '1h',
    removed: 'cancel',
  })
  const first = (await statusOf()).sync_status?.last_run_at
  expect(first).toBeTruthy()

  // Sync now runs it again: the last run moves on, on the page too.
  await sync.getByRole('button', { name: 'Sync now' }).click()
  await expect.poll(async () => (await statusOf()).sync_status?.last_run_at).not.toBe(first)
  const second = (await statusOf()).sync_status?.last_run_at ?? ''
  await expect(lastSync.locator('time')).toHaveAttribute('datetime', second)
  await expect(sync.getByText('Failed', { exact: true })).toBeVisible()

  await sync.getByRole('button', { name: 'Stop following' }).click()
  await page.locator('wa-dialog[open]').getByRole('button', { name: 'Stop following' }).click()
  await expect(sync.getByText('The event follows no source.')).toBeVisible()
  // What was imported stays.
  expect((await sessionsOfEvent(page, system.adminUrl)).meta.total).toBe(36)
})
