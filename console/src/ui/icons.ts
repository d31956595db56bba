// Web Awesome's components draw their few icons from its "system" library, which keeps them as
// data: URIs that it fetch()es (refused by the console's CSP); its "default" library loads Font
// Awesome from a CDN (offline, and refused too). Both are pointed at the same icons published as
// files of the console's build (vite-plugin-icons.ts): same origin, allowed, cached for a year.
// An unknown name draws the question-mark icon rather than fetching anything.
import { registerIconLibrary } from '@awesome.me/webawesome/dist/components/icon/library.js'
import urls from 'virtual:console-icons'

function resolver(name: string, _family: string, variant = 'solid'): string {
  return urls[`${variant}/${name}`] ?? urls[`solid/${name}`] ?? urls[`regular/${name}`] ?? urls['regular/circle-question'] ?? ''
}

/** The icons are one-colour outlines: they take the text colour, as the system library's do. */
function mutator(svg: SVGElement): void {
  if (!svg.hasAttribute('fill')) svg.setAttribute('fill', 'currentColor')
}

registerIconLibrary('system', { resolver, mutator })
registerIconLibrary('default', { resolver, mutator })
