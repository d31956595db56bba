// Refreshes admin-api.generated.ts from GET /v1/openapi.json of an admin API started on an
// in-memory database. Run: npm run generate:api -w e2e
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { createAdminApp } from '@event-service/admin-api/app.ts'
import { createTestDb } from '@event-service/db/testing.ts'
import { createLogger, listen, loadConfig } from '@event-service/server-common'
import { ADMIN_API_TYPES_FILE, renderAdminApiTypes } from './admin-api-types.ts'

const handle = await createTestDb('pglite')
const config = loadConfig({ ADMIN_PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' })
const { callback, close } = await createAdminApp({ db: handle.db, config, logger: createLogger('warn') })
const server = await listen(callback(), { host: '127.0.0.1', port: 0 })
try {
  const response = await fetch(`${server.url}/v1/openapi.json`)
  if (!response.ok) throw new Error(`GET /v1/openapi.json answered ${response.status}`)
  await writeFile(ADMIN_API_TYPES_FILE, await renderAdminApiTypes(await response.json()))
  console.log(`wrote ${fileURLToPath(ADMIN_API_TYPES_FILE)}`)
} finally {
  await server.close(1000)
  await close()
  await handle.close()
}
