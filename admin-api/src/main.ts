import { createDb, migrateToLatest } from '@event-service/db'
import { createLogger, listen, loadConfig, onShutdownSignal } from '@event-service/server-common'
import { createAdminApp } from './app.ts'

// `npm run start:admin`: the admin API alone (for scale-out behind a load balancer on Postgres).
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
