import type { ParameterizedContext } from 'koa'
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

/** What `validated` reads of a context: Koa's, with the router's `params` and the body parser's `body`. */
type InputContext = ParameterizedContext & { params?: Record<string, string> }

/**
 * Wraps a route handler so that it only ever sees validated input. A failure throws the
 * `ZodError`, which the error middleware answers with 400 `VALIDATION_ERROR` and the fields.
 *
 * @example
 * router.post('/speakers', validated({ body: CreateSpeakerBody }, async (ctx, { body }) => { … }))
 */
export function validated<S extends InputSchemas, C extends InputContext>(
  schemas: S,
  handler: (ctx: C, input: ParsedInput<S>) => Promise<void>,
): (ctx: C) => Promise<void> {
  return async (ctx) => {
    const input = {
      // An absent body is an empty object, so that a body schema's own rules decide.
      body: schemas.body?.parse(ctx.request.body ?? {}),
      query: schemas.query?.parse(ctx.query),
      params: schemas.params?.parse(ctx.params ?? {}),
    } as ParsedInput<S>
    await handler(ctx, input)
  }
}
