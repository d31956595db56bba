import type { Database, Plan } from '@event-service/db'
import { generateSecret, hashSecret, listen, loadConfig, secretPrefix } from '@event-service/server-common'
import { createTestDb, type DialectName } from '@event-service/db/testing.ts'
import type { Kysely } from 'kysely'
import { pino } from 'pino'
import { createAdminApp } from '../app.ts'

/** A response as tests read it. */
export interface TestResponse {
  status: number
  headers: Headers
  // Tests look into arbitrary response shapes; each asserts what it expects.
  body: any
  text: string
}

export interface RequestOptions {
  /** API key; none sends no Authorization header. */
  key?: string
  /** Sent as JSON. */
  body?: unknown
  /** Sent as is (with `headers` deciding the Content-Type). */
  rawBody?: string | Uint8Array
  headers?: Record<string, string>
}

/** An admin API on its own fresh database, listening on a free port. */
export interface TestApi {
  url: string
  db: Kysely<Database>
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>
  /** A new account (directly in the database) and a live API key of it. */
  newAccount(options?: { plan?: Plan; rateLimit?: number }): Promise<{ accountId: string; key: string }>
  /** A new event of the key's account, through the API; resolves to its id. */
  newEvent(key: string, fields?: Record<string, unknown>): Promise<string>
  close(): Promise<void>
}

/** Writes a live API key of the account straight into the database; resolves to the key. */
export async function insertApiKey(db: Kysely<Database>, accountId: string): Promise<string> {
  const key = generateSecret('sk')
  await db
    .insertInto('api_keys')
    .values({
      account_id: accountId,
      name: 'test',
      prefix: secretPrefix(key),
      key_hash: hashSecret(key),
      last_used_at: null,
      revoked_at: null,
    })
    .execute()
  return key
}

/**
 * Starts the admin API on a fresh migrated database of `dialect` (one per `describe`: isolate
 * tests with fresh accounts, not fresh databases). `env` adds configuration variables (e.g.
 * `WEBHOOK_ALLOW_PRIVATE: '1'` for a local webhook receiver).
 *
 * @example
 * let api: TestApi
 * beforeAll(async () => { api = await startTestApi(dialect) })
 * afterAll(() => api.close())
 */
export async function startTestApi(
  dialect: DialectName,
  options: { redisUrl?: string; env?: Record<string, string> } = {},
): Promise<TestApi> {
  const handle = await createTestDb(dialect)
  const config = loadConfig({ ADMIN_PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', REDIS_URL: options.redisUrl, ...options.env })
  const admin = await createAdminApp({ db: handle.db, config, logger: pino({ level: 'silent' }) })
  const server = await listen(admin.callback(), { host: '127.0.0.1', port: 0 })

  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...(o.key ? { Authorization: `Bearer ${o.key}` } : {}) }
    let body: string | Uint8Array | undefined
    if (o.rawBody !== undefined) body = o.rawBody
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body)
      headers['Content-Type'] = 'application/json'
    }
    const res = await fetch(server.url + path, { method, headers: { ...headers, ...o.headers }, body: body as BodyInit | undefined })
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: res.status, headers: res.headers, body: parsed, text }
  }

  return {
    url: server.url,
    db: handle.db,
    request,
    async newAccount({ plan = 'pro', rateLimit } = {}) {
      const account = await handle.db
        .insertInto('accounts')
        .values({ name: 'Test account', plan, rate_limit: rateLimit ?? null })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { accountId: account.id, key: await insertApiKey(handle.db, account.id) }
    },
    async newEvent(key, fields = {}) {
      const res = await request('POST', '/v1/events', {
        key,
        body: { name: 'Conf', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T18:00:00Z', ...fields },
      })
      if (res.status !== 201) throw new Error(`could not create an event: ${res.status} ${res.text}`)
      return res.body.data.id as string
    },
    async close() {
      await server.close(1000)
      await admin.close()
      await handle.close()
    },
  }
}

/** A test API with one account, its key and one event of it: what most route tests start from. */
export interface TestApiWithEvent {
  api: TestApi
  accountId: string
  key: string
  eventId: string
}

/**
 * {@link startTestApi} with a new account and an event of it already made.
 *
 * @example
 * let api: TestApi, key: string, eventId: string
 * beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
 * afterAll(() => api.close())
 */
export async function startTestApiWithEvent(dialect: DialectName): Promise<TestApiWithEvent> {
  const api = await startTestApi(dialect)
  const { accountId, key } = await api.newAccount()
  return { api, accountId, key, eventId: await api.newEvent(key) }
}
