import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, BrowserContextOptions, Locator, Page } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { REPO_ROOT } from '../src/harness/repo.ts'
import type { RunningSystem } from '../src/harness/system.ts'
import { demoConfig } from '../src/journeys/demo.ts'
import { expectNoErrorState } from '../src/journeys/widget-states.ts'

// Quality of every console screen, signed in as the demo organiser on the demo event: axe-core
// finds no `serious` or `critical` violation in the light and the dark theme (the stored choice
// the console's toggle makes), and at 375 px the page never scrolls sideways (a wide part of a
// screen scrolls inside its own box, as the schedule's grid does). One test per screen, so a
// failure names it.
//
// DOCS_IMAGES=1 also saves each screen into docs/images/console-<screen>-<theme>-<width>.png: at
// 1280 and 375 px in the light theme, and the events list and the schedule at 1280 px in the dark.

type Theme = 'light' | 'dark'
const THEMES: Theme[] = ['light', 'dark']
const WIDE = { width: 1280, height: 800 }
const NARROW = { width: 375, height: 812 }
/** Screens pictured in the dark theme too. */
const DARK_PICTURES = new Set(['events', 'schedule'])

/** What the setup made and found: ids the screens' addresses need. */
interface Fixture {
  /** The demo organiser's signed-in browser state (the session cookie). */
  signedIn: NonNullable<BrowserContextOptions['storageState']>
  eventId: string
  speakerId: string
  tokenId: string
  webhookId: string
  /** An invitation's one-time link (never used), for the link page. */
  inviteUrl: string
  /** The demo page's embed token (its value), for the snippet builder's preview. */
  demoToken: string
}

let fixture: Fixture

interface Screen {
  /** The file name's part and the test's name. */
  name: string
  /** Signed out (no session cookie). */
  public?: boolean
  path(f: Fixture): string
  /** The page's h1. */
  heading: string | RegExp
  /** What shows once the screen's data is drawn, beyond its heading. */
  ready?(page: Page): Locator
  /** What a person does first on the screen, for it to show what it is for (the check-in's search). */
  prepare?(page: Page): Promise<void>
  /** The part of a long screen its pictures show (scrolled to the top), rather than its top. */
  pictured?(page: Page): Locator
}

const SCREENS: Screen[] = [
  { name: 'sign-in', public: true, path: () => 'sign-in', heading: 'Sign in to the console' },
  {
    name: 'link',
    public: true,
    path: (f) => new URL(f.inviteUrl).pathname.replace(/^\/console\//, ''),
    heading: /^Join /,
    ready: (page) => page.getByLabel('New password'),
  },
  { name: 'events', path: () => '', heading: 'Events', ready: (page) => page.getByRole('link', { name: /^Spree Summit/ }) },
  {
    name: 'event',
    path: (f) => `events/${f.eventId}`,
    heading: /^Spree Summit/,
    ready: (page) => page.getByLabel('Name', { exact: true }),
  },
  { name: 'schedule', path: (f) => `events/${f.eventId}/schedule`, heading: /Schedule|Spree Summit/ },
  {
    name: 'speakers',
    path: (f) => `events/${f.eventId}/speakers`,
    heading: /Speakers|Spree Summit/,
    ready: (page) => page.getByText('Amara Okafor'),
  },
  {
    name: 'speaker',
    path: (f) => `events/${f.eventId}/speakers/${f.speakerId}`,
    heading: /./,
    ready: (page) => page.getByLabel('Name', { exact: true }),
  },
  {
    name: 'registrations',
    path: (f) => `events/${f.eventId}/registrations`,
    heading: /Registrations|Spree Summit/,
    ready: (page) => page.getByText('Ada Lovelace'),
  },
  {
    name: 'check-in',
    path: (f) => `events/${f.eventId}/check-in`,
    heading: /Check-in|Spree Summit/,
    prepare: async (page) => {
      await page.getByLabel('Search').fill('Ada')
      await expect(page.getByText('Ada Lovelace', { exact: true }).first()).toBeVisible()
    },
  },
  {
    name: 'import',
    path: (f) => `events/${f.eventId}/import`,
    heading: 'Import',
    ready: (page) => page.getByRole('heading', { name: 'Follow a source' }),
  },
  { name: 'tokens', path: () => 'tokens', heading: 'Embed tokens' },
  {
    name: 'token',
    path: (f) => `tokens/${f.tokenId}`,
    heading: /./,
    ready: (page) => page.getByRole('heading', { name: 'Snippet builder' }),
    // The live preview: the console's origin allowed on the demo page's token, its value pasted.
    prepare: async (page) => {
      const allow = page.getByRole('button', { name: 'Allow the console’s origin' })
      if (await allow.isVisible()) {
        await allow.click()
        await expect(allow).toBeHidden()
      }
      await page.getByLabel('Token value').fill(fixture.demoToken)
      const preview = page.frameLocator('iframe').locator('service-schedule')
      await expect(preview.getByRole('tab').first()).toBeVisible()
      await expect(preview.getByText('Loading…')).toHaveCount(0)
      await expectNoErrorState(preview)
    },
    pictured: (page) => page.getByRole('heading', { name: 'Snippet builder' }),
  },
  {
    name: 'webhooks',
    path: () => 'webhooks',
    heading: 'Webhooks',
    ready: (page) => page.getByText('https://hooks.example.com/console-quality'),
  },
  {
    name: 'webhook',
    path: (f) => `webhooks/${f.webhookId}`,
    heading: /./,
    ready: (page) => page.getByRole('heading', { name: 'Delivery log' }),
  },
  { name: 'settings', path: () => 'settings', heading: 'Settings', ready: (page) => page.getByRole('heading', { name: 'API keys' }) },
  { name: 'people', path: () => 'people', heading: /People/, ready: (page) => page.getByRole('main').getByText('sam.editor@example.com') },
  { name: 'password', path: () => 'password', heading: 'Change password' },
  { name: 'not-found', path: () => 'no-such-page', heading: 'Page not found' },
]

/** The admin API with the demo organiser's cookie: CSRF token and same-origin Origin on writes. */
async function cookieApi(request: APIRequestContext, system: RunningSystem) {
  const origin = new URL(system.adminUrl).origin
  const session = await request.get(`${system.adminUrl}/auth/session`)
  expect(session.ok(), await session.text()).toBe(true)
  const { csrf_token: csrf } = ((await session.json()) as { data: { csrf_token: string } }).data
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(`${system.adminUrl}${path}`, {
      method,
      data,
      headers: method === 'GET' ? {} : { 'X-CSRF-Token': csrf, Origin: origin },
    })
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true)
    return ((await response.json()) as { data: T }).data
  }
  return call
}

