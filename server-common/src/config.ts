import { z } from 'zod'
import { parseTrustProxy, type TrustProxy } from './client-ip.ts'
import { DURATION_EXAMPLES, parseDuration } from './durations.ts'

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))

/** Default wait between webhook delivery attempts (docs/operations.md#configuration): 8 attempts over about 28 hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS = '1m,5m,30m,2h,5h,10h,10h'
/** Default sender of confirmation emails (docs/operations.md#configuration). */
export const DEFAULT_MAIL_FROM = 'Event service <no-reply@localhost>'

/** Default time a pending registration holds its place for, waiting for its confirm link to be followed. */
export const DEFAULT_REGISTRATION_HOLD = '30m'

/** Default time after which an endpoint whose deliveries all failed is disabled. */
export const DEFAULT_WEBHOOK_DISABLE_AFTER = '3d'

/** Default time an import's source (or an event's sync) may take to be fetched, redirects and body included. */
export const DEFAULT_SOURCE_FETCH_TIMEOUT = '30s'
const MAX_RETRY_DELAYS = 50

/** A comma-separated list of durations (`1m,5m,30m`); unset or empty takes `fallback`. */
const durationList = (fallback: string) =>
  optionalText.transform((value, ctx) => {
    const items = (value ?? fallback).split(',').map((item) => item.trim())
    const delays: number[] = []
    for (const item of items) {
      const delay = parseDuration(item)
      if (delay === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not a duration (${DURATION_EXAMPLES}); separate waits with commas` })
        return z.NEVER
      }
      delays.push(delay)
    }
    if (delays.length > MAX_RETRY_DELAYS) {
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_RETRY_DELAYS} waits` })
      return z.NEVER
    }
    return delays
  })

