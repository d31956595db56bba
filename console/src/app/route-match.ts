// Matching a path against the routes table: pure, so the table's patterns are tested in Node.

/** A route: `/console/events/:eventId/schedule` → the custom element that draws it. */
export interface RouteDefinition {
  pattern: string
  tag: string
  load: () => Promise<unknown>
  /** Reachable without a session (sign-in, links); drawn without the navigation. */
  public?: boolean
}

export interface RouteMatch<R extends RouteDefinition = RouteDefinition> {
  route: R
  params: Record<string, string>
}

const trim = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)

/**
 * The first route whose pattern fits the path, with its `:params` decoded.
 *
 * @example
 * matchRoute(routes, '/console/events/42/schedule') // {route: …, params: {eventId: '42'}}
 */
export function matchRoute<R extends RouteDefinition>(routes: readonly R[], pathname: string): RouteMatch<R> | undefined {
  const parts = trim(pathname).split('/')
  for (const route of routes) {
    const pattern = trim(route.pattern).split('/')
    if (pattern.length !== parts.length) continue
    const params: Record<string, string> = {}
    let fits = true
    for (let i = 0; i < pattern.length && fits; i++) {
      const want = pattern[i]!
      const have = parts[i]!
      if (want.startsWith(':')) {
        if (have === '') fits = false
        else {
          try {
            params[want.slice(1)] = decodeURIComponent(have)
          } catch {
            fits = false
          }
        }
      } else if (want !== have) fits = false
    }
    if (fits) return { route, params }
  }
  return undefined
}

/**
 * Where to go after signing in: `next` when it is a console path of this site, else the home.
 * (An open redirect through ?next= would let a link send people elsewhere after sign-in.)
 */
export function safeNext(next: string | null | undefined): string {
  if (next?.startsWith('/console/') && !next.includes('\\')) return next
  return '/console/'
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInUrl(path: string): string {
  return path === '/console/' || path === '/console' ? '/console/sign-in' : `/console/sign-in?next=${encodeURIComponent(path)}`
}