test.beforeAll(async ({ browser, system }) => {
  test.setTimeout(120_000)
  if (!system.demoSignInUrl) throw new Error('the system started without the demo organiser')
  // The demo organiser signs in with the link the start printed, as a person at the machine does.
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(system.demoSignInUrl)
  await page.getByRole('button', { name: 'Sign in as demo@example.com' }).click()
  await expect(page).toHaveURL(system.consoleUrl)
  const api = await cookieApi(context.request, system)

  const events = await api<{ id: string; name: string }[]>('GET', '/events')
  const eventId = events.find((e) => e.name.startsWith('Spree Summit'))!.id
  const speakers = await api<{ id: string }[]>('GET', `/speakers?event_id=${eventId}&limit=1`)
  const tokens = await api<{ id: string }[]>('GET', `/embed-tokens?event_id=${eventId}`)
  const webhook = await api<{ id: string }>('POST', '/webhooks', {
    url: 'https://hooks.example.com/console-quality',
    description: 'Rebuilds the conference site',
    events: ['*'],
    // Nothing is sent to a host that does not exist (the page is the same, its log empty).
    enabled: false,
  })
  const invited = await api<{ sign_in_url: string }>('POST', '/users', {
    email: 'sam.editor@example.com',
    role: 'editor',
    name: 'Sam Editor',
  })

  // Two visitors register through the demo page's form's API (registrations come from the embed API).
  const demo = await demoConfig(system)
  for (const [name, email, ticket] of [
    ['Ada Lovelace', 'ada.lovelace@example.com', 'standard'],
    ['Grace Hopper', 'grace.hopper@example.com', 'student'],
  ] as const) {
    const response = await context.request.post(`${demo.embedUrl}/v1/events/${eventId}/registrations?token=${demo.token}`, {
      headers: { Origin: system.demoUrl },
      data: { name, email, ticket_id: ticket, answers: { diet: 'Vegetarian', company: 'Analytical Engines' }, consent: true, locale: 'en' },
    })
    expect(response.status(), await response.text()).toBe(201)
  }
  // The organiser confirms one of them (the other waits for its emailed link): the check-in counts it.
  const registrations = await api<{ id: string; name: string }[]>('GET', `/registrations?event_id=${eventId}`)
  const ada = registrations.find((r) => r.name === 'Ada Lovelace')!
  await api('PATCH', `/registrations/${ada.id}`, { status: 'registered' })

  fixture = {
    signedIn: await context.storageState(),
    eventId,
    speakerId: speakers[0]!.id,
    tokenId: tokens[0]!.id,
    webhookId: webhook.id,
    inviteUrl: invited.sign_in_url,
    demoToken: demo.token,
  }
  await context.close()
})

