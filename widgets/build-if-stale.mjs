// ensureWidgetsBuilt(): builds widgets/dist/ only when it is missing or older than a source file,
// so `npm start` on a fresh clone needs no manual build. Prints one line when it builds.
import { readdir, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(fileURLToPath(import.meta.url))
/** Inputs of the dist build besides src/. */
const INPUTS = ['package.json', 'tsconfig.json', 'scripts/build.mjs', 'custom-elements-manifest.config.mjs']
/** Outputs that must all exist. */
const OUTPUTS = [
  'dist/loader.js',
  'dist/custom-elements.json',
  'dist/chunks-manifest.json',
  'dist-server/first-screen.js',
  'dist-server/first-screens.js',
  'dist-server/datetime.js',
  'dist-server/identifiers.js',
  'dist-server/rich-text.js',
]

async function newestIn(dir) {
  let newest = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue
    const { mtimeMs } = await stat(join(entry.parentPath ?? entry.path, entry.name))
    if (mtimeMs > newest) newest = mtimeMs
  }
  return newest
}

/** True when dist/ is missing or older than any input. */
export async function widgetsAreStale() {
  let built = Infinity
  try {
    for (const out of OUTPUTS) built = Math.min(built, (await stat(join(root, out))).mtimeMs)
  } catch {
    return true
  }
  let newest = await newestIn(join(root, 'src'))
  for (const input of INPUTS) newest = Math.max(newest, (await stat(join(root, input))).mtimeMs)
  return newest > built
}

/**
 * Builds the widgets for the embed server when their output is missing or stale.
 *
 * @example
 * import { ensureWidgetsBuilt } from '@event-service/widgets/build-if-stale';
 * await ensureWidgetsBuilt(); // before serving widgets/dist/ at /v1/
 * @returns whether a build ran
 */
export async function ensureWidgetsBuilt({ log = (line) => console.log(line) } = {}) {
  if (!(await widgetsAreStale())) return false
  log('Building widgets (widgets/dist)…')
  const { buildWidgets } = await import('./scripts/build.mjs')
  await buildWidgets()
  return true
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await ensureWidgetsBuilt()
