import type { Context, Middleware } from 'koa'
import type { z } from 'zod'

/** The zod schemas of one route's inputs; each is optional. */
export interface InputSchemas {
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
}

/** The parsed inputs a handler receives: typed from the schemas, `undefined` where none was given. */
export type ParsedInput<S extends InputSchemas> = {
  [K in keyof InputSchemas]-?: S[K] extends z.ZodType ? z.output<S[K]> : undefined
}

/**
 * Wraps a route handler so that it only ever sees validated input. A failure throws the
 * `ZodError`, which the error middleware answers with 400 `VALIDATION_ERROR` and the fields.
 *
 * @example
 * router.post('/speakers', validated({ body: CreateSpeakerBody }, async (ctx, { body }) => { … }))
 */
export function validated<S extends InputSchemas, StateT = unknown>(
  schemas: S,
  handler: (ctx: Context & { state: StateT }, input: ParsedInput<S>) => Promise<void>,
): Middleware<StateT> {
  return async (ctx) => {
    const c = ctx as unknown as Context & { params?: Record<string, string>; request: { body?: unknown } }
    const input = {
      // An absent body is an empty object, so that a body schema's own rules decide.
      body: schemas.body?.parse(c.request.body ?? {}),
      query: schemas.query?.parse(c.query),
      params: schemas.params?.parse(c.params ?? {}),
    } as ParsedInput<S>
    await handler(c as Context & { state: StateT }, input)
  }
}