/**
 * Opens a console address and waits for the console to start (it sets the theme first). Once
 * more when it did not: in a working copy where another process rebuilds console/dist while this
 * system runs (a second `npm start`, another test run), the page may name files the rebuild just
 * replaced.
 */
async function openConsole(page: Page, url: string, theme: Theme): Promise<void> {
  const started = () => expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bwa-dark\b/ : /\bwa-light\b/, { timeout: 10_000 })
  await page.goto(url)
  try {
    await started()
  } catch {
    await page.goto(url)
    await started()
  }
}

/** Waits until the screen is drawn: its heading, its data, no spinner, no transition running. */
async function screenDrawn(page: Page, screen: Screen): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: screen.heading }).first()).toBeVisible()
  if (screen.ready) await expect(screen.ready(page).first()).toBeVisible()
  await expect(page.locator('wa-spinner:visible')).toHaveCount(0)
  // Axe measures colours as they are now: the theme's colour transitions must have ended.
  await page.evaluate(async () => {
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition)
    await Promise.allSettled(transitions.map((a) => a.finished))
  })
}

/**
 * axe-core's violations, one line per rule with the elements it found: the serious and critical
 * ones, and the others (moderate, minor), which the test notes without failing.
 */
async function axeViolations(page: Page): Promise<{ serious: string[]; other: string[] }> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const line = (v: (typeof violations)[number]) =>
    `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  return { serious: serious.map(line), other: violations.filter((v) => !serious.includes(v)).map(line) }
}

/**
 * How far the page scrolls sideways, and the elements that stick out of the viewport, walking
 * open shadow roots, outside boxes that scroll by themselves.
 */
async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const culprits: string[] = []
    const describe = (el: Element) =>
      `${el.localName}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`
    const scrolls = (el: Element) => {
      const { overflowX } = getComputedStyle(el)
      return overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip'
    }
    const walk = (root: Element | ShadowRoot, path: string) => {
      for (const el of root.children) {
        const here = `${path} > ${describe(el)}`
        const box = el.getBoundingClientRect()
        if (box.width > 0 && box.right > innerWidth + 1 && getComputedStyle(el).position !== 'fixed')
          culprits.push(`${here} (right ${Math.round(box.right)})`)
        if (scrolls(el)) continue
        if (el.shadowRoot) walk(el.shadowRoot, here)
        walk(el, here)
      }
    }
    walk(document.body, 'body')
    // The deepest ones say most: keep those no other culprit lies inside.
    const deepest = culprits.filter((c) => !culprits.some((other) => other !== c && other.startsWith(c.replace(/ \(right \d+\)$/, ''))))
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth, culprits: deepest.slice(0, 8) }
  })
}

async function picture(page: Page, screen: Screen, theme: Theme, width: number): Promise<void> {
  if (!process.env.DOCS_IMAGES) return
  await screen.pictured?.(page).evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }))
  await page.screenshot({ path: join(REPO_ROOT, 'docs/images', `console-${screen.name}-${theme}-${width}.png`), animations: 'disabled' })
}

for (const screen of SCREENS) {
  test(`console screen: ${screen.name}`, async ({ browser, system }, testInfo) => {
    test.setTimeout(120_000)
    const problems: string[] = []
    for (const theme of THEMES) {
      const context = await browser.newContext({
        storageState: screen.public ? undefined : fixture.signedIn,
        viewport: WIDE,
        locale: 'en-GB',
        timezoneId: 'Europe/Berlin',
      })
      // The stored choice, as the theme toggle leaves it.
      await context.addInitScript((chosen) => localStorage.setItem('console.theme', chosen), theme)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      try {
        await openConsole(page, `${system.consoleUrl}${screen.path(fixture)}`, theme)
        await screenDrawn(page, screen)
        await screen.prepare?.(page)
        const found = await axeViolations(page)
        for (const line of found.serious) problems.push(`${theme}: ${line}`)
        for (const line of found.other) testInfo.annotations.push({ type: 'axe', description: `${theme}: ${line}` })
        if (theme === 'light' || DARK_PICTURES.has(screen.name)) await picture(page, screen, theme, WIDE.width)

        await page.setViewportSize(NARROW)
        await screenDrawn(page, screen)
        const overflow = await sidewaysOverflow(page)
        if (overflow.scrollWidth > overflow.innerWidth)
          problems.push(
            `${theme}: at ${NARROW.width} px the page is ${overflow.scrollWidth} px wide: ${overflow.culprits.join('; ') || 'no element found'}`,
          )
        if (theme === 'light') await picture(page, screen, theme, NARROW.width)
        for (const error of errors) problems.push(`${theme}: uncaught ${error}`)
      } finally {
        await context.close()
      }
    }
    expect(problems).toEqual([])
  })
}
