import { pino, type Logger } from 'pino'

/**
 * The process logger: JSON lines on stdout at `LOG_LEVEL` (default `info`), with secrets redacted
 * wherever they appear by name.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', name?: string): Logger {
  return pino({
    level,
    ...(name ? { name } : {}),
    redact: ['*.authorization', '*.token', '*.api_key', 'req.headers.authorization'],
  })
}
