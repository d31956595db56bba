/**
 * `npm run start:embed` (compiled: `node --conditions=compiled embed-server/dist/main.js`): the
 * embed server alone (several can run behind a load balancer on one Postgres). Migrates the
 * database, listens on EMBED_PORT and stops gracefully on SIGTERM/SIGINT.
 */
import { createDb, migrateToLatest } from '@event-service/db'
import { createLogger, listen, loadConfig, onShutdownSignal } from '@event-service/server-common'
import { createEmbedApp } from './app.ts'

try {
  const config = loadConfig()
  const logger = createLogger(config.logLevel, 'embed')
  const dbHandle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrateToLatest(dbHandle.db)
  const embed = await createEmbedApp({ dbHandle, config, logger })
  const server = await listen(embed.callback(), { host: config.host, port: config.embedPort })
  console.log(`embed API  ${server.url}  (loader: ${server.url}/v1/loader.js)`)

  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'stopping: finishing in-flight requests')
    // Live streams never finish by themselves: they end first, asking browsers to reconnect.
    embed.endStreams()
    await server.close()
    await embed.close()
    await dbHandle.close()
  })
} catch (err) {
  // One line a supervisor's log shows (a bad variable, a database that cannot be reached); it restarts us.
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
}
