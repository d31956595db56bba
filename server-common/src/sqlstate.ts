/**
 * Postgres SQLSTATE codes the servers act on, and how to recognise a database that cannot be
 * reached. The one list of them: pg and PGlite both put the SQLSTATE in `err.code`.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  invalidTextRepresentation: '22P02',
  characterNotInRepertoire: '22021',
  invalidDatetimeFormat: '22007',
  datetimeFieldOverflow: '22008',
  numericValueOutOfRange: '22003',
  stringDataRightTruncation: '22001',
  /** E.g. an index row larger than a page: a value too big to store. */
  programLimitExceeded: '54000',
  /** Class 08, "connection exception": every code that starts with it. */
  connectionExceptionClass: '08',
  /** The server is shutting down (`pg_ctl stop`, a restart): it ends every session. */
  adminShutdown: '57P01',
  /** Another backend crashed and the server is resetting every session. */
  crashShutdown: '57P02',
  /** The server is starting up or in recovery and does not accept connections yet. */
  cannotConnectNow: '57P03',
  tooManyConnections: '53300',
} as const

/** SQLSTATEs of a value in the request that cannot be stored: the client's fault, not ours. */
const CLIENT_DATA_SQLSTATES = new Set<string>([
  SQLSTATE.invalidTextRepresentation,
  SQLSTATE.characterNotInRepertoire,
  SQLSTATE.invalidDatetimeFormat,
  SQLSTATE.datetimeFieldOverflow,
  SQLSTATE.numericValueOutOfRange,
  SQLSTATE.stringDataRightTruncation,
  SQLSTATE.programLimitExceeded,
])

/** SQLSTATEs that mean "the database is not there right now", beside class 08. */
const UNAVAILABLE_SQLSTATES = new Set<string>([
  SQLSTATE.adminShutdown,
  SQLSTATE.crashShutdown,
  SQLSTATE.cannotConnectNow,
  SQLSTATE.tooManyConnections,
])

/** Socket errors of a connection to the database (Node's `err.code`). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * Messages of errors that carry no code: pg's pool and client (connection lost, connect timed
 * out, no free connection in time), PGlite and Kysely once the database is closed (shutdown).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Postgres connection has been discarded$/,
  /^PGlite is clos(ed|ing)$/,
  /^driver has already been destroyed$/,
]

interface ErrorLike {
  code?: unknown
  message?: unknown
  cause?: unknown
  errors?: unknown
}

/**
 * Whether `err` is a Postgres error with this SQLSTATE.
 *
 * @example
 * if (isPgError(err, SQLSTATE.uniqueViolation)) throw conflict('This email is already registered')
 */
export const isPgError = (err: unknown, code: string): boolean =>
  typeof err === 'object' && err !== null && (err as ErrorLike).code === code

/** Whether `err` is a Postgres error about a value that cannot be stored (bad text, out of range, too long). */
export const isClientDataError = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && CLIENT_DATA_SQLSTATES.has((err as ErrorLike).code as string)

/**
 * Whether `err` says the database cannot be reached right now (down, restarting, refusing
 * connections, too many connections, closed), as opposed to a query that failed. Looks through
 * `cause` and the `errors` of an AggregateError (a host name with several addresses).
 *
 * @example
 * if (isDatabaseUnavailable(err)) throw serviceUnavailable()
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false
  const { code, message, cause, errors } = err as ErrorLike
  if (typeof code === 'string') {
    if (code.startsWith(SQLSTATE.connectionExceptionClass) && code.length === 5) return true
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}
