import { z } from 'zod'

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))

/** The environment of DESIGN.md "Configuration", parsed once at start. */
const ConfigSchema = z.object({
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().min(1).default('./.data'),
  HOST: z.string().min(1).default('127.0.0.1'),
  ADMIN_PORT: port(3000),
  EMBED_PORT: port(3001),
  DEMO_PORT: port(3002),
  REDIS_URL: optionalText,
  EMBED_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export interface Config {
  databaseUrl: string | undefined
  dataDir: string
  host: string
  adminPort: number
  embedPort: number
  demoPort: number
  redisUrl: string | undefined
  /** Embed API requests per minute per (token, client IP); 0 turns the limit off. */
  embedRateLimit: number
  logLevel: string
}

/** Thrown with every invalid variable named, so that start-up fails with one clear message. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * Reads the configuration from the environment.
 *
 * @example
 * const config = loadConfig() // or loadConfig({ ADMIN_PORT: '0', DATA_DIR: 'memory://' })
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    host: e.HOST,
    adminPort: e.ADMIN_PORT,
    embedPort: e.EMBED_PORT,
    demoPort: e.DEMO_PORT,
    redisUrl: e.REDIS_URL,
    embedRateLimit: e.EMBED_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
  }
}
