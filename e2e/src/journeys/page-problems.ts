import type { Page } from '@playwright/test'

/** What went wrong on a page while a journey ran: its policy's refusals and its uncaught errors. */
export interface PageProblems {
  /** Each Content-Security-Policy refusal, as "directive blocked-URI". */
  violations: string[]
  /** Each uncaught error's message. */
  errors: string[]
}

/**
 * Starts recording a page's Content-Security-Policy violations and uncaught errors; call it
 * before the page is opened, and expect both lists empty at the end of the journey.
 *
 * @example
 * const problems = await recordPageProblems(page)
 * await page.goto(url)
 * expect(problems).toEqual({ violations: [], errors: [] })
 */
export async function recordPageProblems(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { violations: [], errors: [] }
  await page.exposeFunction('reportViolation', (text: string) => problems.violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    )
  })
  page.on('pageerror', (err) => problems.errors.push(err.message))
  return problems
}
