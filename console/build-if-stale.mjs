// ensureConsoleBuilt(): builds console/dist/ only when it is missing or older than a source file,
// so `npm start` on a fresh clone serves the console with no manual build. Prints one line when it builds.
import { spawn } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(fileURLToPath(import.meta.url))
/** Inputs of the build besides src/ (the widgets' rich text renders the description preview). */
const INPUTS = ['package.json', 'tsconfig.json', 'vite.config.ts', 'index.html', 'vite-plugin-icons.ts', '../widgets/src/format/rich-text.ts']
const OUTPUT = 'dist/index.html'

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
export async function consoleIsStale() {
  let built
  try {
    built = (await stat(join(root, OUTPUT))).mtimeMs
  } catch {
    return true
  }
  let newest = await newestIn(join(root, 'src'))
  for (const input of INPUTS) newest = Math.max(newest, (await stat(join(root, input))).mtimeMs)
  return newest > built
}

/** Runs `vite build` in console/ (Vite's own CLI, so the config file is read as in `npm run build`). */
function viteBuild() {
  const vite = join(dirname(fileURLToPath(import.meta.resolve('vite/package.json'))), 'bin/vite.js')
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))))
  })
}

/**
 * Builds the console for the admin server when its output is missing or stale.
 *
 * @example
 * import { ensureConsoleBuilt } from '@event-service/console/build-if-stale';
 * await ensureConsoleBuilt(); // before serving console/dist/ at /console/
 * @returns whether a build ran
 */
export async function ensureConsoleBuilt({ log = (line) => console.log(line) } = {}) {
  if (!(await consoleIsStale())) return false
  log('Building the console (console/dist)…')
  await viteBuild()
  return true
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await ensureConsoleBuilt()
