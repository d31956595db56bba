import { expect, test } from '../src/fixtures.ts'
import { adminCli } from '../src/harness/cli.ts'
import { startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { demoEventData, demoConfig } from '../src/journeys/demo.ts'
import { expectNoErrorState, watchConsole, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a site owner follows the README's "Put a widget on your page" (an account on the
// command line, then an event, a speaker, a session and an embed token through the admin API with
// the README's own request bodies), opens the demo's snippet builder with that second event and
// its token, picks their own speaker and track there, and pastes the snippet into their site: a
// page of another origin, where it works. Then the same with a token that allows only their site.

let site: StaticSite
/** What the README's steps created. */
let owner: { eventId: string; speakerId: string; sessionTitle: string; headers: Record<string, string>; api: string }

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ system }) => {
  site = await startStaticSite()
  // README step 1.
  const { api_key } = await adminCli<{ api_key: string }>(system, ['accounts', 'create', '--name', 'Acme', '--plan', 'pro'])
  const api = system.adminUrl
  const headers = { Authorization: `Bearer ${api_key}`, 'Content-Type': 'application/json' }
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    expect(response.status, `POST ${path}`).toBe(201)
    expect(response.headers.get('location'), `POST ${path} names the new resource`).toBeTruthy()
    return ((await response.json()) as { data: { id: string } }).data
  }
  // README step 2, "The admin API by example", with its bodies.
  const event = await post('/events', {
    name: 'DevConf 2027',
    timezone: 'Europe/Paris',
    starts_at: '2027-03-01T08:00:00Z',
    ends_at: '2027-03-02T18:00:00Z',
    venue: 'Paris',
    tickets: [
      { id: 'standard', name: 'Standard' },
      { id: 'student', name: 'Student' },
    ],
  })
  const speaker = await post('/speakers', {
    event_id: event.id,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    company: 'Analytical Engines',
    status: 'confirmed',
    tags: ['keynote'],
    bio: 'Writes programs for machines that do not exist yet.\n\nNotes: https://ada.example.com/notes',
    links: [{ url: 'https://ada.example.com', label: 'Website' }, { url: 'https://mastodon.example/@ada' }],
  })
  await post('/sessions', {
    event_id: event.id,
    title: 'Opening keynote',
    starts_at: '2027-03-01T09:00:00Z',
    ends_at: '2027-03-01T10:00:00Z',
    track: 'Main',
    room: 'Hall A',
    speaker_ids: [speaker.id],
    format: 'Keynote',
    level: 'beginner',
    language: 'en',
    tags: ['ai', 'history'],
  })
  owner = { eventId: event.id, speakerId: speaker.id, sessionTitle: 'Opening keynote', headers, api }
})

test.afterAll(async () => {
  await site?.close()
})

