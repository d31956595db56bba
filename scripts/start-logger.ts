import { createLogger } from '@event-service/server-common'
import type { Logger } from 'pino'

/**
 * The logger of `npm start`: readable lines when a person watches the terminal, JSON lines (for
 * log collectors) otherwise. pino-pretty is a development dependency, so a production install
 * without it simply logs JSON.
 */
export async function createStartLogger(level: string): Promise<Logger> {
  if (!process.stdout.isTTY) return createLogger(level)
  try {
    const { default: pretty } = await import('pino-pretty')
    return createLogger(level, undefined, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }))
  } catch {
    return createLogger(level)
  }
}
