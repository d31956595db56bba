import type { APIRequestContext, Page } from '@playwright/test'
import type { RunningSystem } from '../harness/system.ts'

/** What the demo server hands its page at `GET /config.json`. */
export interface DemoConfig {
  adminUrl: string
  embedUrl: string
  loaderUrl: string
  eventId: string
  token: string
}

/** The demo configuration of a running system. */
export async function demoConfig(system: RunningSystem): Promise<DemoConfig> {
  const response = await fetch(`${system.demoUrl}/config.json`)
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`)
  return (await response.json()) as DemoConfig
}

/**
 * Reads the demo event through the embed API as the demo page does (its token only works with the
 * demo's `Origin`).
 */
export async function demoEventData<T>(request: APIRequestContext, system: RunningSystem, config: DemoConfig, path: string): Promise<T> {
  const url = `${config.embedUrl}/v1/events/${config.eventId}${path}?token=${encodeURIComponent(config.token)}`
  const response = await request.get(url, { headers: { Origin: system.demoUrl } })
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`)
  return ((await response.json()) as { data: T }).data
}

/** The tag names a custom-elements manifest declares. */
export function manifestTags(manifest: { modules?: { declarations?: { customElement?: boolean; tagName?: string }[] }[] }): string[] {
  return (manifest.modules ?? [])
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName)
    .map((d) => d.tagName as string)
}

/**
 * Loads `url` (a real response of the server whose origin the page needs: the demo server, whose
 * token works on its own origin only and which has no page of ours to paste into) and replaces its
 * content with `html`, parsed as a page parses it, scripts included. Neither a routed response nor
 * `page.setContent` will do: Chromium's Local Network Access lets only pages that came from a
 * loopback address load the loopback embed server, and a document rewritten with
 * `document.write` does not upgrade the custom elements.
 */
export async function openPastedPage(page: Page, url: string, html: string): Promise<void> {
  await page.goto(url)
  await pasteIntoPage(page, html)
}

/** Replaces the content of the page open in `page` with `html`, as `openPastedPage` does. */
export async function pasteIntoPage(page: Page, html: string): Promise<void> {
  await page.evaluate((snippet) => {
    document.title = 'My site'
    document.documentElement.lang = 'en'
    document.body.replaceChildren(document.createRange().createContextualFragment(snippet))
  }, html)
}
