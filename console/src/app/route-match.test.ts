import { describe, expect, it } from 'vitest'
import { matchRoute, type RouteDefinition, safeNext, signInUrl } from './route-match.ts'
import { routes } from './routes.ts'

const route = (pattern: string): RouteDefinition => ({ pattern, tag: 'x-page', load: async () => undefined })

describe('matchRoute', () => {
  const table = [
    route('/console/'),
    route('/console/events/new'),
    route('/console/events/:eventId'),
    route('/console/events/:eventId/schedule'),
  ]

  it('matches literal and parameter segments, first route first', () => {
    expect(matchRoute(table, '/console/')?.route.pattern).toBe('/console/')
    expect(matchRoute(table, '/console/events/new')?.route.pattern).toBe('/console/events/new')
    expect(matchRoute(table, '/console/events/abc')?.params).toEqual({ eventId: 'abc' })
    expect(matchRoute(table, '/console/events/abc/schedule')?.params).toEqual({ eventId: 'abc' })
  })

  it('ignores a trailing slash and decodes parameters', () => {
    expect(matchRoute(table, '/console')?.route.pattern).toBe('/console/')
    expect(matchRoute(table, '/console/events/a%20b/')?.params).toEqual({ eventId: 'a b' })
  })

  it('finds nothing for unknown paths, empty or malformed parameters', () => {
    expect(matchRoute(table, '/console/nope/x/y')).toBeUndefined()
    expect(matchRoute(table, '/console/events//schedule')).toBeUndefined()
    expect(matchRoute(table, '/console/events/%E0%A4%A')).toBeUndefined()
  })

  it('the console table has unique patterns and tags named console-…-page', () => {
    expect(new Set(routes.map((r) => r.pattern)).size).toBe(routes.length)
    for (const r of routes) expect(r.tag).toMatch(/^console-[a-z-]+-page$/)
    expect(matchRoute(routes, '/console/sign-in')?.route.public).toBe(true)
    expect(matchRoute(routes, '/console/link/abc')?.params).toEqual({ token: 'abc' })
  })
})

describe('safeNext', () => {
  it('keeps console paths and refuses anything else', () => {
    expect(safeNext('/console/events/1?tab=x')).toBe('/console/events/1?tab=x')
    expect(safeNext('https://evil.example/')).toBe('/console/')
    expect(safeNext('//evil.example/console/')).toBe('/console/')
    expect(safeNext('/console/\\evil')).toBe('/console/')
    expect(safeNext(null)).toBe('/console/')
  })
})

describe('signInUrl', () => {
  it('carries where to come back to', () => {
    expect(signInUrl('/console/events/1')).toBe('/console/sign-in?next=%2Fconsole%2Fevents%2F1')
    expect(signInUrl('/console/')).toBe('/console/sign-in')
  })
})
