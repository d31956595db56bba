import type { Page } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { adminCli } from '../src/harness/cli.ts'
import { startStaticSite } from '../src/harness/static-site.ts'
import { acceptInvitation, CONSOLE_PASSWORD, chooseOption, curlJson, expectAnnounced, signIn, userMenu } from '../src/journeys/console.ts'
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

/** What the journey made, for its later steps. */
const made = { eventId: '', eventUrl: '' }

test('the organiser creates an event with two days, rooms, a capped ticket and a question', async ({ page, system }) => {
  await signIn(page, system.consoleUrl, organiser.email)
  await page
    .getByRole('link', { name: 'New event' })
    .or(page.getByRole('button', { name: 'New event' }))
    .first()
    .click()
  await page.getByLabel('Name', { exact: true }).fill('Nordic Web Days')
  await page.getByLabel('Time zone').fill('Europe/Oslo')
  await page.getByLabel('Starts').fill('2027-05-10T09:00')
  await page.getByLabel('Ends').fill('2027-05-11T18:00')
  await page.getByLabel('Venue').fill('Kulturhuset, Oslo')
  await page.getByLabel('Rooms').fill('Main hall\nStudio')
  await page.getByRole('button', { name: 'Add ticket' }).click()
  await page.getByLabel('Ticket name').fill('Standard')
  await page.getByLabel('Places').fill('2')
  await page.getByRole('button', { name: 'Add question' }).click()
  await page.getByLabel('Question', { exact: true }).fill('Dietary needs')
  // Visitors of this journey are registered at once (the email confirmation has journeys of its own).
  await page.getByRole('radio', { name: /^At once/ }).click()
  await page.getByRole('button', { name: 'Create event' }).click()
  await expect(page).toHaveURL(/\/console\/events\/[0-9a-f-]{36}/)
  await expect(page.getByRole('heading', { name: 'Nordic Web Days', level: 1 })).toBeVisible()
  made.eventUrl = page.url()
  made.eventId = /events\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? ''

  // What the API now holds is what the form said, in the event's zone.
  const session = await page.request.get(`${system.adminUrl}/events/${made.eventId}`)
  const event = ((await session.json()) as { data: Record<string, unknown> }).data
  expect(event).toMatchObject({
    name: 'Nordic Web Days',
    timezone: 'Europe/Oslo',
    starts_at: '2027-05-10T07:00:00.000Z',
    ends_at: '2027-05-11T16:00:00.000Z',
    rooms: ['Main hall', 'Studio'],
    tickets: [expect.objectContaining({ id: 'standard', name: 'Standard', capacity: 2 })],
    questions: [expect.objectContaining({ label: 'Dietary needs', type: 'text' })],
    registration_confirmation: 'none',
  })
})

/** The schedule editor's grid of the day shown, its room columns and its session cards. */
const grid = (page: Page) => page.getByRole('region', { name: /^Schedule of/ })
const card = (page: Page, title: string) => grid(page).getByRole('button', { name: new RegExp(`^${title}`) })

/** A session of the journey's event as the admin API has it. */
async function sessionNamed(page: Page, adminUrl: string, title: string) {
  const res = await page.request.get(`${adminUrl}/sessions?event_id=${made.eventId}&limit=100`)
  const sessions = ((await res.json()) as { data: { title: string; starts_at: string; ends_at: string; room: string | null }[] }).data
  return sessions.find((s) => s.title === title)
}

/** Clicks an empty slot of a room's column and names the session the panel offers there. */
async function createInSlot(page: Page, room: string, title: string, start: string, end: string) {
  const column = grid(page).getByRole('group', { name: room })
  await column.scrollIntoViewIfNeeded()
  const box = await column.boundingBox()
  if (!box) throw new Error(`no column ${room}`)
  // An empty slot near the top of the day (the panel then takes the exact times).
  await page.mouse.click(box.x + box.width / 2, box.y + 60)
  const panel = page.locator('console-session-panel')
  await expect(panel.getByRole('heading', { name: 'New session' })).toBeVisible()
  await panel.getByLabel('Title').fill(title)
  await panel.getByLabel('Start').fill(start)
  await panel.getByLabel('End').fill(end)
  await panel.getByRole('button', { name: 'Create session' }).click()
  await expect(card(page, title)).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Edit session' })).toBeVisible()
}

