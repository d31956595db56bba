import { createDb, type DbHandle } from '@event-service/db'
import { createLogger, listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { createEmbedApp, type EmbedApp } from '../../embed-server/src/app.ts'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference, everyWidgetHtml, type Conference } from '../src/journeys/conference.ts'
import { ERROR_TEXT, expectEveryWidgetToSay, expectNoErrorState, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor has the schedule open while the organiser changes it through the admin API.
// The widgets follow without a reload and keep what the visitor chose; a revoked token ends them.
test.describe.configure({ mode: 'serial' })

let site: StaticSite
let conference: Conference

test.beforeAll(async ({ account }) => {
  site = await startStaticSite()
  conference = await createConference(account.api, { label: 'live', allowedOrigins: [site.origin] })
})

test.afterAll(async () => {
  await site?.close()
})

/** Marks the page, so that a reload (which would drop the mark) cannot pass for a live update. */
const markPage = (page: import('@playwright/test').Page) => page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))
const stillSamePage = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true)

test('an admin change shows in the open widgets without a reload, and the visitor keeps their search', async ({
  page,
  system,
  account,
}) => {
  site.setPage('/', embedPage(system.loaderUrl, everyWidgetHtml(conference)))
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  await expectNoErrorState(page)
  const { keynote, workshop } = conference.sessions
  const schedule = page.locator('service-schedule')
  const search = schedule.getByRole('searchbox', { name: 'Search' })
  await search.fill('keynote')
  await expect(schedule.getByText(workshop.title)).toBeHidden()
  await markPage(page)

  const cancelled = await account.api.PATCH('/sessions/{id}', { params: { path: { id: keynote.id } }, body: { cancelled: true } })
  expect(cancelled.response.status).toBe(200)
  const moved = await account.api.PATCH('/sessions/{id}', { params: { path: { id: workshop.id } }, body: { room: 'Room 9' } })
  expect(moved.response.status).toBe(200)

  // Announced politely for a few seconds, so checked first.
  const list = page.locator('service-session-list')
  await expect(list.getByText(/“Workshop: accessible components” has moved: now .*, Room 9\./)).toBeAttached()
  await expect(list.getByText(/“Opening keynote: the web we want” has been cancelled\./)).toBeAttached()
  const keynoteCard = schedule.locator('[part~=session]', { hasText: keynote.title })
  await expect(keynoteCard.getByText('Cancelled')).toBeVisible()
  await expect(search).toHaveValue('keynote')
  await expect(schedule.getByText(workshop.title)).toBeHidden()
  await expect(list.locator('[part~=item]', { hasText: workshop.title }).getByText('Room 9')).toBeVisible()
  await expect(page.locator('service-session-detail').getByText('Cancelled')).toBeVisible()
  expect(await stillSamePage(page)).toBe(true)

  await account.api.PATCH('/sessions/{id}', { params: { path: { id: keynote.id } }, body: { cancelled: false } })
  await expect(keynoteCard.getByText('Cancelled')).toHaveCount(0)
})

test('revoking the token shows the refusal in the open widgets without a reload', async ({ page, system, account }) => {
  const own = await createConference(account.api, { label: 'live-revoke', allowedOrigins: [site.origin] })
  site.setPage('/revoke', embedPage(system.loaderUrl, everyWidgetHtml(own)))
  await page.goto(site.url('/revoke'))
  await widgetsSettled(page)
  await expectNoErrorState(page)
  await markPage(page)
  const revoked = await account.api.DELETE('/embed-tokens/{id}', { params: { path: { id: own.token.id } } })
  expect(revoked.response.status).toBe(200)
  await expectEveryWidgetToSay(page, ERROR_TEXT.TOKEN_REVOKED)
  expect(await stillSamePage(page)).toBe(true)
})

test.describe('two embed instances', () => {
  let second: { handle: DbHandle; embed: EmbedApp; server: RunningServer } | undefined

  test.beforeAll(async ({ system }) => {
    // PGlite is one database in one process (the system's): a second instance needs Postgres.
    if (system.dialect !== 'postgres') return
    const handle = await createDb({ databaseUrl: system.env.DATABASE_URL })
    const embed = await createEmbedApp({
      dbHandle: handle,
      config: loadConfig({ ...system.env, EMBED_PORT: '0' }),
      logger: createLogger('silent'),
    })
    second = { handle, embed, server: await listen(embed.callback(), { host: '127.0.0.1', port: 0 }) }
  })
  test.afterAll(async () => {
    second?.embed.endStreams()
    await second?.server.close(1_000)
    await second?.embed.close()
    await second?.handle.close()
  })

  test('widgets served by two instances both follow a change', async ({ page, system, account }) => {
    // Two embed instances need two processes on one database, which only a Postgres server gives:
    // PGlite's database lives inside the one process that opened it.
    test.skip(system.dialect !== 'postgres', 'PGlite runs one embed instance per database')
    const own = await createConference(account.api, { label: 'live-two', allowedOrigins: [site.origin] })
    const common = `event-id="${own.eventId}" token="${own.token.value}"`
    site.setPage(
      '/two',
      embedPage(
        system.loaderUrl,
        `<service-session-list id="one" ${common}></service-session-list>
         <service-session-list id="two" ${common} api-base="${second!.server.url}"></service-session-list>`,
      ),
    )
    await page.goto(site.url('/two'))
    await widgetsSettled(page)
    const { panel } = own.sessions
    for (const id of ['#one', '#two']) await expect(page.locator(id).getByText(panel.title)).toBeVisible()
    await expect.poll(() => second!.embed.live.size).toBe(1)
    await markPage(page)
    await account.api.PATCH('/sessions/{id}', { params: { path: { id: panel.id } }, body: { cancelled: true } })
    for (const id of ['#one', '#two']) {
      await expect(page.locator(id).locator('[part~=item]', { hasText: panel.title }).getByText('Cancelled')).toBeVisible()
    }
    expect(await stillSamePage(page)).toBe(true)
  })
})
