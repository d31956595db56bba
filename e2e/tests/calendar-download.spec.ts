import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference, type Conference } from '../src/journeys/conference.ts'
import { expectNoErrorState, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor opens a session in the schedule on the organiser's site and adds it to their
// calendar: the browser downloads the file the embed server wrote, which a calendar app reads.
let site: StaticSite
let conference: Conference

test.beforeAll(async ({ system, account }) => {
  site = await startStaticSite()
  conference = await createConference(account.api, { label: 'calendar', allowedOrigins: [site.origin] })
  // A token limited to the site serves calendar files once the organiser allows the feed on it.
  const allowed = await account.api.PATCH('/embed-tokens/{id}', {
    params: { path: { id: conference.token.id } },
    body: { allowCalendarFeed: true },
  })
  expect(allowed.response.status).toBe(200)
  site.setPage(
    '/',
    embedPage(system.loaderUrl, `<service-schedule event-id="${conference.eventId}" token="${conference.token.value}"></service-schedule>`),
  )
})

test.afterAll(async () => {
  await site?.close()
})

test('"Add to calendar" in the session dialog downloads the embed server’s file, which parses', async ({ page, system }) => {
  const { keynote } = conference.sessions
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  await expectNoErrorState(page)
  const schedule = page.locator('service-schedule')
  await schedule
    .getByRole('button', { name: new RegExp(keynote.title) })
    .first()
    .click()
  const dialog = schedule.getByRole('dialog')
  const link = dialog.getByRole('link', { name: 'Add to calendar' })
  await expect(link).toBeVisible()
  expect(new URL((await link.getAttribute('href')) as string).origin).toBe(new URL(system.embedUrl).origin)

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(new URL(download.url()).pathname).toBe(`/v1/events/${conference.eventId}/sessions/${keynote.id}/calendar.ics`)
  expect(download.suggestedFilename()).toMatch(/^Opening-keynote.*\.ics$/)
  const text = await readFile((await download.path()) as string, 'utf8')
  const vevents = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')
  expect(vevents.map((v) => v.getFirstPropertyValue('uid'))).toEqual([`${keynote.id}@event-service`])
  expect(vevents[0]?.getFirstPropertyValue('summary')).toBe(keynote.title)
  expect(vevents[0]?.getFirstPropertyValue('description')).toContain('Speaker: Ada Okonkwo (Engineer, Lumen Labs)')
})
