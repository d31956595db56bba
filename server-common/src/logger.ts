import { type DestinationStream, pino, type Logger } from 'pino'

/**
 * The process logger: JSON lines on stdout at `LOG_LEVEL` (default `info`), with secrets redacted
 * wherever they appear by name. `destination` replaces stdout (e.g. a pino-pretty stream).
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', name?: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    ...(name ? { name } : {}),
    redact: ['*.authorization', '*.token', '*.api_key', 'req.headers.authorization'],
  }
  return destination ? pino(options, destination) : pino(options)
}
