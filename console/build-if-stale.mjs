// ensureConsoleBuilt(): builds console/dist/ only when it is missing or older than a source file,
// so `npm start` on a fresh clone serves the console with no manual build. Prints one line when it builds.
import { spawn } from 'node:child_process'
import { readdir, readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(fileURLToPath(import.meta.url))
/** Inputs of the build besides the source files it read (those are listed in dist/inputs.json). */
const INPUTS = ['package.json', 'tsconfig.json', 'vite.config.ts', 'vite-plugin-icons.ts', 'vite-plugin-inputs.ts', 'index.html']
const OUTPUT = 'dist/index.html'
/** Written by the build (vite-plugin-inputs.ts): every source file it read, relative to console/. */
const READ = 'dist/inputs.json'

async function newestIn(dir) {
  let newest = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue
    const { mtimeMs } = await stat(join(entry.parentPath ?? entry.path, entry.name))
    if (mtimeMs > newest) newest = mtimeMs
  }
  return newest
}

/** The newest of the files the last build read; a file gone since counts as changed now. */
async function newestRead() {
  const files = JSON.parse(await readFile(join(root, READ), 'utf8'))
  let newest = 0
  for (const file of files) {
    try {
      newest = Math.max(newest, (await stat(join(root, file))).mtimeMs)
    } catch {
      return Infinity
    }
  }
  return newest
}

/** True when dist/ is missing or older than any input: the files it was built from, src/ (a new file), the configuration. */
export async function consoleIsStale() {
  let built
  try {
    built = (await stat(join(root, OUTPUT))).mtimeMs
    let newest = Math.max(await newestRead(), await newestIn(join(root, 'src')))
    for (const input of INPUTS) newest = Math.max(newest, (await stat(join(root, input))).mtimeMs)
    return newest > built
  } catch {
    return true
  }
}

/** Runs `vite build` in console/ (Vite's own CLI, so the config file is read as in `npm run build`). */
function viteBuild() {
  // createRequire rather than import.meta.resolve: Vitest's module runner, which loads this file
  // in the test suite's global set-up, does not support the latter.
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js')
  return new Promise((resolve, reject) => {
    // Production whatever the caller runs in: under Vitest (NODE_ENV=test) Vite would bundle Lit's
    // development build, and that dist/ would then look up to date to `npm start`.
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
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
