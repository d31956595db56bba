import { ERROR_CODES } from '../api-error.ts'
import { z } from './zod.ts'

/** `{success: true, data}` around `data`, registered in the document as `name`. */
export const dataEnvelope = <T extends z.ZodType>(name: string, data: T) => z.strictObject({ success: z.literal(true), data }).openapi(name)

/** One invalid input of a `VALIDATION_ERROR`: `path` is dotted (`answers.diet`), `message` is for people. */
export const FieldError = z.strictObject({ path: z.string(), message: z.string() }).openapi('FieldError')

/**
 * The error body of every refusal of both servers (docs/admin-api.md, docs/embed-api.md): what
 * `errorResponse` sends, field by field; `code` is one of the servers' closed list.
 */
export const ErrorEnvelope = z
  .strictObject({
    success: z.literal(false),
    error: z.strictObject({
      code: z.enum(ERROR_CODES).openapi('ErrorCode'),
      message: z.string(),
      details: z
        .looseObject({ fields: z.array(FieldError).optional() })
        .openapi({ description: 'For VALIDATION_ERROR: `fields`, each invalid input; for RATE_LIMIT_EXCEEDED: `limit`, `retry_after`' }),
    }),
  })
  .openapi('Error')
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>
