// The servers' build: TypeScript of db, server-common, seed, admin-api, embed-server and scripts compiled
// to each one's dist/ by `tsc -b tsconfig.build.json` (project references; docs/operations.md,
// "Production"). Plain JavaScript: it runs before anything is compiled.
//
//   node scripts/build.mjs              builds the servers (`npm run build` adds the widgets)
//   node scripts/build.mjs --if-stale   builds the servers, the widgets and the console only when
//                                       their output is missing or older than a source (what
//                                       `npm start`, `start:admin` and `start:embed` run)
//
// Concurrent runs (`start:admin` and `start:embed` launched together on a fresh checkout, test
// files in parallel) take turns through a lock directory, so two compilers never write one file.
import { spawn } from 'node:child_process'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
/** Each compiled project: its sources and the build info `tsc -b` writes last. */
const PROJECTS = ['db', 'server-common', 'seed', 'admin-api', 'embed-server', 'scripts']
const SHARED_CONFIGS = ['tsconfig.json', 'tsconfig.build-base.json', 'tsconfig.build.json']
const LOCK_DIR = join(ROOT, 'node_modules/.cache/event-service/build.lock')
const LOCK_WAIT_MS = 10 * 60_000

/** Sources of a project as tsconfig.build.json includes them: no tests, no test helpers, no output. */
const isSource = (path) =>
  path.endsWith('.ts') &&
  !path.endsWith('.test.ts') &&
  !/(^|\/)(dist|testing|node_modules)(\/|$)/.test(path) &&
  !/(^|\/)testing\.ts$/.test(path)

async function newestSource(project) {
  const dir = join(ROOT, project)
  // scripts/ compiles only its top-level files; the packages compile src/.
  const base = project === 'scripts' ? dir : join(dir, 'src')
  const entries = await readdir(base, { recursive: project !== 'scripts', withFileTypes: true })
  let newest = 0
  for (const entry of entries) {
    const path = join(entry.parentPath ?? entry.path, entry.name)
    if (!entry.isFile() || !isSource(path.slice(base.length + 1))) continue
    newest = Math.max(newest, (await stat(path)).mtimeMs)
  }
  return newest
}

/** True when a project's output is missing or older than one of its sources or build configurations. */
async function projectIsStale(project) {
  let built
  try {
    built = (await stat(join(ROOT, project, 'dist/tsconfig.build.tsbuildinfo'))).mtimeMs
  } catch {
    return true
  }
  let newest = await newestSource(project)
  for (const config of [...SHARED_CONFIGS, `${project}/tsconfig.build.json`])
    newest = Math.max(newest, (await stat(join(ROOT, config))).mtimeMs)
  return newest > built
}

/** True when any compiled project is missing or stale (`tsc -b` rebuilds what depends on it). */
export async function serversAreStale() {
  for (const project of PROJECTS) if (await projectIsStale(project)) return true
  return false
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? code})`))))
  })
}

async function compileServers() {
  let tsc
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  } catch {
    throw new Error(
      'The compiled servers are missing or older than their sources, and TypeScript is not installed here ' +
        '(an install without dev dependencies?). Run `npm run build` where it is, then deploy the result.',
    )
  }
  await run(process.execPath, [tsc, '-b', 'tsconfig.build.json'])
}

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return err.code === 'EPERM'
  }
}

/** Runs `fn` holding the build lock; a lock left by a process that died is taken over. */
async function withBuildLock(fn) {
  const deadline = Date.now() + LOCK_WAIT_MS
  await mkdir(dirname(LOCK_DIR), { recursive: true })
  for (;;) {
    try {
      await mkdir(LOCK_DIR)
      break
    } catch (err) {
      if (err.code !== 'EEXIST') throw err
    }
    const holder = Number(await readFile(join(LOCK_DIR, 'pid'), 'utf8').catch(() => 'NaN'))
    const since = await stat(LOCK_DIR).then(
      (s) => s.mtimeMs,
      () => 0,
    )
    // No pid yet: the holder is between mkdir and writeFile, unless that was long ago.
    const abandoned = Number.isNaN(holder) ? Date.now() - since > 10_000 : !alive(holder)
    if (abandoned) await rm(LOCK_DIR, { recursive: true, force: true })
    else if (Date.now() > deadline) throw new Error(`Another build (pid ${holder}) holds ${LOCK_DIR}`)
    else await new Promise((resolve) => setTimeout(resolve, 250))
  }
  try {
    await writeFile(join(LOCK_DIR, 'pid'), String(process.pid))
    return await fn()
  } finally {
    await rm(LOCK_DIR, { recursive: true, force: true })
  }
}

/** Builds the servers (always) and, with `ifStale`, only what is missing or stale, widgets and console too. */
export async function build({ ifStale = false, log = (line) => console.log(line) } = {}) {
  if (!ifStale) {
    await withBuildLock(compileServers)
    return
  }
  const widgets = await import('@event-service/widgets/build-if-stale')
  const consoleApp = await import('@event-service/console/build-if-stale')
  if (!(await serversAreStale()) && !(await widgets.widgetsAreStale()) && !(await consoleApp.consoleIsStale())) return
  await withBuildLock(async () => {
    // Checked again under the lock: whoever held it may just have built everything.
    if (await serversAreStale()) {
      log('Compiling the servers (tsc -b tsconfig.build.json)…')
      await compileServers()
    }
    await widgets.ensureWidgetsBuilt({ log })
    // The admin server serves it (start:admin too), and it imports the widgets' rich-text module.
    await consoleApp.ensureConsoleBuilt({ log })
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await build({ ifStale: process.argv.includes('--if-stale') })
  } catch (err) {
    process.stderr.write(`error: ${err.message}\n`)
    process.exit(1)
  }
}
