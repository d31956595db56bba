import type { HeadersObject } from './api-builder.ts'

/**
 * What each error status means, in the documents of both servers. An API passes its own words for
 * the statuses whose reasons differ (who is refused at 401 and 403, what is not found, which limit).
 */
export function errorDescriptionsOf(own: Partial<Record<number, string>>, bodyLimitLabel = '1 MiB'): Record<number, string> {
  const shared: Record<number, string> = {
    400: 'Invalid request (`VALIDATION_ERROR`, `INVALID_JSON`); `details.fields` lists each invalid input',
    413: `Body larger than ${bodyLimitLabel} (\`PAYLOAD_TOO_LARGE\`)`,
    415: 'Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`)',
    500: 'Unexpected error (`INTERNAL_ERROR`); the `X-Request-Id` identifies it in our logs',
  }
  return { ...shared, ...(own as Record<number, string>) }
}

/** The rate-limit headers of every success answer; `limit` says what the limit counts. */
export const rateLimitHeaders = (limit: string): HeadersObject => ({
  'X-RateLimit-Limit': { description: limit, schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets', schema: { type: 'integer' } },
})

/** `X-Request-Id`, on every answer of both servers. */
export const REQUEST_ID_HEADER: HeadersObject = {
  'X-Request-Id': { description: 'Identifies the request in our logs', schema: { type: 'string' } },
}
