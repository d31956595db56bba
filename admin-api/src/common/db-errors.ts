/** Postgres SQLSTATEs the services turn into API errors themselves. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
} as const

/** Whether `err` is a Postgres error with this SQLSTATE (pg and PGlite both expose `code`). */
export const isPgError = (err: unknown, code: string): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code
