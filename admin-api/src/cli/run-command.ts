import { adminOrigin, type Config } from '@event-service/server-common/config.ts'
import type { CommandRequest } from './commands.ts'
import { sendToRunningServer } from './control-client.ts'
import type { ImportProgress } from './import-command.ts'

/**
 * Carries out a command where the data is: on Postgres directly; on PGlite through the running
 * `npm start` when there is one (it holds the only connection), else by opening the directory.
 * Either way, a long command's progress reaches `onProgress` as it happens.
 */
export async function runCommand(
  config: Pick<
    Config,
    'databaseUrl' | 'dataDir' | 'adminPublicUrl' | 'host' | 'adminPort' | 'webhookAllowPrivate' | 'sourceFetchTimeoutMs'
  >,
  command: CommandRequest,
  onProgress?: (progress: ImportProgress) => void,
): Promise<unknown> {
  if (!config.databaseUrl) {
    if (config.dataDir.startsWith('memory://')) {
      throw new Error(
        'DATA_DIR=memory:// keeps nothing after this command ends: set DATA_DIR to a directory or DATABASE_URL to a Postgres database',
      )
    }
    const remote = await sendToRunningServer(config.dataDir, command, onProgress)
    if (remote.reached) return remote.data
  }
  // Loaded only here: a command sent to a running server needs neither PGlite nor pg.
  const [{ createDb, migrateToLatest }, { executeCommand }] = await Promise.all([import('@event-service/db'), import('./commands.ts')])
  const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 2 })
  try {
    await migrateToLatest(handle.db)
    return await executeCommand(
      handle.db,
      command,
      {
        consoleOrigin: adminOrigin(config),
        sourceFetch: { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.sourceFetchTimeoutMs },
      },
      onProgress,
    )
  } finally {
    await handle.close()
  }
}
