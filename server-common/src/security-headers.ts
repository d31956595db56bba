import type { Middleware } from 'koa'

/**
 * The Content-Security-Policy of an HTML answer that brings none of its own (the embed server's
 * first screens, say): nothing runs and nothing is fetched (inline styles and images aside), no
 * form is sent anywhere, and no page may frame it.
 */
export const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

const HTML_TYPE = /^\s*text\/html\b/i

/**
 * The security headers of an answer of `contentType`: `X-Content-Type-Options: nosniff` on every
 * answer (a browser must never take our JSON or a widget file for another type), and for HTML
 * also `HTML_CSP` and `X-Frame-Options: DENY` (the same rule for browsers that know no
 * `frame-ancestors`). The one rule, which `securityHeaders` applies in Koa and which servers that
 * write answers themselves (the embed hot path, `listen`'s answers to unreadable requests) spread
 * into theirs.
 *
 * @example
 * res.writeHead(200, { 'X-Request-Id': id, ...securityHeadersOf('application/json') })
 */
export function securityHeadersOf(contentType = ''): Record<string, string> {
  return HTML_TYPE.test(contentType)
    ? { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': HTML_CSP, 'X-Frame-Options': 'DENY' }
    : { 'X-Content-Type-Options': 'nosniff' }
}

/**
 * Koa middleware of every server, right inside `requestContext`: `nosniff` is set before the
 * request goes on (so errors, streams and files carry it too); once it is answered, an HTML answer
 * gets the HTML headers of `securityHeadersOf`, except those a route set itself (the admin API's
 * `/docs`, the cancel page and the demo page bring a policy that fits them).
 *
 * @example
 * app.use(requestContext(logger, { trustProxy: config.trustProxy }))
 * app.use(securityHeaders())
 */
export function securityHeaders(): Middleware {
  const always = securityHeadersOf()
  return async (ctx, next) => {
    ctx.set(always)
    await next()
    // A stream written by hand (`ctx.respond = false`) has sent its headers already.
    if (ctx.headerSent || !HTML_TYPE.test(ctx.response.get('Content-Type'))) return
    for (const [name, value] of Object.entries(securityHeadersOf(ctx.response.get('Content-Type')))) {
      if (!ctx.response.get(name)) ctx.set(name, value)
    }
  }
}
