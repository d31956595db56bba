// Web Awesome's components draw a few icons of their own (a select's chevron, a dialog's close
// button, a checkbox's tick) from its "system" library, which holds them as data: URIs and
// fetch()es them, something the console's CSP (`connect-src 'self' …`) refuses. This plugin
// publishes each of those icons as a file of the build instead (fetched from the console's own
// origin), behind the virtual module `virtual:console-icons`: `{'solid/check': url, …}`.
import type { Plugin } from 'vite'

const VIRTUAL = 'virtual:console-icons'
const RESOLVED = `\0${VIRTUAL}`

export function consoleIcons(): Plugin {
  let build = false
  return {
    name: 'console-icons',
    configResolved(config) {
      build = config.command === 'build'
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined
    },
    async load(id) {
      if (id !== RESOLVED) return undefined
      const { icons } = (await import('@awesome.me/webawesome/dist/components/icon/library.system.js')) as {
        icons: Record<string, Record<string, string>>
      }
      const entries: string[] = []
      for (const [variant, set] of Object.entries(icons)) {
        for (const [name, svg] of Object.entries(set)) {
          const key = JSON.stringify(`${variant}/${name}`)
          if (build) {
            const ref = this.emitFile({ type: 'asset', name: `icon-${variant}-${name}.svg`, source: svg })
            entries.push(`${key}: import.meta.ROLLUP_FILE_URL_${ref}`)
          } else {
            // The dev server sends no CSP: data: URIs save a request per icon.
            entries.push(`${key}: ${JSON.stringify(`data:image/svg+xml,${encodeURIComponent(svg)}`)}`)
          }
        }
      }
      return `export default {${entries.join(',\n')}}`
    },
  }
}
