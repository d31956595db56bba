// Web Awesome's default icon library loads Font Awesome from a CDN: offline, and refused by the
// console's CSP. Its built-in "system" library holds its icons inline (data: URIs), so the
// default library is pointed at it: any <wa-icon name> a component draws resolves locally, and
// an unknown name draws nothing instead of fetching.
import { registerIconLibrary } from '@awesome.me/webawesome/dist/components/icon/library.js'
import systemLibrary from '@awesome.me/webawesome/dist/components/icon/library.system.js'

registerIconLibrary('default', { resolver: systemLibrary.resolver, mutator: systemLibrary.mutator })
