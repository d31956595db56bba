// Writes dist/inputs.json: every source file of the repository the build read (the console's own,
// and what it imports from the widgets, the demo and db), so build-if-stale.mjs can tell that a
// change in any of them makes dist/ stale without keeping a list by hand.
import { relative } from 'node:path'
import type { Plugin } from 'vite'

export function consoleInputs(): Plugin {
  let root = ''
  return {
    name: 'console-inputs',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle() {
      const files = [...this.getModuleIds()]
        .filter((id) => !id.startsWith('\0') && !id.includes('/node_modules/') && !id.includes('?'))
        .map((id) => relative(root, id))
        .sort()
      this.emitFile({ type: 'asset', fileName: 'inputs.json', source: `${JSON.stringify(files, null, 1)}\n` })
    },
  }
}
