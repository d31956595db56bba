// `npm test`: every part of the test suite in turn, each with its own output, then one summary
// line per part. A failing part does not stop the later ones (a run shows every failure at once),
// but the exit status is non-zero when any part failed. Plain JavaScript: it runs before anything
// is compiled.
//
//   node scripts/run-all.mjs            every part (what `npm test` runs)
//   node scripts/run-all.mjs <part…>    these npm scripts instead, in this order
import { spawn } from 'node:child_process'
import { constants } from 'node:os'

/** The parts, as npm scripts of the root package.json, in the order they run. */
export const PARTS = ['lint', 'typecheck', 'test:unit', 'test:widgets', 'test:e2e']

/**
 * Runs `npm run <part>` with this process's output; resolves with its exit code (128 + the
 * signal's number when a signal ended it).
 */
function run(part, onChild) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', part], { stdio: 'inherit' })
    onChild(child)
    child.on('error', () => resolve(127))
    child.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)))
  })
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`

async function main(parts) {
  let current
  let stoppedBy
  // Ctrl+C reaches the running part through the terminal's process group; a signal sent to this
  // process alone (a CI time-out) is passed on. Either way no later part starts.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stoppedBy = signal
      current?.kill(signal)
    })
  }
  const results = []
  for (const part of parts) {
    if (stoppedBy) break
    const started = performance.now()
    const code = await run(part, (child) => (current = child))
    results.push({ part, code, ms: performance.now() - started })
  }
  process.stdout.write('\nnpm test:\n')
  for (const { part, code, ms } of results) {
    process.stdout.write(`  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}  ${part}  ${seconds(ms)}\n`)
  }
  for (const part of parts.slice(results.length)) process.stdout.write(`  not run  ${part} (stopped by ${stoppedBy})\n`)
  const failed = results.filter((r) => r.code !== 0).length
  // One plain closing line that reads the same whatever runners the parts use.
  process.stdout.write(`parts: ${results.length - failed} passed, ${failed} failed\n`)
  if (stoppedBy) return 128 + constants.signals[stoppedBy]
  return failed ? 1 : 0
}

const chosen = process.argv.slice(2)
process.exitCode = await main(chosen.length ? chosen : PARTS)