test('the organiser builds the schedule by clicking, dragging and with the keyboard, and sees a conflict', async ({ page, system }) => {
  await signIn(page, system.consoleUrl, organiser.email)
  await page.goto(made.eventUrl)
  await page.getByRole('link', { name: 'Schedule' }).click()
  await expect(grid(page)).toBeVisible()
  await expect(grid(page).getByRole('group', { name: 'Main hall' })).toBeVisible()
  await expect(grid(page).getByRole('group', { name: 'Studio' })).toBeVisible()

  await createInSlot(page, 'Main hall', 'Opening keynote', '2027-05-10T09:30', '2027-05-10T10:30')
  await createInSlot(page, 'Studio', 'Design systems at scale', '2027-05-10T11:00', '2027-05-10T11:45')

  // By pointer: the keynote dragged into the Studio column, 09:30 kept.
  const keynote = await card(page, 'Opening keynote').boundingBox()
  const studio = await grid(page).getByRole('group', { name: 'Studio' }).boundingBox()
  if (!keynote || !studio) throw new Error('no card or column')
  await page.mouse.move(keynote.x + keynote.width / 2, keynote.y + 10)
  await page.mouse.down()
  await page.mouse.move(keynote.x + keynote.width / 2 + 10, keynote.y + 10, { steps: 3 })
  await page.mouse.move(studio.x + studio.width / 2, keynote.y + 10, { steps: 10 })
  await page.mouse.up()
  await expect.poll(async () => (await sessionNamed(page, system.adminUrl, 'Opening keynote'))?.room).toBe('Studio')
  // Dropped where the pointer let go, snapped to 5 minutes: about 09:30 still, an hour long.
  const moved = await sessionNamed(page, system.adminUrl, 'Opening keynote')
  const startMs = Date.parse(moved?.starts_at ?? '')
  expect(Math.abs(startMs - Date.parse('2027-05-10T07:30:00Z'))).toBeLessThanOrEqual(10 * 60_000)
  expect(startMs % (5 * 60_000)).toBe(0)
  expect(Date.parse(moved?.ends_at ?? '') - startMs).toBe(3600_000)

  // By keyboard: the design talk picked up, moved 90 minutes earlier onto the keynote, dropped.
  await card(page, 'Design systems at scale').focus()
  await page.keyboard.press('Space')
  await expectAnnounced(page, /^Picked up Design systems at scale/)
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowUp')
  await page.keyboard.press('Space')
  await expect(card(page, 'Design systems at scale')).toHaveAccessibleName(/Conflict/)
  await expect(page.getByText('2 sessions on this day have a conflict.')).toBeVisible()
  expect(await sessionNamed(page, system.adminUrl, 'Design systems at scale')).toMatchObject({
    // 11:00 in Oslo (UTC+2 in May) less 90 minutes: 09:30, 07:30 UTC.
    starts_at: '2027-05-10T07:30:00.000Z',
    ends_at: '2027-05-10T08:15:00.000Z',
    room: 'Studio',
  })

  // Resolved by keyboard too: one room to the left, back in the Main hall.
  await card(page, 'Design systems at scale').focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Enter')
  await expect(card(page, 'Design systems at scale')).not.toHaveAccessibleName(/Conflict/)
  await expect(page.getByText(/on this day (has|have) a conflict/)).toHaveCount(0)
  await expect.poll(async () => (await sessionNamed(page, system.adminUrl, 'Design systems at scale'))?.room).toBe('Main hall')
})

