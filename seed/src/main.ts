import { parseArgs } from 'node:util'
import { loadConfig } from '@event-service/server-common'
import { createDb, migrateToLatest } from '@event-service/db'
import { resetDemo, seedDemo } from './seed-demo.ts'

/**
 * `npm run seed` seeds the demo event when it is absent; `npm run seed -- --reset` removes the
 * demo account's data and seeds it again. Uses DATABASE_URL / DATA_DIR like the servers.
 */
async function main(): Promise<number> {
  let reset: boolean
  try {
    reset = parseArgs({ options: { reset: { type: 'boolean', default: false } }, strict: true }).values.reset ?? false
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message.split('. ')[0]} (usage: npm run seed [-- --reset])\n`)
    return 2
  }
  try {
    const config = loadConfig()
    const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 2 })
    try {
      await migrateToLatest(handle.db)
      const log = (line: string) => process.stdout.write(`seed: ${line}\n`)
      const result = reset ? await resetDemo(handle.db, { onProgress: log }) : await seedDemo(handle.db, { onProgress: log })
      if (!result.created) log(`the demo event ${result.eventId} is already there; \`npm run seed -- --reset\` recreates it`)
    } finally {
      await handle.close()
    }
    return 0
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n`)
    return 1
  }
}

process.exitCode = await main()
