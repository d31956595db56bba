import { expect, type Locator, type Page } from '@playwright/test'
import { WIDGET_TAGS } from '@event-service/widgets/element-tags'

/** Every element a site owner can embed. */
export { WIDGET_TAGS }

/**
 * What the widgets tell the site owner for each rejection of the embed API, in the error box's
 * collapsed "Details for the site owner" and in the console (widgets/src/i18n/en.ts).
 */
export const ERROR_TEXT = {
  ORIGIN_NOT_ALLOWED: /is not in the token.s allowed origins\. Add http:\/\/[^ ]+ to the token.s allowedOrigins/,
  TOKEN_DISABLED: /This embed token has been disabled/,
  TOKEN_REVOKED: /This embed token has been revoked/,
} as const

/** What a visitor sees when the site owner must fix something: calm, and nothing about tokens. */
export const VISITOR_TEXT = 'This content is not available right now.'

/** Waits until no widget on the page is still loading. */
export async function widgetsSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('Loading…')).toHaveCount(0)
}

/**
 * Every widget on the page shows the error state: the visitor's calm sentence, and `message` for
 * the site owner once they open the box's detail.
 */
export async function expectEveryWidgetToSay(page: Page, message: RegExp): Promise<void> {
  for (const tag of WIDGET_TAGS) {
    const box = page.locator(tag).locator('[part=error]')
    await expect(box.getByText(VISITOR_TEXT), `${tag} tells visitors`).toBeVisible()
    await expect(box.getByText(message), `${tag} keeps the owner's detail collapsed`).toBeHidden()
    await box.getByText('Details for the site owner').click()
    await expect(box.getByText(message), `${tag} says ${message}`).toBeVisible()
  }
}

/** No widget in `scope` shows an error state. */
export async function expectNoErrorState(scope: Page | Locator): Promise<void> {
  await expect(scope.locator('[part=error]')).toHaveCount(0)
}

/**
 * Records what the page reports while a journey runs: uncaught errors (`pageerror`) and the
 * widgets' console warnings.
 */
export function watchConsole(page: Page): { pageErrors: string[]; warnings: string[] } {
  const seen = { pageErrors: [] as string[], warnings: [] as string[] }
  page.on('pageerror', (error) => seen.pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'warning') seen.warnings.push(message.text())
  })
  return seen
}

/**
 * Holds the widgets' code (their chunks) back until the returned `release` is called: the loader
 * and the server's first screens come anyway, so a test sees and uses the first screens alone.
 */
export async function holdCode(page: Page): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/v1/chunks/**', async (route) => {
    await held
    await route.continue()
  })
  return release
}