test('the organiser adds a speaker and puts her on a session', async ({ page, system }) => {
  await signIn(page, system.consoleUrl, organiser.email)
  await page.goto(made.eventUrl)
  await page.getByRole('link', { name: 'Speakers', exact: true }).click()
  await page.getByRole('link', { name: 'New speaker' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Ingrid Lund')
  await page.getByLabel('Email', { exact: true }).fill('ingrid@example.com')
  await page.getByLabel('Company').fill('Fjord Labs')
  await chooseOption(page, 'Status', 'Confirmed')
  await page.getByRole('button', { name: 'Create speaker' }).click()
  await expect(page).toHaveURL(/\/speakers\/[0-9a-f-]{36}$/)

  await page.goto(made.eventUrl)
  await page.getByRole('link', { name: 'Schedule' }).click()
  await card(page, 'Opening keynote').click()
  const panel = page.locator('console-session-panel')
  await expect(panel.getByRole('heading', { name: 'Edit session' })).toBeVisible()
  // Web Awesome's checkbox takes the click on its host (its icon covers the input).
  await panel.locator('wa-checkbox', { hasText: 'Ingrid Lund' }).click()
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(card(page, 'Opening keynote')).toHaveAccessibleName(/Ingrid Lund/)
})

test('the organiser makes an embed token, pastes its snippet into their own site, and the widgets follow the editor live', async ({
  page,
  browser,
  system,
}) => {
  const site = await startStaticSite()
  try {
    await signIn(page, system.consoleUrl, organiser.email)
    await page.getByRole('link', { name: 'Embed tokens' }).click()
    await page.getByRole('button', { name: 'Create token' }).click()
    const form = page.locator('wa-dialog[open]')
    await form.getByLabel('Name', { exact: true }).fill('Festival site')
    // The worker's account holds the events of other journeys too.
    await chooseOption(page, /^Event\b/, 'Nordic Web Days', form)
    await form.getByLabel('Allowed origins').fill(`${site.origin}\nnot an origin`)
    await form.getByRole('button', { name: 'Create', exact: true }).click()
    // Each line is checked as an origin before anything is sent.
    await expect(form.getByText(/Line 2: “not an origin” is not an origin/)).toBeVisible()
    await form.getByLabel('Allowed origins').fill(site.origin)
    await form.getByRole('button', { name: 'Create', exact: true }).click()
    const created = page.locator('wa-dialog[open]')
    await expect(created.getByText(/^emb_/)).toBeVisible()
    await created.getByRole('button', { name: 'Open the snippet builder' }).click()

    const snippetOf = async () => (await page.locator('pre[aria-labelledby="snippet-code"]').textContent())?.trim() ?? ''
    await chooseOption(page, 'Widget', '<service-schedule>')
    await expect.poll(snippetOf).toContain('<service-schedule')
    const schedule = await snippetOf()
    expect(schedule).toContain(`${system.embedUrl}/v1/loader.js`)
    await chooseOption(page, 'Widget', '<service-registration>')
    await expect.poll(snippetOf).toContain('<service-registration')
    const registration = /<service-registration[\s\S]*?<\/service-registration>/.exec(await snippetOf())?.[0] ?? ''
    site.setPage(
      '/',
      `<!doctype html><html lang="en"><head><title>Nordic Web Days</title></head><body>${schedule}\n${registration}</body></html>`,
    )

    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await visitor.goto(site.url('/'))
    const widget = visitor.locator('service-schedule')
    await expect(widget.getByText('Opening keynote').first()).toBeVisible()
    await expect(widget.getByText('Ingrid Lund').first()).toBeVisible()
    await expect(widget.getByText('12:30')).toHaveCount(0)

    // The organiser moves a session three hours later by keyboard; the open page follows, unreloaded.
    await page.goto(made.eventUrl)
    await page.getByRole('link', { name: 'Schedule' }).click()
    await card(page, 'Design systems at scale').focus()
    await page.keyboard.press('Space')
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowDown')
    await page.keyboard.press('Space')
    await expect
      .poll(async () => (await sessionNamed(page, system.adminUrl, 'Design systems at scale'))?.starts_at)
      .toBe('2027-05-10T10:30:00.000Z')
    await expect(widget.getByText(/12:30/).first()).toBeVisible()

    // A visitor registers on the organiser's site (the event confirms at once).
    const form2 = visitor.locator('service-registration')
    await form2.getByLabel('Name').fill('Jonas Berg')
    await form2.getByLabel('Email').fill('jonas@example.com')
    await form2.getByLabel('Dietary needs').fill('Vegetarian')
    await form2.getByRole('button', { name: /Register/ }).click()
    await expect(form2.getByRole('heading', { name: 'Thank you, Jonas Berg!' })).toBeVisible()
    await visitorContext.close()
  } finally {
    await site.close()
  }
})

test('the organiser checks the visitor in at the door, on a phone', async ({ page, system }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, system.consoleUrl, organiser.email)
  await page.goto(`${made.eventUrl}/registrations`)
  await expect(page.getByRole('button', { name: /Jonas Berg/ })).toBeVisible()
  await page.getByRole('link', { name: 'Check-in' }).click()
  await expect(page.getByText('0 of 1 checked in')).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill('jon')
  await page.getByRole('button', { name: 'Check in Jonas Berg' }).click()
  await expect(page.getByText('1 of 1 checked in')).toBeVisible()
  const res = await page.request.get(`${system.adminUrl}/registrations?event_id=${made.eventId}`)
  expect(((await res.json()) as { data: { email: string; status: string }[] }).data).toEqual([
    expect.objectContaining({ email: 'jonas@example.com', status: 'checked_in' }),
  ])
})

test('a viewer the organiser invites sees everything and can change nothing', async ({ page, browser, system }) => {
  await signIn(page, system.consoleUrl, organiser.email)
  await page.getByRole('link', { name: 'People' }).click()
  await page.getByLabel('Email', { exact: true }).fill('vera@example.com')
  await chooseOption(page, 'Role', 'Viewer')
  await page.getByRole('button', { name: 'Invite', exact: true }).click()
  const link =
    (
      await page
        .locator('wa-dialog[open]')
        .getByText(/\/console\/link\/link_/)
        .textContent()
    )?.trim() ?? ''
  expect(link).toMatch(/^http/)

  const viewerContext = await browser.newContext()
  const viewer = await viewerContext.newPage()
  await acceptInvitation(viewer, link, 'vera@example.com')
  await expect(viewer.getByRole('link', { name: 'People' })).toHaveCount(0)
  await viewer.getByRole('link', { name: 'Nordic Web Days' }).click()
  await expect(viewer.getByText('You can view this event; your role does not allow changes.')).toBeVisible()
  await expect(viewer.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await viewer.getByRole('link', { name: 'Schedule' }).click()
  await expect(card(viewer, 'Opening keynote')).toBeVisible()
  await expect(viewer.getByRole('button', { name: 'New session' })).toHaveCount(0)
  // And the API itself refuses, whatever a page would send.
  const session = (await (await viewer.request.get(`${system.adminUrl}/auth/session`)).json()) as { data: { csrf_token: string } }
  const write = await viewer.request.patch(`${system.adminUrl}/events/${made.eventId}`, {
    data: { name: 'Taken over' },
    headers: { 'X-CSRF-Token': session.data.csrf_token, Origin: new URL(system.adminUrl).origin },
  })
  expect(write.status()).toBe(403)
  expect(await write.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } })
  await viewerContext.close()
})
