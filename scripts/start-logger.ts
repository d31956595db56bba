import { createLogger } from '@event-service/server-common'
import type { Logger } from 'pino'

/** Fields of the per-request line, shown as `GET /path 200 1.2 ms` on a terminal. */
const REQUEST_FIELDS = ['method', 'path', 'status', 'ms', 'requestId']

function terminalLine(log: Record<string, unknown>, messageKey: string): string {
  if (log.method) return `${log.method} ${log.path} ${log.status} ${log.ms} ms`
  const message = String(log[messageKey] ?? '')
  // Errors keep their request id: it is what the client saw in X-Request-Id.
  return log.requestId ? `${message} (request ${log.requestId})` : message
}

/**
 * The logger of `npm start`: short readable lines when a person watches the terminal, JSON lines
 * (for log collectors) otherwise. pino-pretty is a development dependency, so a production
 * install without it simply logs JSON.
 */
export async function createStartLogger(level: string): Promise<Logger> {
  if (!process.stdout.isTTY) return createLogger(level)
  try {
    const { default: pretty } = await import('pino-pretty')
    const stream = pretty({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: ['pid', 'hostname', ...REQUEST_FIELDS].join(','),
      messageFormat: terminalLine,
      sync: true,
    })
    return createLogger(level, undefined, stream)
  } catch {
    return createLogger(level)
  }
}
