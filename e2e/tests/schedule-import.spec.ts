import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { c3vocSchedule, type TestTalk } from '../../admin-api/src/testing/c3voc-schedule.ts'
import { type Account, expect, test } from '../src/fixtures.ts'
import { expectData } from '../src/journeys/conference.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { REPO_ROOT } from '../src/harness/repo.ts'
import { expectNoErrorState, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: an organiser keeps their call for papers in pretalx (or frab) and brings its schedule
// here: the file imports, the widgets show it, and a later import of the changed schedule reaches
// the visitor's open page live.
test.describe.configure({ mode: 'serial' })

let site: StaticSite

test.beforeAll(async () => {
  site = await startStaticSite()
})

test.afterAll(async () => {
  await site?.close()
})

/** An event with placeholder dates (an import brings the real ones) and an embed token for the site. */
async function newEvent(account: Account, name: string): Promise<{ eventId: string; token: string }> {
  const event = expectData(
    await account.api.POST('/events', {
      body: { name, timezone: 'UTC', starts_at: '2026-01-01T09:00:00Z', ends_at: '2026-01-01T18:00:00Z', tickets: [] },
    }),
    'create event',
  )
  const token = expectData(
    await account.api.POST('/embed-tokens', { body: { eventId: event.id, name: `Website ${name}`, allowedOrigins: [site.origin] } }),
    'create embed token',
  )
  return { eventId: event.id, token: token.token }
}

/** Uploads a schedule file as the API documents it, and waits for the import to finish. */
async function importFile(adminUrl: string, account: Account, eventId: string, name: string, text: string) {
  const form = new FormData()
  form.set('file', new Blob([text]), name)
  const headers = { Authorization: `Bearer ${account.apiKey}` }
  const accepted = await fetch(`${adminUrl}/events/${eventId}/imports`, { method: 'POST', headers, body: form })
  expect(accepted.status).toBe(202)
  const { data } = await accepted.json()
  let current = data
  await expect
    .poll(async () => {
      current = (await (await fetch(`${adminUrl}/events/${eventId}/imports/${data.id}`, { headers })).json()).data
      return current.status
    })
    .toMatch(/^(done|failed)$/)
  return current
}

const scheduleHtml = (eventId: string, token: string) =>
  [
    `<service-schedule event-id="${eventId}" token="${token}"></service-schedule>`,
    `<service-session-list event-id="${eventId}" token="${token}"></service-session-list>`,
  ].join('\n')

const sessionCount = (text: string) =>
  (JSON.parse(text).schedule.conference.days as { rooms: Record<string, unknown[]> }[]).reduce(
    (n, day) => n + Object.values(day.rooms).flat().length,
    0,
  )

/** The title of the first session of the first day that has one, as the file has it. */
function firstTitle(text: string): string {
  const days = JSON.parse(text).schedule.conference.days as { rooms: Record<string, { title: string; date: string }[]> }[]
  for (const day of days) {
    const talks = Object.values(day.rooms).flat()
    if (talks.length > 0) return [...talks].sort((a, b) => a.date.localeCompare(b.date))[0]?.title as string
  }
  throw new Error('the example has no sessions')
}

for (const example of ['pretalx-democon.json', 'frab-camp2019.json']) {
  test(`the c3voc validator's example ${example} imports without error and shows in the widgets`, async ({ page, system, account }) => {
    const text = readFileSync(join(REPO_ROOT, 'test-fixtures', 'voc-schedule', 'examples', example), 'utf8')
    const { eventId, token } = await newEvent(account, example)
    const done = await importFile(system.adminUrl, account, eventId, example, text)
    expect(done.error).toBeNull()
    expect(done.status).toBe('done')
    // Every session of the file, none left out.
    expect(done.plan.created.sessions).toBe(sessionCount(text))
    expect(done.plan.skipped).toEqual([])

    site.setPage(`/${example}`, embedPage(system.loaderUrl, scheduleHtml(eventId, token)))
    await page.goto(site.url(`/${example}`))
    await widgetsSettled(page)
    await expectNoErrorState(page)
    // The schedule opens on the first day (the example's days are past), the list starts with its first session.
    await expect(page.locator('service-schedule').getByText(firstTitle(text), { exact: true }).first()).toBeVisible()
    await expect(page.locator('service-session-list').getByText(firstTitle(text), { exact: true }).first()).toBeVisible()
  })
}

const markPage = (page: Page) => page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))
const stillSamePage = (page: Page) => page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true)

test('a re-import after the source moved, renamed and removed sessions updates the open page live', async ({ page, system, account }) => {
  const speaker = { guid: 'c0000000-0000-4000-8000-000000000001', name: 'Ada Okonkwo' }
  const talks: TestTalk[] = [
    {
      guid: 'd0000000-0000-4000-8000-000000000001',
      title: 'Opening',
      start: '2026-06-01T10:00',
      duration: '00:30',
      room: 'Saal 1',
      persons: [speaker],
    },
    { guid: 'd0000000-0000-4000-8000-000000000002', title: 'Compilers', start: '2026-06-01T11:00', duration: '01:00', room: 'Saal 2' },
    {
      guid: 'd0000000-0000-4000-8000-000000000003',
      title: 'Lightning talks',
      start: '2026-06-01T14:00',
      duration: '01:00',
      room: 'Saal 1',
    },
  ]
  const { eventId, token } = await newEvent(account, 'synced')
  expect((await importFile(system.adminUrl, account, eventId, 'schedule.json', c3vocSchedule(talks))).status).toBe('done')

  site.setPage('/synced', embedPage(system.loaderUrl, scheduleHtml(eventId, token)))
  await page.goto(site.url('/synced'))
  await widgetsSettled(page)
  const schedule = page.locator('service-schedule')
  const list = page.locator('service-session-list')
  const openingItem = list.locator('[part~=item]', { hasText: 'Opening' })
  await expect(schedule.getByText('Compilers', { exact: true })).toBeVisible()
  await expect(openingItem.locator('time')).toHaveAttribute('datetime', '2026-06-01T08:00:00.000Z')
  await markPage(page)

  const [opening, compilers] = talks as [TestTalk, TestTalk, TestTalk]
  const changed = [
    { ...opening, room: 'Saal 2', start: '2026-06-01T16:00' },
    { ...compilers, title: 'Compilers, revisited' },
  ]
  const done = await importFile(system.adminUrl, account, eventId, 'schedule.json', c3vocSchedule(changed))
  expect(done.plan).toMatchObject({ updated: { sessions: 2 }, cancelled: { sessions: 1 } })

  await expect(schedule.getByText('Compilers, revisited', { exact: true })).toBeVisible()
  await expect(schedule.getByText('Compilers', { exact: true })).toHaveCount(0)
  const lightning = schedule.locator('[part~=session]', { hasText: 'Lightning talks' })
  await expect(lightning.getByText('Cancelled')).toBeVisible()
  // The list item says the room and carries the start as an instant: 16:00 in Berlin is 14:00 UTC.
  await expect(openingItem.getByText('Saal 2')).toBeVisible()
  await expect(openingItem.locator('time')).toHaveAttribute('datetime', '2026-06-01T14:00:00.000Z')
  await expect(schedule.locator('[part~=session]', { hasText: 'Opening' }).getByText('Saal 2')).toBeVisible()
  expect(await stillSamePage(page)).toBe(true)
})
