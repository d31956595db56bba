import { loaderGlobal } from '../loader-global.js'

/**
 * Where the embed API lives when an element has no `api-base`: the folder `loader.js` was served
 * from (`loaderGlobal`), else the page's own origin (bundler
 * users who serve the API themselves).
 */
export function defaultApiRoot(): string {
  const fromLoader = loaderGlobal()?.base
  return fromLoader ?? apiRoot(location.origin)
}

/**
 * Normalises an `api-base` value to the versioned root ending in `/v1/`. Accepts an origin
 * (`https://embed.example.com`) or a URL that already ends in `/v1`.
 *
 * @example apiRoot('http://localhost:3001') === 'http://localhost:3001/v1/'
 */
export function apiRoot(base: string): string {
  const trimmed = new URL(base, location.href).href.replace(/\/+$/, '')
  return /\/v1$/.test(trimmed) ? `${trimmed}/` : `${trimmed}/v1/`
}
