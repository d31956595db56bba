import type { RouterMiddleware } from '@koa/router'
import { validationError } from '@event-service/server-common'
import { isUuid, UUID_PATTERN } from '@event-service/widgets/identifiers'
import type { EmbedState } from '../tokens/token-auth.ts'

// Passed on to the embed server's other id checks, so that they import the widgets' one pattern
// from here rather than each from the widgets package.
export { UUID_PATTERN }

/** The path parameters that name a resource by id. */
const ID_PARAMS = ['eventId', 'sessionId', 'speakerId'] as const

/**
 * 400 `VALIDATION_ERROR` for a malformed id in the path, before the token is even looked at;
 * well-formed ids continue lower-cased.
 */
export const validPathIds: RouterMiddleware<EmbedState> = async (ctx, next) => {
  for (const name of ID_PARAMS) {
    const value = ctx.params[name]
    if (value === undefined) continue
    if (!isUuid(value)) throw validationError([{ path: name, message: 'must be a UUID' }])
    ctx.params[name] = value.toLowerCase()
  }
  await next()
}
