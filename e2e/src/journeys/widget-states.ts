import { expect, type Locator, type Page } from '@playwright/test'

/** Every element a site owner can embed, in the order of SPEC.md 4.4. */
export const WIDGET_TAGS = [
  'service-schedule',
  'service-session-list',
  'service-session-detail',
  'service-speakers',
  'service-speaker-card',
  'service-registration',
] as const

/** What the widgets say for each rejection of the embed API (widgets/src/i18n/en.ts). */
export const ERROR_TEXT = {
  ORIGIN_NOT_ALLOWED: /This site is not in the token.s allowed origins/,
  TOKEN_DISABLED: /This embed token has been disabled/,
  TOKEN_REVOKED: /This embed token has been revoked/,
} as const

const ANY_ERROR = /This content cannot be shown/

/** Waits until no widget on the page is still loading. */
export async function widgetsSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('Loading…')).toHaveCount(0)
}

/** Every widget on the page shows the error state with `message`. */
export async function expectEveryWidgetToSay(page: Page, message: RegExp): Promise<void> {
  for (const tag of WIDGET_TAGS) {
    await expect(page.locator(tag).getByText(message), `${tag} says ${message}`).toBeVisible()
  }
}

/** No widget in `scope` shows an error state. */
export async function expectNoErrorState(scope: Page | Locator): Promise<void> {
  await expect(scope.getByText(ANY_ERROR)).toHaveCount(0)
}
