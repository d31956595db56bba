import pg from 'pg'
import type { ListenHandlers, Listening } from './create-db.ts'

const RETRY_MS = { first: 100, max: 5000 }

/**
 * LISTEN on a dedicated Postgres connection that reconnects by itself. Notifications sent while
 * the connection was down are lost, so `onReconnect` runs after every reconnect: the caller
 * flushes whatever it cached from those notifications.
 */
export async function createPostgresListener(connectionString: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  let client: pg.Client | undefined
  let stopped = false
  let retryTimer: NodeJS.Timeout | undefined
  let delay = RETRY_MS.first

  const connect = async (isReconnect: boolean): Promise<void> => {
    // A Postgres that accepts the connection but never answers would otherwise hold this attempt,
    // and with it every later reconnect, forever (5 s: the pool's CONNECTION_TIMEOUT_MS).
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 })
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onMessage(msg.payload)
    })
    c.on('error', () => scheduleReconnect(c))
    c.on('end', () => scheduleReconnect(c))
    await c.connect()
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    client = c
    delay = RETRY_MS.first
    if (isReconnect) handlers.onReconnect?.()
  }

  const scheduleReconnect = (from: pg.Client): void => {
    if (stopped || client !== from || retryTimer) return
    client = undefined
    from.end().catch(() => {})
    // Until we listen again, nothing we cached can be trusted.
    handlers.onReconnect?.()
    const attempt = (): void => {
      retryTimer = undefined
      if (stopped) return
      connect(true).catch(() => {
        delay = Math.min(delay * 2, RETRY_MS.max)
        retryTimer = setTimeout(attempt, delay)
      })
    }
    retryTimer = setTimeout(attempt, delay)
  }

  await connect(false)
  const stop = async () => {
    stopped = true
    if (retryTimer) clearTimeout(retryTimer)
    await client?.end().catch(() => {})
  }
  // A listening backend sends the notifications it was signalled about before it answers the next
  // query on its connection, so a round trip here delivers everything committed before it.
  const sync = async () => {
    if (!client) throw new Error(`Not listening on ${channel}: the connection is being re-established`)
    await client.query('select 1')
  }
  return Object.assign(stop, { sync })
}
