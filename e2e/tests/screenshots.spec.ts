import { join } from 'node:path'
import { expect, test } from '../src/fixtures.ts'
import { REPO_ROOT } from '../src/harness/repo.ts'
import { demoConfig, demoEventData, openPastedPage, type DemoConfig } from '../src/journeys/demo.ts'
import { expectNoErrorState, WIDGET_TAGS, widgetsSettled } from '../src/journeys/widget-states.ts'

// Screenshots of every widget in both themes, against the demo event's realistic data, kept as
// test artifacts (test-results/ and the HTML report) for a person to look at.

let config: DemoConfig
let firstSessionId: string
let firstSpeakerId: string

test.beforeAll(async ({ system, playwright }) => {
  config = await demoConfig(system)
  const request = await playwright.request.newContext()
  const sessions = await demoEventData<{ id: string; speakers: unknown[]; description: string | null }[]>(
    request,
    system,
    config,
    '/sessions',
  )
  const speakers = await demoEventData<{ id: string }[]>(request, system, config, '/speakers')
  await request.dispose()
  firstSessionId = (sessions.find((s) => s.speakers.length > 0 && s.description) ?? sessions[0]!).id
  firstSpeakerId = speakers[0]!.id
})

for (const theme of ['light', 'dark'] as const) {
  for (const tag of WIDGET_TAGS) {
    test(`${tag} in the ${theme} theme`, async ({ page, system }, testInfo) => {
      await page.setViewportSize({ width: 1100, height: 900 })
      const ids =
        tag === 'service-session-detail'
          ? ` session-id="${firstSessionId}"`
          : tag === 'service-speaker-card'
            ? ` speaker-id="${firstSpeakerId}"`
            : ''
      const background = theme === 'dark' ? '#0b0f1a' : '#ffffff'
      // The demo token works on the demo's origin only, so the page is served from there.
      await openPastedPage(
        page,
        `${system.demoUrl}/healthz`,
        `<style>body { margin: 0; padding: 24px; background: ${background}; }</style>
<script async src="${config.loaderUrl}"></script>
<${tag} event-id="${config.eventId}" token="${config.token}" theme="${theme}"${ids}></${tag}>`,
      )
      await widgetsSettled(page)
      await expectNoErrorState(page)
      const widget = page.locator(tag)
      await expect(widget).toBeVisible()
      const path = testInfo.outputPath(`${tag}-${theme}.png`)
      await widget.screenshot({ path, animations: 'disabled' })
      await testInfo.attach(`${tag}-${theme}`, { path, contentType: 'image/png' })
    })
  }

  for (const width of [1280, 375]) {
    test(`the demo page in the ${theme} theme at ${width} px`, async ({ page, system }, testInfo) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.setViewportSize({ width, height: 900 })
      await page.goto(system.demoUrl)
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await widgetsSettled(page)
      const path = testInfo.outputPath(`demo-page-${theme}-${width}.png`)
      await page.screenshot({ path, fullPage: true, animations: 'disabled' })
      await testInfo.attach(`demo-page-${theme}-${width}`, { path, contentType: 'image/png' })
      // DOCS_IMAGES=1 refreshes the pictures of docs/images: the gallery as a visitor scrolls to
      // it (README's picture is the light one at 1280 px).
      if (process.env.DOCS_IMAGES) {
        await page.evaluate(() => {
          const top = document.querySelector('#gallery')!.getBoundingClientRect().top + scrollY
          scrollTo({ top, behavior: 'instant' })
        })
        const name = theme === 'light' && width === 1280 ? 'widgets' : `demo-gallery-${theme}-${width}`
        await page.screenshot({ path: join(REPO_ROOT, 'docs/images', `${name}.png`), animations: 'disabled' })
      }
    })
  }
}

test('the registration form and its email in the demo mailbox', async ({ page, system }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(system.demoUrl)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  await widgetsSettled(page)
  const card = page.locator('#gallery-grid .card', { has: page.locator('service-registration') })
  const form = card.locator('service-registration')
  await form.getByLabel('Full name').fill('Ada Lovelace')
  await form.getByLabel('Email').fill('ada.lovelace@example.com')
  await form.getByRole('radio', { name: /Workshop day/ }).check()
  await form.getByRole('group', { name: 'Dietary requirements' }).getByLabel('Vegetarian').check()
  await form.getByRole('group', { name: 'Which workshop?' }).getByLabel('Accessibility').check()
  await form.getByLabel('I agree to the privacy notice.').check()
  const formShot = testInfo.outputPath('registration-form.png')
  await card.screenshot({ path: formShot, animations: 'disabled' })
  await testInfo.attach('registration-form', { path: formShot, contentType: 'image/png' })
  // DOCS_IMAGES=1 refreshes README's pictures of registration: the form filled in, then the email.
  if (process.env.DOCS_IMAGES) await card.screenshot({ path: join(REPO_ROOT, 'docs/images/registration-form.png'), animations: 'disabled' })

  await form.getByRole('button', { name: 'Register' }).click()
  await expect(form.getByText('We have sent a link to')).toBeVisible()
  const mail = page.locator('#mailbox-list li', { hasText: 'ada.lovelace@example.com' }).first()
  await mail.locator('summary').click()
  const mailbox = page.locator('#mailbox')
  const mailboxShot = testInfo.outputPath('registration-mailbox.png')
  await mailbox.screenshot({ path: mailboxShot, animations: 'disabled' })
  await testInfo.attach('registration-mailbox', { path: mailboxShot, contentType: 'image/png' })
  if (process.env.DOCS_IMAGES)
    await mailbox.screenshot({ path: join(REPO_ROOT, 'docs/images/registration-mailbox.png'), animations: 'disabled' })
})
