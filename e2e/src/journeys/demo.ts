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
 * Opens `html` as a fresh page served from `origin` (answered by the browser's router, so it needs
 * no file on that server): the page a site owner pastes a snippet into.
 */
export async function openPastedPage(page: Page, origin: string, html: string, path = '/pasted-snippet.html'): Promise<void> {
  const url = `${origin}${path}`
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>My site</title></head>\n<body>\n${html}</body>\n</html>\n`,
    }),
  )
  await page.goto(url)
}
