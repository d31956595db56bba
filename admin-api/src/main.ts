/**
 * `npm run start:admin` (compiled: `node --conditions=compiled admin-api/dist/main.js`): the admin
 * API alone, for scale-out behind a load balancer on Postgres. Migrates the database, listens on
 * ADMIN_PORT and stops gracefully on SIGTERM/SIGINT.
 */
import { createDb, migrateToLatest } from '@event-service/db'
import { createLogger, listen, loadConfig, onShutdownSignal } from '@event-service/server-common'
import { createAdminApp } from './app.ts'

try {
  const config = loadConfig()
  const logger = createLogger(config.logLevel, 'admin-api')
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrateToLatest(handle.db)
  const admin = await createAdminApp({ db: handle.db, config, logger })
  const server = await listen(admin.callback(), { host: config.host, port: config.adminPort })
  console.log(`admin API  ${server.url}/v1  (docs: ${server.url}/docs)`)

  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'stopping: finishing in-flight requests')
    await server.close()
    await admin.close()
    await handle.close()
  })
} catch (err) {
  // One line a supervisor's log shows (a bad variable, a database that cannot be reached); it restarts us.
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
}