/** An embed token for the owner's event, as the README creates one. */
async function createToken(allowedOrigins: string[]): Promise<string> {
  const response = await fetch(`${owner.api}/embed-tokens`, {
    method: 'POST',
    headers: owner.headers,
    body: JSON.stringify({ eventId: owner.eventId, name: 'Website', allowedOrigins }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { data: { token: string } }).data.token
}

test("the builder offers the owner's own speakers and tracks, and its snippet works on the owner's site", async ({
  page,
  system,
  request,
}) => {
  // While building, the token allows the demo page too, so the builder can list the event's items.
  const token = await createToken([site.origin, system.demoUrl])
  const demoSpeakers = await demoEventData<{ name: string }[]>(request, system, await demoConfig(system), '/speakers')

  await page.goto(`${system.demoUrl}/#builder`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  await page.getByRole('combobox', { name: 'Widget', exact: true }).selectOption('service-speaker-card')
  const status = page.locator('#builder-source')
  await expect(status).toContainText('Choices from the demo event')
  await page.getByText('Your event and token').click()
  await page.getByLabel('Event ID').fill(owner.eventId)
  await page.getByLabel('Embed token').fill(token)
  await page.getByLabel('Embed token').press('Tab')
  await expect(status).toHaveText('Choices from your event “DevConf 2027”: 1 session, 1 speaker.')

  // Only the owner's speaker is offered, never one of the demo event's.
  const speakerId = page.getByLabel('speaker-id', { exact: true })
  await expect(speakerId.locator('option')).toHaveText(['Ada Lovelace (Analytical Engines)'])
  expect(demoSpeakers.map((s) => s.name)).not.toContain('Ada Lovelace')
  await expect(speakerId).toHaveValue(owner.speakerId)
  await page.getByLabel('Fallback link (optional)').fill('https://acme.example/speakers')
  await page.getByLabel('Fallback link (optional)').press('Tab')
  const code = page.locator('#builder-code')
  await expect(code).toContainText(`speaker-id="${owner.speakerId}"`)
  await expect(code).toContainText('<a href="https://acme.example/speakers">See all speakers</a>')
  const cardSnippet = (await code.textContent()) ?? ''

  // Tracks and rooms of the owner's event, for the session list.
  await page.getByRole('combobox', { name: 'Widget', exact: true }).selectOption('service-session-list')
  await expect(page.getByLabel('track', { exact: true }).locator('option')).toHaveText(['all tracks', 'Main'])
  await expect(page.getByLabel('room', { exact: true }).locator('option')).toHaveText(['all rooms', 'Hall A'])
  await page.getByLabel('room', { exact: true }).selectOption('Hall A')
  await expect(code).toContainText('room="Hall A"')
  const listSnippet = (await code.textContent()) ?? ''

  // Pasted into a page of the owner's site (another origin than the demo's).
  // Two snippets on one page, each with its loader line, as an owner pastes them: one loader works.
  site.setPage('/speaker', cardSnippet + listSnippet)
  const fresh = await page.context().newPage()
  const seen = watchConsole(fresh)
  await fresh.goto(site.url('/speaker'))
  await widgetsSettled(fresh)
  await expectNoErrorState(fresh)
  await expect(fresh.locator('service-speaker-card').getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible()
  await expect(fresh.locator('service-session-list').getByText(owner.sessionTitle)).toBeVisible()
  // The fallback link is hidden once the card shows.
  await expect(fresh.getByRole('link', { name: 'See all speakers' })).toBeHidden()
  expect(seen.pageErrors).toEqual([])
  expect(seen.warnings).toEqual([])

  // With the loader blocked (an ad blocker, the embed server down) the fallback link is what shows.
  await fresh.route('**/v1/loader.js', (route) => route.abort())
  await fresh.reload()
  await expect(fresh.getByRole('link', { name: 'See all speakers' })).toBeVisible()
  expect(seen.pageErrors).toEqual([])
})

test('with a token that allows only the owner’s site, the builder says why it offers free text, and the typed ids work there', async ({
  page,
  system,
}) => {
  const token = await createToken([site.origin])
  await page.goto(`${system.demoUrl}/#builder`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  await page.getByRole('combobox', { name: 'Widget', exact: true }).selectOption('service-speaker-card')
  await page.getByText('Your event and token').click()
  await page.getByLabel('Event ID').fill(owner.eventId)
  await page.getByLabel('Embed token').fill(token)
  await page.getByLabel('Embed token').press('Tab')
  const status = page.locator('#builder-source')
  await expect(status).toContainText(`Your token does not allow this page (${system.demoUrl})`)
  await expect(status).toContainText(`add ${system.demoUrl} to the token’s allowedOrigins`)

  const speakerId = page.getByRole('textbox', { name: 'speaker-id', exact: true })
  await speakerId.fill(owner.speakerId)
  await speakerId.press('Tab')
  const code = page.locator('#builder-code')
  await expect(code).toContainText(`speaker-id="${owner.speakerId}"`)
  site.setPage('/typed', (await code.textContent()) ?? '')

  const fresh = await page.context().newPage()
  const seen = watchConsole(fresh)
  await fresh.goto(site.url('/typed'))
  await widgetsSettled(fresh)
  await expectNoErrorState(fresh)
  await expect(fresh.locator('service-speaker-card').getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible()
  expect(seen.pageErrors).toEqual([])
})