/** One positive duration (`3d`); unset or empty takes `fallback`. */
const positiveDuration = (fallback: string) =>
  optionalText.transform((value, ctx) => {
    const duration = parseDuration(value ?? fallback)
    if (duration === undefined || duration === 0) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a positive duration (${DURATION_EXAMPLES})` })
      return z.NEVER
    }
    return duration
  })

/** `1` turns a switch on; unset, empty or `0` leaves it off. */
const flag = z
  .enum(['', '0', '1'], { error: 'must be 1 (on) or 0 (off)' })
  .optional()
  .transform((v) => v === '1')

/** `TRUST_PROXY` (`client-ip.ts`): which proxies may name the client in `X-Forwarded-For`. */
const trustProxy = optionalText.transform((value, ctx) => {
  try {
    return parseTrustProxy(value)
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message })
    return z.NEVER
  }
})

/** Default of `LIVE_STREAMS_MAX`: about 10 KB each, so some 500 MB of one instance's memory at most. */
export const DEFAULT_LIVE_STREAMS_MAX = 50_000

/**
 * Default of `FIRST_SCREEN_CACHE_MB`: some 160 schedules of 200 sessions (about 400 KB each), more
 * than the events one instance serves are likely to need within a minute.
 */
export const DEFAULT_FIRST_SCREEN_CACHE_MB = 64

/** The environment of docs/operations.md#configuration, parsed once at start. */
const ConfigSchema = z.object({
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().min(1).default('./.data'),
  HOST: z.string().min(1).default('127.0.0.1'),
  ADMIN_PORT: port(3000),
  EMBED_PORT: port(3001),
  DEMO_PORT: port(3002),
  REDIS_URL: optionalText,
  EMBED_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  TRUST_PROXY: trustProxy,
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(DEFAULT_LIVE_STREAMS_MAX),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEBHOOK_RETRY_DELAYS: durationList(DEFAULT_WEBHOOK_RETRY_DELAYS),
  WEBHOOK_DISABLE_AFTER: positiveDuration(DEFAULT_WEBHOOK_DISABLE_AFTER),
  WEBHOOK_ALLOW_PRIVATE: flag,
  SOURCE_FETCH_TIMEOUT: positiveDuration(DEFAULT_SOURCE_FETCH_TIMEOUT),
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(1).default(DEFAULT_MAIL_FROM),
  REGISTRATION_HOLD: positiveDuration(DEFAULT_REGISTRATION_HOLD),
  EMBED_PUBLIC_URL: optionalText.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v),
    'must be an origin such as https://embed.example.com',
  ),
  FIRST_SCREEN_CACHE_MB: z.coerce.number().min(0).max(1_000_000).default(DEFAULT_FIRST_SCREEN_CACHE_MB),
  ADMIN_PUBLIC_URL: optionalText.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v),
    'must be an origin such as https://admin.example.com',
  ),
  CONSOLE_SIGNUP: optionalText.refine((v) => v === undefined || v === 'open', 'must be "open" or unset (invitation only)'),
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
  /** Which proxies in front may name the client (`TRUST_PROXY`); `clientIp` reads it. */
  trustProxy: TrustProxy
  /** Live streams one embed server instance holds open at most (`LIVE_STREAMS_MAX`); past it, 503. */
  liveStreamsMax: number
  logLevel: string
  /** Waits between webhook delivery attempts, in ms; the attempt after the last wait is the last. */
  webhookRetryDelaysMs: number[]
  /** An endpoint whose deliveries have all failed for this long (ms) is disabled. */
  webhookDisableAfterMs: number
  /** Whether webhook URLs may target loopback and private networks (development, tests). */
  webhookAllowPrivate: boolean
  /** How long (ms) fetching an import's source by URL (an event's sync too) may take, whole (`SOURCE_FETCH_TIMEOUT`). */
  sourceFetchTimeoutMs: number
  /** Where confirmation emails are sent through; unset: they stay in the outbox (the demo page's mailbox shows them). */
  smtpUrl: string | undefined
  /** Sender of confirmation emails. */
  mailFrom: string
  /** How long (ms) a pending registration holds its place before it expires unless confirmed. */
  registrationHoldMs: number
  /** The embed server's public origin, for links in emails; unset: the address it listens at. */
  embedPublicUrl: string | undefined
  /** Bytes the embed server's first screens kept may take together (`FIRST_SCREEN_CACHE_MB`); 0 keeps none. */
  firstScreenCacheBytes: number
  /** The admin server's public origin, for the console's links in emails and the CLI; unset: the address it listens at. */
  adminPublicUrl: string | undefined
  /** Whether anyone may create an account from the console's sign-in page (`CONSOLE_SIGNUP=open`). */
  consoleSignupOpen: boolean
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
    trustProxy: e.TRUST_PROXY,
    liveStreamsMax: e.LIVE_STREAMS_MAX,
    logLevel: e.LOG_LEVEL,
    webhookRetryDelaysMs: e.WEBHOOK_RETRY_DELAYS,
    webhookDisableAfterMs: e.WEBHOOK_DISABLE_AFTER,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    sourceFetchTimeoutMs: e.SOURCE_FETCH_TIMEOUT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    registrationHoldMs: e.REGISTRATION_HOLD,
    embedPublicUrl: e.EMBED_PUBLIC_URL?.replace(/\/$/, ''),
    firstScreenCacheBytes: Math.floor(e.FIRST_SCREEN_CACHE_MB * 1024 * 1024),
    adminPublicUrl: e.ADMIN_PUBLIC_URL?.replace(/\/$/, ''),
    consoleSignupOpen: e.CONSOLE_SIGNUP === 'open',
  }
}

/** A host to put in a link: a wildcard bind address is reached on loopback, an IPv6 one in brackets. */
export const linkHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host

/** The admin server's public origin: `ADMIN_PUBLIC_URL`, else where it listens (`port`, default `ADMIN_PORT`). */
export const adminOrigin = (config: Pick<Config, 'adminPublicUrl' | 'host' | 'adminPort'>, port = config.adminPort): string =>
  config.adminPublicUrl ?? `http://${linkHost(config.host)}:${port}`

/** The embed server's public origin: `EMBED_PUBLIC_URL`, else where it listens (`port`, default `EMBED_PORT`). */
export const embedOrigin = (config: Pick<Config, 'embedPublicUrl' | 'host' | 'embedPort'>, port = config.embedPort): string =>
  config.embedPublicUrl ?? `http://${linkHost(config.host)}:${port}`
