import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A web site of its own origin: a stand-in for the site of an organiser who embeds the widgets. */
export interface StaticSite {
  /** `http://127.0.0.1:<port>`: what the browser sends as `Origin`. */
  origin: string
  /** Serves `html` at `path` from now on. */
  setPage(path: string, html: string): void
  /** The absolute URL of `path` on this site. */
  url(path?: string): string
  close(): Promise<void>
}

/**
 * Starts a tiny static HTTP server on 127.0.0.1 with a free port; each one is a distinct origin.
 *
 * @example
 * const site = await startStaticSite()
 * site.setPage('/', embedPage(loaderUrl, '<service-schedule …></service-schedule>'))
 * await page.goto(site.url('/'))
 */
export async function startStaticSite(): Promise<StaticSite> {
  const pages = new Map<string, string>()
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname
    const html = pages.get(path)
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    setPage: (path, html) => void pages.set(path, html),
    url: (path = '/') => new URL(path, origin).toString(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A complete page with the README snippet: the loader script, then the given elements.
 */
export function embedPage(loaderUrl: string, elementsHtml: string, title = 'Our conference'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<script async src="${loaderUrl}"></script>
</head>
<body>
<h1>${title}</h1>
${elementsHtml}
</body>
</html>
`
}
