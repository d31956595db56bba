import type { ParameterizedContext } from 'koa'
import type { z } from 'zod'
import { ApiError } from './api-error.ts'
import { fieldErrorsOf, type InputSource, parseOptions, summarise } from './validation-messages.ts'

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
 * Parses one input with the messages of `validation-messages.ts`; a failure is 400
 * `VALIDATION_ERROR` with every problem of that input in `details.fields`.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, source: InputSource): z.output<T> {
  const result = schema.safeParse(input, parseOptions(source))
  if (result.success) return result.data
  const fields = fieldErrorsOf(result.error, source)
  throw new ApiError(400, 'VALIDATION_ERROR', summarise(fields), { fields })
}

/**
 * Wraps a route handler so that it only ever sees validated input. A failure is 400
 * `VALIDATION_ERROR` with the fields, in words for people (`validation-messages.ts`).
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
      body: schemas.body && parseInput(schemas.body, ctx.request.body ?? {}, 'body'),
      query: schemas.query && parseInput(schemas.query, ctx.query, 'query'),
      params: schemas.params && parseInput(schemas.params, ctx.params ?? {}, 'params'),
    } as ParsedInput<S>
    await handler(ctx, input)
  }
}
