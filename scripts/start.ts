import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { loadConfig, onShutdownSignal } from '@event-service/server-common'
import { startSystem } from './start-system.ts'

export { type RunningSystem, type StartOptions, startSystem } from './start-system.ts'

/**
 * `npm start`: the whole system in one process (see `startSystem`). SIGTERM or SIGINT stops it
 * gracefully; a second signal exits at once.
 */
async function main(): Promise<void> {
  let system: Awaited<ReturnType<typeof startSystem>>
  try {
    system = await startSystem(loadConfig())
  } catch (err) {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
  process.stdout.write('Create an account and API key: npm run --silent admin -- accounts create --name "Acme" --plan pro\n')
  onShutdownSignal(async (signal) => {
    process.stdout.write(`${signal}: stopping (press Ctrl+C again to exit at once)\n`)
    await system.stop()
    process.stdout.write('stopped\n')
  })
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href
if (invokedDirectly) await main()
