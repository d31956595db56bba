import type { RouterMiddleware } from '@koa/router'
import { validationError } from '@event-service/server-common'
import type { EmbedState } from '../tokens/token-auth.ts'

/** A UUID of any version in its canonical, lower-case spelling (the pipeline accepts any case). */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i')

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
    if (!UUID.test(value)) throw validationError([{ path: name, message: 'must be a UUID' }])
    ctx.params[name] = value.toLowerCase()
  }
  await next()
}
